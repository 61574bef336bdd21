export { createRateLimiter, RateLimiterClosedError } from './rateLimiter';
export type {
  RateLimiter,
  RateLimiterOptions,
  RateCost,
  RateSlot,
  RateBudget,
  WaitEvent,
  WaitReason,
} from './rateLimiter';
export { MAX_PENALTY_WINDOWS, maxPenaltyMs, pauseNotice, formatDuration, isCapped } from './pause';
export type { Pause } from './pause';
export { waitForRoom, usedInWindow, isInWindow } from './windows';
export type { Pool, WindowLimits, Weights, LedgerEntry, Room } from './windows';
export type { LedgerDatabase } from './ledger';
export { RATE_LEDGER_DDL } from './ledgerSchema';
