// Alerts (migration 12): where the seller wants to hear of events (a Telegram chat, a signed
// webhook), what was raised for each channel and whether it went out. One delivery per channel
// and event key (UNIQUE), so an event raised again (the next round, another process, a restart)
// is never sent twice. A channel's secret (the bot token, the webhook's signing secret) is kept
// only sealed with the profile's credentials key, never in clear.
import { prep, type StoreContext } from './context';
import type { SecretBox } from './drafts';
import { getMeta, setMeta } from './meta';

export const ALERTS_DDL = `
CREATE TABLE alert_channels (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('telegram', 'webhook')),
  target TEXT NOT NULL,
  api_base TEXT,
  sealed_secret BLOB NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE alert_deliveries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  channel_id INTEGER NOT NULL REFERENCES alert_channels(id) ON DELETE CASCADE,
  event_key TEXT NOT NULL,
  payload TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  sent_at INTEGER,
  last_error TEXT,
  UNIQUE (channel_id, event_key)
);
CREATE INDEX alert_deliveries_due ON alert_deliveries(state, next_at);
`;

export type AlertChannelKind = 'telegram' | 'webhook';

export interface AlertChannelRow {
  id: number;
  kind: AlertChannelKind;
  /** The chat id or the webhook's URL. */
  target: string;
  /** Telegram's API base (a self-hosted Bot API server), null for Telegram's own. */
  apiBase: string | null;
  createdAt: number;
  /** Deliveries of this channel by state. */
  pending: number;
  sent: number;
  failed: number;
  lastError: string | null;
}

export interface AlertDelivery {
  id: number;
  channelId: number;
  eventKey: string;
  payload: string;
  attempts: number;
}

/** How long a sent or failed delivery is kept: its key keeps the event from being sent again. */
const KEEP_MS = 90 * 24 * 60 * 60 * 1000;

export interface AlertsStore {
  addChannel(input: {
    kind: AlertChannelKind;
    target: string;
    apiBase: string | null;
    secret: string;
  }): number;
  channels(): AlertChannelRow[];
  removeChannel(id: number): boolean;
  /** The channel's secret, opened (only to send). */
  channelSecret(id: number): string;
  /**
   * Queues an event for every channel, once per channel and key (an event raised again is a
   * no-op); returns how many deliveries were new.
   */
  raise(eventKey: string, payload: string, channelIds?: readonly number[]): number;
  /**
   * Deliveries due now, oldest first, claimed as being sent (a claim older than SENDING_STALE_MS
   * is a process that stopped mid-send: due again).
   */
  takeDue(now: number, limit: number): AlertDelivery[];
  /** How many were sent by a channel since `since` (the rate limit). */
  sentSince(channelId: number, since: number): number;
  markSent(id: number): void;
  /** Back to pending for `nextAt`, or failed for good when `nextAt` is null. */
  markFailed(id: number, error: string, nextAt: number | null): void;
  /** Back to pending for `nextAt` without counting an attempt (the channel's rate limit). */
  defer(id: number, nextAt: number): void;
  /** A small remembered value (sales watermark, episodes). */
  mark(key: string): string | null;
  setMark(key: string, value: string | null): void;
}

const MARK_PREFIX = 'alerts:';
/** A send takes at most a few tries of 10 s; a claim this old belongs to a process gone. */
export const SENDING_STALE_MS = 5 * 60_000;

