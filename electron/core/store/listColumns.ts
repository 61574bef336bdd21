// The offers list's sortable columns: the contract names them, the store keeps each in a
// materialized column of `offers` (indexed per filter, see schema.ts).
import type { OfferSortColumn } from '../../contract/ipc/models';

export const listColumnOf = {
  product: 'product_title',
  outer_name: 'outer_name',
  internal_name: 'internal_name',
  price_per_step: 'price_per_step',
  amount: 'amount',
  min_purchase_amount: 'min_purchase_amount',
  guarantee_delivery_time: 'guarantee_delivery_time',
  status: 'status',
  sync_state: 'sync_state',
  updated_at: 'updated_at',
} as const satisfies Record<OfferSortColumn, string>;

export const listSortColumns: readonly string[] = Object.values(listColumnOf);
