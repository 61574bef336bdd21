// The seller's sync intents: pull, push, sync now, and where the profile stands.
export { pull, push, syncNow, type PullInput, type SyncRunOptions } from './run';
export { status, type LastSync, type ProfileStatus } from './status';
export type { SyncKind, SyncOutcome } from './outcome';
export type { SyncProgressEvent } from '../../sync';
export type { OfferNeedingAttention } from './attention';
export { sendQueue, changesOf } from './queue';
export type { QueueEntry, QueuedChange, SendQueue } from './queue';
export { backgroundRound, type RoundFindings, type RoundOptions } from './round';
export { createSyncScheduler, type SyncScheduler, type SyncTrigger } from './scheduler';
