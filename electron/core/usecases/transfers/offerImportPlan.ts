// What each row of an offers file would do, decided once for both fronts: a new offer, an edit of
// the offer its `id` names, nothing (a duplicate, or an edit that changes nothing), or a problem
// with its line and column. Nothing is written here.
import type { OfferWrite, Product } from '../../../contract/marketplace/wire';
import type { OfferSheetRow } from '../../imports/offers';
import {
  fingerprintOffer,
  flattenDraft,
  type FlatFields,
  type ImportedOffer,
  type Store,
} from '../../store';
import type { Problem } from '../failure';

export type PlannedRow =
  | { line: number; action: 'create'; fields: OfferWrite; deliveryTime: number }
  | {
      line: number;
      action: 'edit';
      localId: number;
      fields: OfferWrite & { guarantee_delivery_time?: number };
    };

export interface ImportPlan {
  planned: PlannedRow[];
  /** Row problems, in file order. */
  problems: Problem[];
  /** Rows equal to an earlier row of the file or to an offer already there: never created. */
  duplicates: number;
  /** Rows naming an offer by id whose values are already those. */
  unchanged: number;
}

/**
 * "Already there" for a new row: an offer of the product (queued or on the marketplace) with the
 * same values in every column the row fills. Rows of one file share their columns, so the
 * existing offers are read once and fingerprinted once per set of columns: a lookup per row.
 */
function duplicateFinder(store: Store, productId: number) {
  let existing: FlatFields[] | null = null;
  const byColumns = new Map<string, Set<string>>();
  const seenInFile = new Set<string>();
  return (written: FlatFields): boolean => {
    const print = fingerprintOffer(productId, written);
    if (seenInFile.has(print)) return true;
    seenInFile.add(print);
    const columns = Object.keys(written).sort().join(',');
    let prints = byColumns.get(columns);
    if (!prints) {
      existing ??= store.liveOffersOfProduct(productId).map((offer) => offer.fields);
      prints = new Set(
        existing.map((fields) => {
          const picked: FlatFields = {};
          for (const key of Object.keys(written)) picked[key] = fields[key];
          return fingerprintOffer(productId, picked);
        }),
      );
      byColumns.set(columns, prints);
    }
    return prints.has(print);
  };
}

function withoutId(offer: OfferWrite): OfferWrite {
  const { id: _id, ...fields } = offer;
  return fields;
}

function rowProblems(row: OfferSheetRow): Problem[] {
  return row.problems.map((p) => ({ line: p.line, field: p.column, message: p.message }));
}

export function planOfferRows(
  store: Store,
  product: Product,
  rows: readonly OfferSheetRow[],
  defaultDeliveryTime: number,
): ImportPlan {
  const plan: ImportPlan = { planned: [], problems: [], duplicates: 0, unchanged: 0 };
  const isDuplicate = duplicateFinder(store, product.id);
  for (const row of rows) {
    const problems = rowProblems(row);
    const fields = withoutId(row.offer);
    if (typeof row.offer.id === 'number') {
      const edit = planEdit(store, product, row, fields, problems);
      if (edit === 'unchanged') plan.unchanged++;
      else if (edit) plan.planned.push(edit);
      else plan.problems.push(...problems);
      continue;
    }
    if (problems.length > 0) {
      plan.problems.push(...problems);
      continue;
    }
    const deliveryTime = row.deliveryTimeMs ?? defaultDeliveryTime;
    if (isDuplicate(flattenDraft({ ...fields, guarantee_delivery_time: deliveryTime }))) {
      plan.duplicates++;
      continue;
    }
    plan.planned.push({ line: row.line, action: 'create', fields, deliveryTime });
  }
  return plan;
}

/** An `id` row: an edit of that offer, `unchanged`, or null with its problems added. */
function planEdit(
  store: Store,
  product: Product,
  row: OfferSheetRow,
  fields: OfferWrite,
  problems: Problem[],
): PlannedRow | 'unchanged' | null {
  const id = row.offer.id!;
  const known = store.offerOfServerId(id);
  if (!known) {
    problems.push({
      line: row.line,
      field: 'id',
      message: `offer ${id} is not among your offers in Seller Desk yet: sync, then import again`,
    });
  } else if (known.productId !== product.id) {
    problems.push({
      line: row.line,
      field: 'id',
      message: `offer ${id} is an offer of product ${known.productId}, not of ${product.title}`,
    });
  }
  if (problems.length > 0 || !known) return null;
  // The delivery time changes only when the row gives one: the default is for new offers.
  const patch = {
    ...fields,
    ...(row.deliveryTimeMs !== undefined && { guarantee_delivery_time: row.deliveryTimeMs }),
  };
  const changed = Object.entries(flattenDraft(patch)).some(
    ([key, value]) => JSON.stringify(known.fields[key] ?? null) !== JSON.stringify(value ?? null),
  );
  if (!changed) return 'unchanged';
  return { line: row.line, action: 'edit', localId: known.localId, fields: patch };
}

export function importedOffer(row: PlannedRow): ImportedOffer {
  return row.action === 'create'
    ? { action: 'create', fields: row.fields, guaranteeDeliveryTime: row.deliveryTime }
    : { action: 'edit', localId: row.localId, patch: row.fields };
}
