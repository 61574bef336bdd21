// Products and offers in the wire shape, for store tests that need no server.
import { randomBytes } from 'node:crypto';
import type { Offer, Product, ProductField } from '../../electron/contract/marketplace/wire';
import { createSecretBox } from '../../electron/core/secrets';
import type { Clock } from '../../electron/core/util/clock';

function field(id: number, productId: number, over: Partial<ProductField> = {}): ProductField {
  return {
    id,
    parent_id: null,
    product_id: productId,
    is_inline: false,
    is_filter: false,
    is_required: false,
    title: `Field ${id}`,
    placeholder: '',
    component_view: 1,
    priority: 0,
    deleted_at: null,
    parent_value_id: null,
    default_value_id: null,
    is_primary: false,
    component_edit: 1,
    has_custom_value: false,
    has_values_counter: false,
    component_view_data: {},
    component_edit_data: {},
    is_hidden: false,
    ranking_weight: 0,
    is_show_in_tags: false,
    title_for_primary: null,
    title_for_tags: null,
    is_sort_values_by_priority: false,
    field_values: [],
    ...over,
  };
}

export const goldProduct: Product = {
  id: 10,
  title: 'Gold Coins EU',
  step_size: 5,
  meta: null,
  is_active: true,
  is_active_for_pro: true,
  marketplace_type: 1,
  related_product: [],
  product_fields: [
    field(101, 10, {
      is_required: true,
      component_edit: 2,
      title: 'Server',
      field_values: [
        {
          id: 1,
          product_field_id: 101,
          value: 'Ragnaros',
          priority: 1,
          deleted_at: null,
          additional_value: null,
        },
        {
          id: 2,
          product_field_id: 101,
          value: 'Thrall',
          priority: 2,
          deleted_at: null,
          additional_value: null,
        },
      ],
    }),
  ],
};

export const accountProduct: Product = {
  id: 20,
  title: 'Accounts NA',
  step_size: 1,
  meta: null,
  is_active: true,
  is_active_for_pro: true,
  marketplace_type: 2,
  related_product: [],
  product_fields: [field(201, 20, { is_required: true, title: 'Level' })],
};

export function goldFields(price: number, server = 'Ragnaros') {
  return {
    price_per_step: price,
    amount: 1000,
    min_purchase_amount: 5,
    data: { '101': server },
  };
}

let nextServerId = 5000;
export function serverOffer(over: Partial<Offer> = {}): Offer {
  const id = over.id ?? nextServerId++;
  return {
    id,
    product_id: 10,
    user_id: 1,
    price_per_step: 1.5,
    amount: 1000,
    min_purchase_amount: 5,
    status: 2,
    marketplace_type: 1,
    guarantee_delivery_time: 3_600_000,
    credential_system_type_id: 3,
    description: '',
    outer_name: '',
    internal_name: '',
    comment_for_reviewer: '',
    image: '',
    is_enabled: true,
    is_auto_activate_status: false,
    data: { '101': 'Ragnaros' },
    screenshots: [],
    original_import_price: 0,
    commission_percent: 0,
    import_status: 0,
    purchased_amount: 0,
    last_review_comment: '',
    credentials_recorded: false,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    deleted_at: null,
    ...over,
  };
}

export function manualClock(start = Date.parse('2026-11-22T00:00:00.000Z')): Clock & {
  advance(ms: number): void;
} {
  let now = start;
  return {
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

export { tempDir, type TempDir } from '../support/tempDir';

export function testSecretBox() {
  return createSecretBox(randomBytes(32));
}
