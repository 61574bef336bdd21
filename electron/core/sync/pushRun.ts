// One push's shared state: what the engine gives it (PushDeps), what it reports (PushResult), and
// what its lanes share while it runs (PushRun). Types only.
import type { MarketplaceClient } from '../api';
import type { RateLimiter } from '../limits';
import type { SecretBox, SyncStore } from '../store';

export interface PushDeps {
  store: SyncStore;
  client: MarketplaceClient;
  secretBox?: SecretBox;
  limiter?: RateLimiter;
  random: () => number;
  backoff: { baseMs: number; maxMs: number };
  /** Within one push, wait for a backoff this short instead of leaving the op for next time. */
  maxInlineWaitMs: number;
  progress: (done: number, total: number) => void;
  /** Leave changes younger than this for a later push (the app's background sync: undo time). */
  holdFreshMs?: number;
  /**
   * Reads back what accepted writes made of the offers (an incremental pull): given, the push
   * does it while its next manage request waits for the offers window, so little is left to
   * read after the last one (see readBackWhileWaiting).
   */
  readBack?: (signal: AbortSignal | undefined, changed: number) => Promise<unknown>;
}

export interface PushResult {
  sent: number;
  failed: number;
  unknown: number;
  /** Credentials operations held because they cannot be opened here (still queued). */
  held: number;
  /** Offers accepted that no read-back of this push has read (the read after it needs them). */
  unread: number;
}

/** One push's state beside its deps: staged copies being removed after their upload. */
export type PushRun = PushDeps & {
  cleanup: Promise<void>[];
  /** Manage requests between their grant and their recorded answer. */
  onWire: number;
  /** Requests other than manage may be on the wire (their lanes of the round still run). */
  othersBusy: boolean;
  /** Manage requests of this round not yet begun: without one, nothing waits for a window. */
  batchesLeft: number;
  /** Offers accepted since the last read-back. */
  unread: number;
  /** The read-back running now: a granted manage request stops it, and waits for it to end. */
  readingBack: { done: Promise<void>; stop: AbortController } | null;
  /** See offerTurn: 'open' once one request on an offer was answered without stopping the push. */
  offerProbe: { answered: Promise<void>; wake: () => void } | 'open' | null;
  /** A failure stopped the push (a refused token, a cancel): nothing more is sent. */
  stopped: boolean;
  /** Uploads answered, their paths not yet written down (recordUploads). */
  answeredUploads: AnsweredUpload[];
};

export interface AnsweredUpload {
  opId: number;
  queuedId: number;
  path: string;
  /** The staged copy, removed once the path is recorded. */
  file: string;
}
