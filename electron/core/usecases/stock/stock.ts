// "How many credentials are left to sell?" for account offers with credentials, and the low-stock
// alerts a sync gives: once per offer per episode (low, then sold out), until it is restocked.
import { OfferStatus } from '../../../contract/marketplace/wire';
import { attentionTitle } from '../sync/attention';
import { DEFAULT_STOCK_THRESHOLD, type StockAlert, type StockRow } from '../../store';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';
import { poolReport, type OfferPool } from './pool';

export const STOCK_ESTIMATE_NOTE =
  'Credentials left are estimated: the credentials Seller Desk sent minus the units sold (the marketplace does not say how many are unsold).';

export interface OfferStock {
  localId: number;
  /** The marketplace id, null until the offer is sent. */
  id: number | null;
  title: string;
  /** Unsold credentials on the marketplace; null when the count cannot be right (unknown). */
  credentialsLeft: number | null;
  /** True when credentialsLeft is counted, not told by the marketplace. */
  estimate: boolean;
  threshold: number;
  low: boolean;
  /** Went Not Active with no credential left. */
  soldOut: boolean;
  /** Credentials waiting in the restock pool. */
  pool: number;
  /** How many the restock pool keeps on sale (0: no restocking). */
  keep: number;
  /** A level is set and the pool is empty: the next sale will not be restocked. */
  poolDry: boolean;
  /**
   * Credentials are left and buyers do not see the offer: the marketplace's status as last read
   * (Not Active, On Review, …); null when it is shown, or holds none.
   */
  hiddenStatus: number | null;
  /**
   * At or under its low level, yet not low: its restock pool tops it up at the next sync (the
   * pool holds credentials and a level is set).
   */
  backedByPool: boolean;
  /** Accounts that may already be on sale (a lost answer, sold since): the seller decides. */
  uncertain: number;
}

function stockOf(
  row: StockRow,
  pool: OfferPool | undefined,
  uncertain: ReadonlyMap<number, number>,
): OfferStock {
  const counted = Math.max(0, row.uploaded - row.purchased);
  // Sold out by our count while the marketplace still sells it (it turns an offer Not Active the
  // moment its last credential goes): it holds credentials sent by another tool.
  const unknown =
    row.uploaded === 0 || (counted === 0 && row.recorded && row.status !== OfferStatus.NotActive);
  const soldOut =
    row.status === OfferStatus.NotActive && (unknown ? row.purchased > 0 : counted === 0);
  const credentialsLeft = soldOut ? 0 : unknown ? null : counted;
  const atLevel = credentialsLeft !== null && credentialsLeft <= row.threshold;
  const backedByPool = !soldOut && atLevel && pool !== undefined && pool.pool > 0 && pool.keep > 0;
  return {
    localId: row.localId,
    id: row.serverId,
    title: attentionTitle(row),
    credentialsLeft,
    // Sold out is the marketplace's word (it turned the offer Not Active); a count is ours.
    estimate: !soldOut,
    threshold: row.threshold,
    // A pool with credentials and a level restocks the offer at the next sync: not the seller's
    // worry (a sell-out still is, until that sync).
    low: soldOut || (atLevel && !backedByPool),
    soldOut,
    pool: pool?.pool ?? 0,
    keep: pool?.keep ?? 0,
    poolDry: pool?.dry ?? false,
    hiddenStatus:
      !soldOut && (credentialsLeft ?? 0) > 0 && row.status !== OfferStatus.Active
        ? row.status
        : null,
    backedByPool,
    uncertain: uncertain.get(row.localId) ?? 0,
  };
}

export function stockReport(profile: SellerProfile): OfferStock[] {
  const pools = new Map(poolReport(profile).map((p) => [p.localId, p]));
  const stock = profile.store().stock();
  const uncertain = new Map(stock.uncertain().map((u) => [u.localId, u.accounts]));
  return stock.list().map((row) => stockOf(row, pools.get(row.localId), uncertain));
}

export interface StockThresholdInput {
  localId: number;
  threshold: number;
}

export function setStockThreshold(profile: SellerProfile, input: StockThresholdInput): void {
  if (!Number.isInteger(input.threshold) || input.threshold < 0 || input.threshold > 100_000) {
    throw new UseCaseFailure(
      'bad_input',
      'The low-stock level must be a whole number, 0 or more.',
      [],
      {
        say: { key: 'refusals.stock.lowLevel' },
      },
    );
  }
  const store = profile.store();
  if (store.getOffer(input.localId) === null) {
    throw new UseCaseFailure('not_found', 'This offer is no longer in the local data.', [], {
      say: { key: 'refusals.stock.gone' },
    });
  }
  store.stock().setThreshold(input.localId, input.threshold);
}

