// What happened that the seller must hear of, each with a key that names the event once: the
// same sale, sold-out offer or refusal raised again (the next round, the app and a watcher on the
// same profile, a restart) has the same key, and the store sends one delivery per channel and key.
// A refused token is said again every TOKEN_REPEAT_MINUTES until the seller acts (a new key each
// period of its episode); a sync failing for longer than SYNC_FAILING_MINUTES once per episode.
import { OfferStatus } from '../../../contract/marketplace/wire';
import type { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';
import { poolReport } from '../stock';
import type { RoundFindings } from '../sync/round';

export type AlertKind =
  | 'sale'
  | 'sold_out'
  | 'low_stock'
  | 'pool_low'
  | 'pool_dry'
  | 'need_details'
  | 'refused'
  | 'token_refused'
  | 'sync_failing'
  | 'stopping'
  | 'test';

export interface AlertOffer {
  /** The marketplace id; null for an offer not sent yet. */
  id: number | null;
  name: string;
}

export interface AlertEvent {
  kind: AlertKind;
  /** Names the event once (the store's dedupe). */
  key: string;
  at: number;
  offer?: AlertOffer;
  units?: number;
  /** Estimated: units × the price before the sale. */
  revenue?: number;
  /** Credentials left (low stock, pool low) and the pool's level. */
  count?: number;
  keep?: number;
  /** The reviewer's comment (Need Details) or the marketplace's refusal, as it wrote it. */
  comment?: string;
  minutes?: number;
  failing?: 'unreachable' | 'error';
  who?: 'watcher' | 'app';
}

/** How often a refused token is said again while it stays refused (minutes of the marketplace). */
export const TOKEN_REPEAT_MINUTES = 30;
/** A sync failing this long is told (minutes of the marketplace). */
export const SYNC_FAILING_MINUTES = 10;

export interface EventClock {
  now: number;
  /** The marketplace's minute (the sandbox's is scaled). */
  minuteMs: number;
}

/** What a round ended with: findings when it reached the marketplace, else the failure. */
export type RoundResult = { findings: RoundFindings } | { failure: UseCaseFailure };

const SALES_MARK = 'sales_after';
const TOKEN_MARK = 'token_refused_since';
const FAILING_MARK = 'failing_since';
const poolLowMark = (localId: number) => `pool_low:${localId}`;
/** Sales points read per round at most (the rest next round). */
const POINTS_PER_ROUND = 2000;

/** The events a round brings: from its findings, its failure, and the sales history it kept. */
export function roundEvents(
  profile: SellerProfile,
  result: RoundResult,
  clock: EventClock,
): AlertEvent[] {
  const marks = profile.store().alerts();
  const { now, minuteMs } = clock;
  const events: AlertEvent[] = [];
  if ('findings' in result) {
    marks.setMark(TOKEN_MARK, null);
    marks.setMark(FAILING_MARK, null);
    const round = result.findings;
    for (const alert of round.stockAlerts) {
      const offer = { id: alert.id, name: alert.title };
      const ref = alert.id ?? `L${alert.localId}`;
      if (alert.kind === 'sold_out') {
        events.push({ kind: 'sold_out', key: `sold_out:${ref}:${now}`, at: now, offer });
      } else if (alert.kind === 'pool_dry') {
        events.push({ kind: 'pool_dry', key: `pool_dry:${ref}:${now}`, at: now, offer });
      } else {
        events.push({
          kind: 'low_stock',
          key: `low_stock:${ref}:${now}`,
          at: now,
          offer,
          count: alert.credentialsLeft ?? 0,
        });
      }
    }
    for (const refused of round.refused) {
      events.push({
        kind: 'refused',
        key: `refused:${refused.serverId ?? `L${refused.localId}`}:${now}`,
        at: now,
        offer: { id: refused.serverId, name: refused.title },
        comment: refused.message,
      });
    }
    events.push(...poolLowEvents(profile, now));
  } else if (result.failure.kind === 'unauthorized') {
    const since = Number(marks.mark(TOKEN_MARK) ?? NaN);
    const start = Number.isFinite(since) ? since : now;
    if (!Number.isFinite(since)) marks.setMark(TOKEN_MARK, String(now));
    const period = Math.floor((now - start) / (TOKEN_REPEAT_MINUTES * minuteMs));
    events.push({ kind: 'token_refused', key: `token_refused:${start}:${period}`, at: now });
  } else if (result.failure.kind !== 'cancelled') {
    const since = Number(marks.mark(FAILING_MARK) ?? NaN);
    const start = Number.isFinite(since) ? since : now;
    if (!Number.isFinite(since)) marks.setMark(FAILING_MARK, String(now));
    const minutes = Math.floor((now - start) / minuteMs);
    if (minutes >= SYNC_FAILING_MINUTES) {
      events.push({
        kind: 'sync_failing',
        key: `sync_failing:${start}`,
        at: now,
        minutes,
        failing: result.failure.kind === 'unreachable' ? 'unreachable' : 'error',
      });
    }
  }
  if (!('failure' in result && result.failure.kind === 'cancelled')) {
    events.push(...historyEvents(profile, now));
  }
  return events;
}

/**
 * Sales (a rise of an offer's sold count) and offers sent back to Need Details, from the sales
 * history's rows recorded since the last look. The first look starts at the end: a history
 * recorded before alerts were set up is not announced.
 */
function historyEvents(profile: SellerProfile, now: number): AlertEvent[] {
  const store = profile.store();
  const marks = store.alerts();
  const after = marks.mark(SALES_MARK);
  if (after === null) {
    marks.setMark(SALES_MARK, String(store.lastSalesPointId()));
    return [];
  }
  const changes = store.salesPointChanges(Number(after), POINTS_PER_ROUND);
  if (changes.length === 0) return [];
  const events: AlertEvent[] = [];
  for (const { id, point, before } of changes) {
    if (!before) continue;
    const offer = { id: point.serverId, name: point.name };
    const units = point.purchased - before.purchased;
    if (units > 0) {
      events.push({
        kind: 'sale',
        key: `sale:${id}`,
        at: point.at,
        offer,
        units,
        revenue: Math.round(units * before.price * 100) / 100,
      });
    }
    if (point.status === OfferStatus.NeedDetails && before.status !== OfferStatus.NeedDetails) {
      const localId = store.localIdOfServerId(point.serverId);
      const comment =
        localId === undefined ? '' : (store.getOffer(localId)?.server?.last_review_comment ?? '');
      events.push({
        kind: 'need_details',
        key: `need_details:${id}`,
        at: point.at,
        offer,
        ...(comment && { comment }),
      });
    }
  }
  marks.setMark(SALES_MARK, String(changes.at(-1)!.id));
  return events.map((e) => ({ ...e, at: e.at || now }));
}

/** A pool holding fewer than its level keeps on sale: told once until it is topped up. */
function poolLowEvents(profile: SellerProfile, now: number): AlertEvent[] {
  const marks = profile.store().alerts();
  const events: AlertEvent[] = [];
  for (const pool of poolReport(profile)) {
    const low = pool.keep > 0 && pool.pool > 0 && pool.pool < pool.keep;
    const mark = poolLowMark(pool.localId);
    const told = marks.mark(mark);
    if (!low) {
      if (told !== null) marks.setMark(mark, null);
      continue;
    }
    if (told !== null) continue;
    marks.setMark(mark, String(now));
    events.push({
      kind: 'pool_low',
      key: `pool_low:${pool.id ?? `L${pool.localId}`}:${now}`,
      at: now,
      offer: { id: pool.id, name: pool.title },
      count: pool.pool,
      keep: pool.keep,
    });
  }
  return events;
}
