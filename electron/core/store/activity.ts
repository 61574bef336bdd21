// The activity log: what was sent to the marketplace and what it answered, one row per request.
// The store redacts and bounds again what it is given (the caller already did), so a row can
// never hold a token, a password or a login however it was recorded; it keeps the last
// ACTIVITY_MAX_ROWS rows and ACTIVITY_MAX_AGE_MS of history.
import { boundText, looksLikeCredentials } from '../util/echo';
import { prep, type StoreContext } from './context';

export type ActivityOutcome = 'accepted' | 'refused' | 'unreachable' | 'rate_limited';

export interface ActivityInput {
  operation: string;
  /** Marketplace ids or offers' names. */
  offers: string[];
  outcome: ActivityOutcome;
  message: string;
  /** Default: the store's clock. */
  at?: number;
}

export interface ActivityEntry {
  id: number;
  at: number;
  operation: string;
  offers: string[];
  outcome: ActivityOutcome;
  message: string;
}

export interface ActivityQuery {
  /** Entries at or after this time (ms). */
  since?: number;
  /** Entries naming this offer (marketplace id or name), exactly. */
  offer?: string;
  /** Case-insensitive text in the operation, the offers or the message. */
  text?: string;
  outcomes?: ActivityOutcome[];
  limit?: number;
}

export const ACTIVITY_MAX_ROWS = 50_000;
export const ACTIVITY_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
const MESSAGE_MAX = 500;
const OFFERS_MAX = 200;
/** Pruning every write would cost a scan per request; every 500th is enough to stay bounded. */
const PRUNE_EVERY = 500;

function safe(text: string, max: number): string {
  return looksLikeCredentials(text)
    ? '(not shown: looks like account credentials)'
    : boundText(text, max);
}

export function recordActivity(ctx: StoreContext, input: ActivityInput): number {
  const offers = input.offers.slice(0, OFFERS_MAX).map((o) => safe(o, 120));
  const info = prep(
    ctx,
    'INSERT INTO activity (at, operation, offers, outcome, message) VALUES (?, ?, ?, ?, ?)',
  ).run(
    input.at ?? ctx.clock.now(),
    safe(input.operation, 120),
    JSON.stringify(offers),
    input.outcome,
    safe(input.message, MESSAGE_MAX),
  );
  const id = Number(info.lastInsertRowid);
  if (id % PRUNE_EVERY === 0) pruneActivity(ctx);
  return id;
}

export function pruneActivity(ctx: StoreContext): void {
  prep(ctx, 'DELETE FROM activity WHERE at < ? OR id <= (SELECT max(id) FROM activity) - ?').run(
    ctx.clock.now() - ACTIVITY_MAX_AGE_MS,
    ACTIVITY_MAX_ROWS,
  );
}

export function listActivity(ctx: StoreContext, q: ActivityQuery = {}): ActivityEntry[] {
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (q.since !== undefined) {
    where.push('at >= ?');
    args.push(q.since);
  }
  if (q.offer !== undefined) {
    where.push('EXISTS (SELECT 1 FROM json_each(activity.offers) WHERE value = ?)');
    args.push(q.offer);
  }
  if (q.text) {
    where.push(
      '(instr(lower(operation), ?) > 0 OR instr(lower(offers), ?) > 0 OR instr(lower(message), ?) > 0)',
    );
    const t = q.text.toLowerCase();
    args.push(t, t, t);
  }
  if (q.outcomes && q.outcomes.length > 0) {
    where.push(`outcome IN (${q.outcomes.map(() => '?').join(', ')})`);
    args.push(...q.outcomes);
  }
  const sql = `SELECT id, at, operation, offers, outcome, message FROM activity
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`;
  args.push(q.limit ?? ACTIVITY_MAX_ROWS);
  return prep<{
    id: number;
    at: number;
    operation: string;
    offers: string;
    outcome: ActivityOutcome;
    message: string;
  }>(ctx, sql)
    .all(...args)
    .map((r) => ({
      id: r.id,
      at: r.at,
      operation: r.operation,
      offers: JSON.parse(r.offers) as string[],
      outcome: r.outcome,
      message: r.message,
    }));
}