export { DEFAULT_STOCK_THRESHOLD };

export interface StockAlertNotice {
  localId: number;
  id: number | null;
  title: string;
  /** pool_dry: the restock pool ran out while a level is set. */
  kind: StockAlert | 'pool_dry';
  /** "Low stock: 1 credential left" / "Sold out: went Not Active". */
  reason: string;
  /** What the reason counts, for a front that says it in its own language (the app). */
  credentialsLeft?: number | null;
  poolDry?: boolean;
}

export function stockReason(stock: OfferStock): string {
  const dry = stock.poolDry ? ', restock pool empty' : '';
  if (stock.soldOut) return `Sold out: went Not Active${dry}`;
  const n = stock.credentialsLeft ?? 0;
  return `Low stock: ${n} credential${n === 1 ? '' : 's'} left${dry}`;
}

export const POOL_DRY_REASON = 'Restock pool empty: nothing left to restock from';

function poolDryNotice(pool: OfferPool): StockAlertNotice {
  return {
    localId: pool.localId,
    id: pool.id,
    title: pool.title,
    kind: 'pool_dry',
    reason: POOL_DRY_REASON,
  };
}

/**
 * Offers low or sold out now, with the reason the Needs-attention list shows; then offers whose
 * restock pool ran dry (not low themselves yet).
 */
export function offersLowOnStock(profile: SellerProfile): StockAlertNotice[] {
  const low: StockAlertNotice[] = stockReport(profile)
    .filter((s) => s.low)
    .map((s) => ({
      localId: s.localId,
      id: s.id,
      title: s.title,
      kind: s.soldOut ? 'sold_out' : 'low',
      reason: stockReason(s),
      credentialsLeft: s.credentialsLeft,
      poolDry: s.poolDry,
    }));
  const told = new Set(low.map((s) => s.localId));
  const dry = poolReport(profile)
    .filter((p) => p.dry && !told.has(p.localId))
    .map(poolDryNotice);
  return [...low, ...dry];
}

/**
 * After a sync: the alerts not given yet in this episode (each recorded as given), and the end of
 * the episode for an offer that has stock above its level again, so its next low stock notifies.
 */
export function takeStockAlerts(profile: SellerProfile): StockAlertNotice[] {
  const store = profile.store();
  const rows = new Map(
    store
      .stock()
      .list()
      .map((r) => [r.localId, r]),
  );
  const rowsDryAlerted = new Set(
    store
      .pool()
      .list()
      .filter((p) => p.dryAlerted)
      .map((p) => p.localId),
  );
  const fresh: StockAlertNotice[] = [];
  store.transaction(() => {
    for (const s of stockReport(profile)) {
      const given = rows.get(s.localId)?.alerted ?? null;
      if (!s.low) {
        if (given !== null) store.stock().setAlerted(s.localId, null);
        continue;
      }
      const kind: StockAlert = s.soldOut ? 'sold_out' : 'low';
      if (given === kind) continue;
      store.stock().setAlerted(s.localId, kind);
      fresh.push({
        localId: s.localId,
        id: s.id,
        title: s.title,
        kind,
        reason: stockReason(s),
        credentialsLeft: s.credentialsLeft,
        poolDry: s.poolDry,
      });
    }
    // A pool that runs dry is told once; adding credentials to it ends the episode (store). A
    // low-stock notice of this run already says it.
    const toldNow = new Set(fresh.map((f) => f.localId));
    for (const p of poolReport(profile)) {
      if (!p.dry || rowsDryAlerted.has(p.localId)) continue;
      store.pool().setDryAlerted(p.localId, true);
      if (!toldNow.has(p.localId)) fresh.push(poolDryNotice(p));
    }
  });
  return fresh;
}

/** The native notification for an alert: the offer named, what to do. */
export function stockNotice(alert: StockAlertNotice): { title: string; body: string } {
  if (alert.kind === 'pool_dry') {
    return {
      title: `${alert.title}: ${alert.reason}`,
      body: 'Add credentials to its restock pool in its Credentials section to keep it selling.',
    };
  }
  return {
    title: `${alert.title}: ${alert.reason}`,
    body:
      alert.kind === 'sold_out'
        ? 'The marketplace hid it. Add credentials in its Credentials section and set it Active to sell again.'
        : 'Add credentials in its Credentials section to keep it selling.',
  };
}
