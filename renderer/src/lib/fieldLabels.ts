// Field names as the seller reads them: "Price per step", or a product field's own title.
import type { Product } from '../../../electron/contract/marketplace/wire';

const writeFieldLabels: Record<string, string> = {
  price_per_step: 'Price per step',
  amount: 'Amount',
  min_purchase_amount: 'Min purchase amount',
  guarantee_delivery_time: 'Delivery time',
  outer_name: 'Name shown to buyers',
  internal_name: 'Internal name',
  description: 'Description',
  booster_price: 'Booster price',
  credential_system_type_id: 'Credential system',
  comment_for_reviewer: 'Comment for the reviewer',
  is_auto_activate_status: 'Activate after review',
  marketplace_type: 'Marketplace type',
  screenshots: 'Screenshots',
  data: 'Product fields',
};

export function fieldLabel(field: string, product?: Product | null): string {
  const data = /^data\.(.+)$/.exec(field);
  if (data) {
    const found = product?.product_fields.find((f) => String(f.id) === data[1]);
    return found ? found.title : `Product field ${data[1]}`;
  }
  return writeFieldLabels[field] ?? field.replace(/_/g, ' ');
}

export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
