// "How many credentials are left to sell?" for account offers with credentials, and the low-stock
// alerts a sync gives: once per offer per episode (low, then sold out), until it is restocked.
import { attentionTitle } from '../sync/attention';
import { DEFAULT_STOCK_THRESHOLD, type StockAlert, type StockRow } from '../../store';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';

const NOT_ACTIVE = 3;

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
  /** The restock pool (issue O item 3): 0 until it exists. */
  pool: number;
  /** The level the pool keeps: the threshold until the pool exists. */
  keep: number;
}

function stockOf(row: StockRow): OfferStock {
  const counted = Math.max(0, row.uploaded - row.purchased);
  // Sold out by our count while the marketplace still sells it (it turns an offer Not Active the
  // moment its last credential goes): it holds credentials sent by another tool.
  const unknown =
    row.uploaded === 0 || (counted === 0 && row.recorded && row.status !== NOT_ACTIVE);
  const soldOut = row.status === NOT_ACTIVE && (unknown ? row.purchased > 0 : counted === 0);
  const credentialsLeft = soldOut ? 0 : unknown ? null : counted;
  return {
    localId: row.localId,
    id: row.serverId,
    title: attentionTitle(row),
    credentialsLeft,
    // Sold out is the marketplace's word (it turned the offer Not Active); a count is ours.
    estimate: !soldOut,
    threshold: row.threshold,
    low: soldOut || (credentialsLeft !== null && credentialsLeft <= row.threshold),
    soldOut,
    pool: 0,
    keep: row.threshold,
  };
}

export function stockReport(profile: SellerProfile): OfferStock[] {
  return profile.store().stock().list().map(stockOf);
}

export interface StockThresholdInput {
  localId: number;
  threshold: number;
}

export function setStockThreshold(profile: SellerProfile, input: StockThresholdInput): void {
  if (!Number.isInteger(input.threshold) || input.threshold < 0 || input.threshold > 100_000) {
    throw new UseCaseFailure('bad_input', 'The low-stock level must be a whole number, 0 or more.');
  }
  const store = profile.store();
  if (store.getOffer(input.localId) === null) {
    throw new UseCaseFailure('not_found', 'This offer is no longer in the local data.');
  }
  store.stock().setThreshold(input.localId, input.threshold);
}

export { DEFAULT_STOCK_THRESHOLD };

export interface StockAlertNotice {
  localId: number;
  id: number | null;
  title: string;
  kind: StockAlert;
  /** "Low stock: 1 credential left" / "Sold out: went Not Active". */
  reason: string;
}

export function stockReason(stock: OfferStock): string {
  if (stock.soldOut) return 'Sold out: went Not Active';
  const n = stock.credentialsLeft ?? 0;
  return `Low stock: ${n} credential${n === 1 ? '' : 's'} left`;
}

/** Offers low or sold out now, with the reason the Needs-attention list shows. */
export function offersLowOnStock(profile: SellerProfile): StockAlertNotice[] {
  return stockReport(profile)
    .filter((s) => s.low)
    .map((s) => ({
      localId: s.localId,
      id: s.id,
      title: s.title,
      kind: s.soldOut ? 'sold_out' : 'low',
      reason: stockReason(s),
    }));
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
      fresh.push({ localId: s.localId, id: s.id, title: s.title, kind, reason: stockReason(s) });
    }
  });
  return fresh;
}

/** The native notification for an alert: the offer named, what to do. */
export function stockNotice(alert: StockAlertNotice): { title: string; body: string } {
  return {
    title: `${alert.title}: ${alert.reason}`,
    body:
      alert.kind === 'sold_out'
        ? 'The marketplace hid it. Add credentials in its Credentials section and set it Active to sell again.'
        : 'Add credentials in its Credentials section to keep it selling.',
  };
}
