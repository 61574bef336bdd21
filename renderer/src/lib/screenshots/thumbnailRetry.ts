// "Attached images may take a short time to become accessible": a thumbnail that fails to load
// right after attaching is retried on a growing pause, shown as "appearing", and only after the
// last try offered as "not available yet" with a manual retry. Never shown as an error.
import { visibilityRetryDelayMs } from '../../../../electron/contract/rules/screenshots';

export interface ThumbnailRetryPolicy {
  attempts: number;
  baseMs: number;
  maxMs: number;
}

/** About 15 s in all: 0.5, 1, 2, 4, 4, 4 s. */
export const thumbnailRetryPolicy: ThumbnailRetryPolicy = { attempts: 6, baseMs: 500, maxMs: 4000 };

export type ThumbnailState =
  | { phase: 'loading'; attempt: number }
  | { phase: 'waiting'; attempt: number; delayMs: number }
  | { phase: 'shown'; attempt: number }
  | { phase: 'gaveUp'; attempt: number };

export const initialThumbnail: ThumbnailState = { phase: 'loading', attempt: 0 };

/** After a failed load: wait and retry, or give up once the attempts are spent. */
export function afterThumbnailError(
  state: ThumbnailState,
  policy: ThumbnailRetryPolicy = thumbnailRetryPolicy,
): ThumbnailState {
  if (state.attempt + 1 >= policy.attempts) return { phase: 'gaveUp', attempt: state.attempt };
  return {
    phase: 'waiting',
    attempt: state.attempt,
    delayMs: visibilityRetryDelayMs(state.attempt, policy.baseMs, policy.maxMs),
  };
}

export function afterThumbnailWait(state: ThumbnailState): ThumbnailState {
  return { phase: 'loading', attempt: state.attempt + 1 };
}

export function afterThumbnailLoad(state: ThumbnailState): ThumbnailState {
  return { phase: 'shown', attempt: state.attempt };
}

/**
 * The address to load on a given attempt. A failed image can stay cached under its address, so
 * retries add a query parameter; `data:` and `blob:` addresses cannot fail late and stay as is.
 */
export function thumbnailAttemptUrl(url: string, attempt: number): string {
  if (attempt === 0 || /^(data|blob):/i.test(url)) return url;
  const hash = url.indexOf('#');
  const base = hash >= 0 ? url.slice(0, hash) : url;
  const fragment = hash >= 0 ? url.slice(hash) : '';
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}sd-retry=${attempt}${fragment}`;
}
