// Keeping watch over a profile without a window (`seller-desk watch`).
export {
  MINUTE_MS,
  WATCH_EVERY_DEFAULT_MS,
  WATCH_EVERY_MIN_MS,
  scaledRetryDelays,
  watchEveryMs,
  watchProfile,
  watcherRefusal,
} from './watch';
export type { RoundReport, RoundState, WatchOptions, WatchSummary } from './watch';
