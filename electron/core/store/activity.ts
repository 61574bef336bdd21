// The activity log: what was sent to the marketplace and what it answered, one row per request.
// The store redacts and bounds again what it is given (the caller already did), so a row can
// never hold a token, a password or a login however it was recorded; it keeps the last
// ACTIVITY_MAX_ROWS rows and ACTIVITY_MAX_AGE_MS of history.
import type { ActivitySay } from '../../contract/rules/refusedFields';
import { boundText, looksLikeCredentials } from '../util/echo';
import { prep, type StoreContext } from './context';

export type ActivityOutcome = 'accepted' | 'refused' | 'unreachable' | 'rate_limited';

export interface ActivityInput {
  operation: string;
  /** Marketplace ids or offers' names. */
  offers: string[];
  outcome: ActivityOutcome;
  message: string;
  /** The answer as a catalogue message, for the app (`message` is the English the CLI prints). */
  say?: ActivitySay | null;
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
  /** Null for an entry of another form, or one recorded before schema 11. */
  say: ActivitySay | null;
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
const SAY_FIELDS_MAX = 50;
const SAY_MAX = 8_000;
/** Pruning every write would cost a scan per request; every 500th is enough to stay bounded. */
const PRUNE_EVERY = 500;

function safe(text: string, max: number): string {
  return looksLikeCredentials(text)
    ? '(not shown: looks like account credentials)'
    : boundText(text, max);
}

/**
 * The message kept as JSON, each text in it bounded like the entry's; none when the entry's text
 * or one of the message's looks like credentials (the message says what the text says).
 */
function safeSay(say: ActivitySay | null | undefined, message: string): string | null {
  if (!say) return null;
  const texts = [
    message,
    ...Object.values(say.values ?? {}).filter((v): v is string => typeof v === 'string'),
    ...(say.fields ?? []).flatMap((f) => [f.field, f.message]),
  ];
  if (texts.some(looksLikeCredentials)) return null;
  const values = Object.fromEntries(
    Object.entries(say.values ?? {}).map(([name, v]) => [
      name,
      typeof v === 'number' ? v : boundText(v, MESSAGE_MAX),
    ]),
  );
  const fields = say.fields
    ?.slice(0, SAY_FIELDS_MAX)
    .map((f) => ({ field: boundText(f.field, 120), message: boundText(f.message, MESSAGE_MAX) }));
  const json = JSON.stringify({ key: say.key, values, ...(fields && { fields }) });
  return json.length > SAY_MAX ? null : json;
}

export function recordActivity(ctx: StoreContext, input: ActivityInput): number {
  const offers = input.offers.slice(0, OFFERS_MAX).map((o) => safe(o, 120));
  const info = prep(
    ctx,
    `INSERT INTO activity (at, operation, offers, outcome, message, message_say)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    input.at ?? ctx.clock.now(),
    safe(input.operation, 120),
    JSON.stringify(offers),
    input.outcome,
    safe(input.message, MESSAGE_MAX),
    safeSay(input.say, input.message),
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
  const sql = `SELECT id, at, operation, offers, outcome, message, message_say FROM activity
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`;
  args.push(q.limit ?? ACTIVITY_MAX_ROWS);
  return prep<{
    id: number;
    at: number;
    operation: string;
    offers: string;
    outcome: ActivityOutcome;
    message: string;
    message_say: string | null;
  }>(ctx, sql)
    .all(...args)
    .map((r) => ({
      id: r.id,
      at: r.at,
      operation: r.operation,
      offers: JSON.parse(r.offers) as string[],
      outcome: r.outcome,
      message: r.message,
      say: sayOf(r.message_say),
    }));
}

function sayOf(json: string | null): ActivitySay | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as ActivitySay;
  } catch {
    return null;
  }
}
