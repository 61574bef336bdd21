import { describe, expect, it } from 'vitest';
import type { Product, ProductField } from '../../electron/contract/marketplace/wire';
import {
  editorFieldOf,
  forecastStatus,
  formFromDetail,
  groupProblems,
  newOfferForm,
  readForm,
} from '../../renderer/src/lib/offerForm';
import type { OfferDetail } from '../../electron/contract/ipc/models';

function field(
  id: number,
  title: string,
  componentEdit: number,
  required: boolean,
  values: string[] = [],
): ProductField {
  return {
    id,
    parent_id: null,
    product_id: 1,
    is_inline: false,
    is_filter: false,
    is_required: required,
    title,
    placeholder: '',
    component_view: 1,
    priority: id,
    deleted_at: null,
    parent_value_id: null,
    default_value_id: null,
    is_primary: false,
    component_edit: componentEdit,
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
    field_values: values.map((value, i) => ({
      id: id * 100 + i,
      product_field_id: id,
      value,
      priority: i,
      deleted_at: null,
      additional_value: null,
    })),
  };
}

function product(type: 1 | 2, fields: ProductField[], stepSize = 1): Product {
  return {
    id: type === 1 ? 10 : 20,
    title: type === 1 ? 'Gold' : 'Account',
    step_size: stepSize,
    meta: null,
    is_active: true,
    is_active_for_pro: true,
    marketplace_type: type,
    related_product: [],
    product_fields: fields,
  };
}

const gold = product(1, [field(1, 'Server', 2, true, ['EU', 'US'])], 100);
const account = product(2, [
  field(2, 'Region', 2, true, ['EU', 'NA']),
  field(3, 'Level', 3, false),
  field(4, 'Mystery', 42, false),
]);

describe('offer form', () => {
  it('a complete gold offer becomes a save input with delivery in ms and Active as forecast', () => {
    const form = newOfferForm(gold);
    form.price = '0,5';
    form.amount = '5000';
    form.deliveryValue = '2';
    form.deliveryUnit = 'hours';
    form.data['1'] = 'EU';
    const { input, problems } = readForm(form, gold);
    expect(problems.size).toBe(0);
    expect(input).toMatchObject({
      productId: 10,
      deliveryTimeMs: 7_200_000,
      fields: {
        price_per_step: 0.5,
        amount: 5000,
        min_purchase_amount: 100,
        marketplace_type: 1,
        data: { '1': 'EU' },
      },
    });
    expect(input?.fields.outer_name).toBeUndefined();
    expect(forecastStatus(form, gold, problems, 0).status).toBe(2);
  });

  it('a gold offer missing a required field or below the step size is not saved', () => {
    const form = newOfferForm(gold);
    form.price = '1';
    form.amount = '10';
    form.minPurchase = '50';
    const { input, problems } = readForm(form, gold);
    expect(input).toBeNull();
    expect(problems.get('data.1')?.[0]?.message).toMatch(/Server/);
    expect(problems.get('min_purchase_amount')?.[0]?.message).toMatch(/step size/);
  });

  it('non-numbers are named at their field', () => {
    const form = newOfferForm(gold);
    form.price = 'cheap';
    expect(readForm(form, gold).problems.get('price_per_step')?.[0]?.message).toMatch(/number/);
  });

  it('an account offer with a missing product field names it with its options, and is not saved', () => {
    const form = newOfferForm(account);
    form.price = '25';
    form.outerName = 'Diamond account';
    const { input, problems } = readForm(form, account);
    expect(problems.get('data.2')?.[0]?.allowedValues).toEqual(['EU', 'NA']);
    expect(input).toBeNull();
    expect(forecastStatus(form, account, problems, 0).status).toBe(4);
  });

  it('account forecast: no credentials under Multiple → Not Active; with one → On Review', () => {
    const form = newOfferForm(account);
    form.price = '25';
    form.data['2'] = 'EU';
    const { problems } = readForm(form, account);
    expect(problems.size).toBe(0);
    expect(forecastStatus(form, account, problems, 0).status).toBe(3);
    expect(forecastStatus(form, account, problems, 1).status).toBe(5);
    form.credentialSystem = 1;
    expect(forecastStatus(form, account, problems, 0).status).toBe(5);
  });

  it('account forecast by what the request carries: credentials riding in the create are exact; an offer on the marketplace rests on an assumption', () => {
    const form = newOfferForm(account);
    form.price = '25';
    form.data['2'] = 'EU';
    const { problems } = readForm(form, account);
    // A new offer: its 3 queued credentials go in the create, so On Review, no assumption.
    const riding = forecastStatus(form, account, problems, {
      riding: 3,
      onMarketplace: false,
      uploaded: 0,
    });
    expect(riding).toMatchObject({ status: 5 });
    expect(riding.why).toContain('3 credentials go with it in the same request');
    expect(riding.assumption).toBeUndefined();
    // Already on the marketplace with credentials sent before (some may be sold): On Review
    // only if one is still unsold, which the marketplace does not tell; said as an assumption.
    const edited = forecastStatus(form, account, problems, {
      riding: 0,
      onMarketplace: true,
      uploaded: 4,
    });
    expect(edited.status).toBe(5);
    expect(edited.assumption).toMatch(/assumes at least one of its credentials is still unsold/);
    // Never given any: Not Active, for sure.
    const none = forecastStatus(form, account, problems, {
      riding: 0,
      onMarketplace: true,
      uploaded: 0,
    });
    expect(none).toMatchObject({ status: 3 });
    expect(none.assumption).toBeUndefined();
  });

  it('account text limits are enforced as the seller types', () => {
    const form = newOfferForm(account);
    form.price = '25';
    form.data['2'] = 'EU';
    form.description = 'x'.repeat(651);
    const { input, problems } = readForm(form, account);
    expect(input).toBeNull();
    expect(problems.get('description')?.[0]?.message).toMatch(/650/);
  });

  it('number fields are sent as numbers; unknown kinds and untouched write fields are kept', () => {
    const detail = {
      row: {} as OfferDetail['row'],
      product: account,
      fields: {
        price_per_step: 30,
        amount: 1,
        min_purchase_amount: 1,
        marketplace_type: 2,
        data: { '2': 'NA', '3': 7, '4': ['a', 'b'] },
        outer_name: 'Acc',
        search_description: 'keep me',
        credential_system_type_id: 2,
      },
      deliveryTimeMs: 86_400_000,
      problems: [],
      conflicts: [],
      screenshots: [],
      credentials: { queued: 0, uploadedHashes: 0, system: 3 },
      lastReviewComment: null,
    } as unknown as OfferDetail;
    const form = formFromDetail(detail);
    expect(form.deliveryValue).toBe('1');
    expect(form.deliveryUnit).toBe('days');
    expect(form.credentialSystem).toBe(3);
    form.data['3'] = '12';
    const { input } = readForm(form, account, 9);
    expect(input?.localId).toBe(9);
    expect(input?.fields.data).toEqual({ '2': 'NA', '3': 12, '4': ['a', 'b'] });
    expect(input?.fields.search_description).toBe('keep me');
  });

  it('server problems are placed at the field the seller edits', () => {
    expect(editorFieldOf('offers.3.data.12')).toBe('data.12');
    const grouped = groupProblems([
      { field: 'offers.0.price_per_step', message: 'too low' },
      { field: 'offers.0.price_per_step', message: 'also wrong' },
    ]);
    expect(grouped.get('price_per_step')?.map((p) => p.message)).toEqual(['too low', 'also wrong']);
  });
});