export function alertsStore(ctx: StoreContext, box: SecretBox | undefined): AlertsStore {
  const seal = (secret: string) => {
    if (!box) throw new Error('No secret box is open: the alert secret cannot be sealed.');
    return Buffer.from(box.seal(Buffer.from(secret, 'utf8')));
  };
  return {
    addChannel(input) {
      return Number(
        prep(
          ctx,
          `INSERT INTO alert_channels (kind, target, api_base, sealed_secret, created_at)
           VALUES (?, ?, ?, ?, ?)`,
        ).run(input.kind, input.target, input.apiBase, seal(input.secret), ctx.clock.now())
          .lastInsertRowid,
      );
    },
    channels() {
      return prep<{
        id: number;
        kind: AlertChannelKind;
        target: string;
        api_base: string | null;
        created_at: number;
        pending: number;
        sent: number;
        failed: number;
        last_error: string | null;
      }>(
        ctx,
        `SELECT c.id, c.kind, c.target, c.api_base, c.created_at,
           (SELECT count(*) FROM alert_deliveries d WHERE d.channel_id = c.id
              AND d.state IN ('pending', 'sending')) AS pending,
           (SELECT count(*) FROM alert_deliveries d WHERE d.channel_id = c.id AND d.state = 'sent') AS sent,
           (SELECT count(*) FROM alert_deliveries d WHERE d.channel_id = c.id AND d.state = 'failed') AS failed,
           (SELECT d.last_error FROM alert_deliveries d WHERE d.channel_id = c.id
              AND d.last_error IS NOT NULL ORDER BY d.id DESC LIMIT 1) AS last_error
         FROM alert_channels c ORDER BY c.id`,
      )
        .all()
        .map((r) => ({
          id: r.id,
          kind: r.kind,
          target: r.target,
          apiBase: r.api_base,
          createdAt: r.created_at,
          pending: r.pending,
          sent: r.sent,
          failed: r.failed,
          lastError: r.last_error,
        }));
    },
    removeChannel(id) {
      return ctx.db
        .transaction(() => {
          prep(ctx, 'DELETE FROM alert_deliveries WHERE channel_id = ?').run(id);
          return prep(ctx, 'DELETE FROM alert_channels WHERE id = ?').run(id).changes > 0;
        })
        .immediate();
    },
    channelSecret(id) {
      const row = prep<{ sealed_secret: Buffer }>(
        ctx,
        'SELECT sealed_secret FROM alert_channels WHERE id = ?',
      ).get(id);
      if (!row) throw new Error(`No alert channel ${id}.`);
      if (!box) throw new Error('No secret box is open: the alert secret cannot be opened.');
      return Buffer.from(box.open(row.sealed_secret)).toString('utf8');
    },
    raise(eventKey, payload, channelIds) {
      const now = ctx.clock.now();
      return ctx.db
        .transaction(() => {
          const ids =
            channelIds ??
            prep<{ id: number }>(ctx, 'SELECT id FROM alert_channels')
              .all()
              .map((r) => r.id);
          const insert = prep(
            ctx,
            `INSERT OR IGNORE INTO alert_deliveries (channel_id, event_key, payload, next_at, created_at)
             VALUES (?, ?, ?, ?, ?)`,
          );
          let added = 0;
          for (const id of ids) added += insert.run(id, eventKey, payload, now, now).changes;
          prep(
            ctx,
            `DELETE FROM alert_deliveries WHERE state IN ('sent', 'failed') AND created_at < ?`,
          ).run(now - KEEP_MS);
          return added;
        })
        .immediate();
    },
    takeDue(now, limit) {
      return ctx.db
        .transaction(() => {
          const rows = prep<{
            id: number;
            channel_id: number;
            event_key: string;
            payload: string;
            attempts: number;
          }>(
            ctx,
            `SELECT id, channel_id, event_key, payload, attempts FROM alert_deliveries
             WHERE (state = 'pending' AND next_at <= ?) OR (state = 'sending' AND next_at <= ?)
             ORDER BY id LIMIT ?`,
          ).all(now, now - SENDING_STALE_MS, limit);
          const mark = prep(
            ctx,
            `UPDATE alert_deliveries SET state = 'sending', next_at = ? WHERE id = ?`,
          );
          for (const r of rows) mark.run(now, r.id);
          return rows.map((r) => ({
            id: r.id,
            channelId: r.channel_id,
            eventKey: r.event_key,
            payload: r.payload,
            attempts: r.attempts,
          }));
        })
        .immediate();
    },
    sentSince(channelId, since) {
      return prep<{ n: number }>(
        ctx,
        `SELECT count(*) AS n FROM alert_deliveries
         WHERE channel_id = ? AND state = 'sent' AND sent_at >= ?`,
      ).get(channelId, since)!.n;
    },
    markSent(id) {
      prep(
        ctx,
        `UPDATE alert_deliveries SET state = 'sent', sent_at = ?, attempts = attempts + 1,
           last_error = NULL WHERE id = ?`,
      ).run(ctx.clock.now(), id);
    },
    markFailed(id, error, nextAt) {
      prep(
        ctx,
        `UPDATE alert_deliveries SET state = ?, attempts = attempts + 1, last_error = ?,
           next_at = coalesce(?, next_at) WHERE id = ?`,
      ).run(nextAt === null ? 'failed' : 'pending', error, nextAt, id);
    },
    defer(id, nextAt) {
      prep(ctx, `UPDATE alert_deliveries SET state = 'pending', next_at = ? WHERE id = ?`).run(
        nextAt,
        id,
      );
    },
    mark: (key) => getMeta(ctx, MARK_PREFIX + key),
    setMark: (key, value) => setMeta(ctx, MARK_PREFIX + key, value),
  };
}
