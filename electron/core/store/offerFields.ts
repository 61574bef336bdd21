// The fields a seller writes on an offer, and the flat "field path" form in which the store keeps
// a local change: top-level fields by name, product fields as `data.<fieldId>`, the same names a
// 400 uses (`offers.<i>.data.<fieldId>`), so an error, a conflict and an input share one key.
import type { DataValue, Offer, OfferWrite } from '../../contract/marketplace/wire';

/** What the seller may change locally; guarantee_delivery_time rides on the manage request. */
export type OfferDraft = Omit<OfferWrite, 'id' | 'credentials'> & {
  guarantee_delivery_time?: number;
};

export const draftFieldNames = [
  'price_per_step',
  'amount',
  'min_purchase_amount',
  'marketplace_type',
  'screenshots',
  'comment_for_reviewer',
  'is_auto_activate_status',
  'outer_name',
  'internal_name',
  'description',
  'credential_system_type_id',
  'booster_price',
  'skycoach_price',
  'import_status',
  'search_description',
  'guarantee_delivery_time',
] as const;
type DraftFieldName = (typeof draftFieldNames)[number];
const draftFieldSet = new Set<string>(draftFieldNames);

/** Placeholder in a local screenshots list for a file still waiting to be uploaded. */
export const QUEUED_SCREENSHOT_PREFIX = 'queued-screenshot:';

/** field path → value; `data` appears as one `data.<id>` entry per product field. */
export type FlatFields = Record<string, unknown>;

export function flattenDraft(draft: OfferDraft): FlatFields {
  const flat: FlatFields = {};
  for (const [key, value] of Object.entries(draft)) {
    if (value === undefined) continue;
    if (key === 'data') {
      for (const [id, v] of Object.entries((value ?? {}) as Record<string, DataValue>)) {
        if (v !== undefined) flat[`data.${id}`] = v;
      }
    } else if (draftFieldSet.has(key)) {
      flat[key] = value;
    }
  }
  return flat;
}

export function unflattenDraft(flat: FlatFields): OfferDraft {
  const draft: Record<string, unknown> = {};
  let data: Record<string, DataValue> | undefined;
  for (const [path, value] of Object.entries(flat)) {
    if (path.startsWith('data.')) {
      data ??= {};
      data[path.slice(5)] = value as DataValue;
    } else {
      draft[path] = value;
    }
  }
  if (data) draft.data = data;
  return draft as OfferDraft;
}

/** The server's value of one field path, in the shape a write would carry. */
export function serverFieldValue(offer: Offer, path: string): unknown {
  if (path.startsWith('data.')) return offer.data[path.slice(5)];
  return (offer as Record<string, unknown>)[path as DraftFieldName];
}

/** The server copy as flat fields (every draft field the offer carries, data per key). */
export function flattenServerOffer(offer: Offer): FlatFields {
  const flat: FlatFields = {};
  for (const name of draftFieldNames) {
    const value = (offer as Record<string, unknown>)[name];
    if (value !== undefined) flat[name] = value;
  }
  for (const [id, v] of Object.entries(offer.data)) flat[`data.${id}`] = v;
  return flat;
}

/**
 * Null, undefined, '' and [] are one "empty" on the wire: the server answers '' for an unset text,
 * and a spreadsheet's empty cell is an empty list of screenshots.
 */
function normalized(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.length === 0 ? null : value.map(normalized);
  return value;
}

export function sameFieldValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalized(a)) === JSON.stringify(normalized(b));
}

/**
 * The fields that identify an offer the seller wrote, for finding it in my_offers after an
 * unknown outcome. Fields the server rewrites (status, screenshots, credential type) are left
 * out so that the server's copy of our create still matches.
 */
const fingerprintFields = new Set<string>([
  'price_per_step',
  'amount',
  'min_purchase_amount',
  'marketplace_type',
  'comment_for_reviewer',
  'outer_name',
  'internal_name',
  'description',
  'guarantee_delivery_time',
]);

export function fingerprintOffer(productId: number, written: FlatFields): string {
  const parts = Object.keys(written)
    .filter((k) => fingerprintFields.has(k) || k.startsWith('data.'))
    .sort()
    .map((k) => `${k}=${JSON.stringify(normalized(written[k]))}`);
  return `${productId}|${parts.join('|')}`;
}

/** The fingerprint of a server offer over the same fields as a written one. */
export function fingerprintServerOffer(offer: Offer, written: FlatFields): string {
  const picked: FlatFields = {};
  for (const k of Object.keys(written)) picked[k] = serverFieldValue(offer, k);
  return fingerprintOffer(offer.product_id, picked);
}
