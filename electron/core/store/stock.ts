// Stock of account offers with credentials: how many of the credentials this app sent are still
// unsold on the marketplace. The marketplace does not say it, so it is counted from what is kept
// here (the hashes of every credential sent) and the purchased_amount of the last pull; per offer
// a low-stock threshold and the alert last given, so each low or sold-out episode notifies once.
import { prep, type StoreContext } from './context';
import { SENT_LESS_DELETED } from './uncertainCredentials';

export const STOCK_DDL = `
CREATE TABLE offer_stock (
  local_id INTEGER PRIMARY KEY REFERENCES offers(local_id) ON DELETE CASCADE,
  threshold INTEGER NOT NULL DEFAULT 1,
  alerted TEXT CHECK (alerted IN ('low', 'sold_out'))
);
`;

export const DEFAULT_STOCK_THRESHOLD = 1;

export type StockAlert = 'low' | 'sold_out';

/** An account offer whose credentials are counted: the stock list's and the restock pool's. */
export interface StockedOffer {
  localId: number;
  serverId: number | null;
  outerName: string | null;
  internalName: string | null;
  productTitle: string;
  status: number | null;
  /** Credentials this app sent (their hashes are kept), less those the seller deleted. */
  uploaded: number;
  /** purchased_amount of the last pull (0 before the first). */
  purchased: number;
  /** credentials_recorded of the last pull. */
  recorded: boolean;
}

export interface StockRow extends StockedOffer {
  threshold: number;
  alerted: StockAlert | null;
}

/** The offer's columns both statements select, with its server copy's JSON. */
export interface StockedOfferColumns {
  local_id: number;
  server_id: number | null;
  outer_name: string;
  internal_name: string;
  product_title: string;
  status: number | null;
  json: string | null;
  uploaded: number;
}

interface Row extends StockedOfferColumns {
  threshold: number | null;
  alerted: StockAlert | null;
}

// The offers this app sent credentials to, walked from the hashes' primary key: the sync status
// reads this after every change, so it must not parse every offer's server copy (100k offers).
// Credentials sent by another tool are not counted: the marketplace does not say how many.
const STOCK_SQL = `
SELECT o.local_id, o.server_id, o.outer_name, o.internal_name, o.product_title, o.status, c.json,
  h.uploaded, s.threshold, s.alerted
FROM (SELECT h.local_id, ${SENT_LESS_DELETED} AS uploaded FROM credential_hashes h GROUP BY h.local_id) h
JOIN offers o ON o.local_id = h.local_id
LEFT JOIN server_copies c ON c.local_id = o.local_id
LEFT JOIN offer_stock s ON s.local_id = o.local_id
WHERE o.pending_delete = 0
ORDER BY o.local_id`;

/**
 * The offer as counted: sales and whether credentials are recorded come from the last pull;
 * `pulledStatus` takes the marketplace's status from it too (the row's may be a queued change).
 */
export function stockedOffer(r: StockedOfferColumns, pulledStatus = false): StockedOffer {
  const wire = r.json
    ? (JSON.parse(r.json) as {
        purchased_amount?: unknown;
        credentials_recorded?: unknown;
        status?: unknown;
      })
    : {};
  return {
    localId: r.local_id,
    serverId: r.server_id,
    outerName: r.outer_name,
    internalName: r.internal_name,
    productTitle: r.product_title,
    status: pulledStatus && typeof wire.status === 'number' ? wire.status : r.status,
    uploaded: r.uploaded,
    purchased: typeof wire.purchased_amount === 'number' ? wire.purchased_amount : 0,
    recorded: wire.credentials_recorded === true,
  };
}

export function listStock(ctx: StoreContext): StockRow[] {
  return prep<Row>(ctx, STOCK_SQL)
    .all()
    .map((r) => ({
      ...stockedOffer(r),
      threshold: r.threshold ?? DEFAULT_STOCK_THRESHOLD,
      alerted: r.alerted,
    }));
}

export function setStockThreshold(ctx: StoreContext, localId: number, threshold: number): void {
  prep(
    ctx,
    `INSERT INTO offer_stock (local_id, threshold) VALUES (?, ?)
     ON CONFLICT (local_id) DO UPDATE SET threshold = excluded.threshold`,
  ).run(localId, threshold);
}

/** Records the alert given (null: the episode is over, the next low stock notifies again). */
export function setStockAlerted(
  ctx: StoreContext,
  localId: number,
  alerted: StockAlert | null,
): void {
  prep(
    ctx,
    `INSERT INTO offer_stock (local_id, threshold, alerted) VALUES (?, ${DEFAULT_STOCK_THRESHOLD}, ?)
     ON CONFLICT (local_id) DO UPDATE SET alerted = excluded.alerted`,
  ).run(localId, alerted);
}
