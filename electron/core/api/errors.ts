// Errors the rest of the app can act on: each names what happened in the seller's terms (stop and
// ask for a new token, fix these fields, wait, try again, read back what the server did). An
// error carries the method and path, never the token, a query string or a request body.
import type { DataFieldError } from '../../contract/marketplace/wire';

export type MarketplaceErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'validation'
  | 'rate_limited'
  | 'server'
  | 'network_not_sent'
  | 'network_maybe_sent'
  | 'bad_response'
  | 'cancelled';

export type FieldErrors = Record<string, string[] | DataFieldError[]>;

export interface ServerBudget {
  used: number;
  limit: number;
  requested: number;
}

export interface MarketplaceErrorInit {
  kind: MarketplaceErrorKind;
  method: string;
  path: string;
  status?: number | null;
  detail: string;
  fieldErrors?: FieldErrors | null;
  retryAfterMs?: number | null;
  budget?: ServerBudget | null;
  outcomeUnknown?: boolean;
  networkCode?: string | null;
  attempts?: number;
}

export class MarketplaceError extends Error {
  readonly kind: MarketplaceErrorKind;
  readonly status: number | null;
  readonly fieldErrors: FieldErrors | null;
  /** A 429's Retry-After, bounded to a few rate windows (limits/pause.ts): how long to wait. */
  readonly retryAfterMs: number | null;
  readonly budget: ServerBudget | null;
  readonly method: string;
  /** The path without its query string. */
  readonly path: string;
  /**
   * True when the request may have been processed although no answer came back (a POST that
   * timed out or lost its connection after it was written, or a 5xx to a POST): read back
   * before sending it again.
   */
  readonly outcomeUnknown: boolean;
  /** The network failure's code (ECONNREFUSED, UND_ERR_SOCKET, …), if any. */
  readonly networkCode: string | null;
  /** How many times the request was sent (or tried) before giving up. */
  readonly attempts: number;

  constructor(init: MarketplaceErrorInit) {
    const status = init.status ?? null;
    super(
      `${init.method} ${init.path}: ${status === null ? '' : `${status} `}${init.kind} — ${init.detail}`,
    );
    this.name = 'MarketplaceError';
    this.kind = init.kind;
    this.status = status;
    this.fieldErrors = init.fieldErrors ?? null;
    this.retryAfterMs = init.retryAfterMs ?? null;
    this.budget = init.budget ?? null;
    this.method = init.method;
    this.path = init.path;
    this.outcomeUnknown = init.outcomeUnknown ?? init.kind === 'network_maybe_sent';
    this.networkCode = init.networkCode ?? null;
    this.attempts = init.attempts ?? 1;
  }

  /** A copy that records how many attempts were made. */
  withAttempts(attempts: number): MarketplaceError {
    return new MarketplaceError({ ...this.init(), attempts });
  }

  private init(): MarketplaceErrorInit {
    return {
      kind: this.kind,
      method: this.method,
      path: this.path,
      status: this.status,
      detail: this.message.slice(this.message.indexOf(' — ') + 3),
      fieldErrors: this.fieldErrors,
      retryAfterMs: this.retryAfterMs,
      budget: this.budget,
      outcomeUnknown: this.outcomeUnknown,
      networkCode: this.networkCode,
      attempts: this.attempts,
    };
  }

  toJSON() {
    return { name: this.name, message: this.message, ...this.init() };
  }
}

export function isMarketplaceError(e: unknown): e is MarketplaceError {
  return e instanceof MarketplaceError;
}
