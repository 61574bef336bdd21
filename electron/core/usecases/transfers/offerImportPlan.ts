// What each row of an offers file would do, decided once for both fronts: a new offer, an edit of
// the offer its `id` names, nothing (a duplicate, or an edit that changes nothing), or a problem
// with its line and column. An edit of an offer already on the marketplace also says what it does
// there (price before → after, rounded as the marketplace keeps it; a live account offer going
// back to review); a row editing a sold offer is left out with the reason. Nothing is written here.
import { translate, type Locale } from '../../../contract/i18n';
import { problemSentence } from '../../../contract/rules/fieldLabels';
import { consequencesIn } from '../../../contract/rules/consequenceWords';
import {
  editPutsOnSale,
  editSendsToReview,
  formatPrice,
  sellsBelowCost,
  PRICE_ROUNDING_RULE,
  reviewWarning,
  roundPrice,
  SOLD_LEFT_OUT,
} from '../../../contract/rules';
import {
  CredentialSystem,
  MarketplaceType,
  OfferStatus,
  type MarketplaceTypeValue,
  type OfferWrite,
  type Product,
} from '../../../contract/marketplace/wire';
import type { OfferSheetRow } from '../../imports/offers';
import {
  fingerprintOffer,
  flattenDraft,
  sameFieldValue,
  type FlatFields,
  type ImportedOffer,
  type Store,
} from '../../store';
import type { Problem } from '../failure';
import { afterPutOnSale } from '../offers/consequences';
import { namedOffer } from '../offers/offerName';

export type PlannedRow =
  | { line: number; action: 'create'; fields: OfferWrite; deliveryTime: number }
  | {
      line: number;
      action: 'edit';
      localId: number;
      fields: OfferWrite & { guarantee_delivery_time?: number };
      /** A Not Active gold offer the edit puts back on sale (kept Not Active unless chosen). */
      toSale?: boolean;
      /** Its new price after commission is below the cost of its next unit. */
      belowCost?: boolean;
    };

/** At most this many lines of consequences are kept; the counts cover every row. */
const CONSEQUENCE_LINES = 200;

export interface ImportConsequences {
  /** Edits of offers on the marketplace, by line: the offer, before → after. */
  changes: {
    line: number;
    offer: string;
    before: string;
    after: string;
    toReview: boolean;
    toSale: boolean;
    belowCost: boolean;
  }[];
  changing: number;
  toReviewCount: number;
  toReview: string[];
  /** Not Active gold offers the edits put back on sale (kept Not Active unless chosen). */
  toSaleCount: number;
  toSale: string[];
  /** Edits whose new price after commission is below the cost of the next unit. */
  belowCostCount: number;
  /** Rows left out, with the reason (a sold offer). */
  leftOut: { line: number; offer: string; reason: string }[];
  leftOutCount: number;
  rule: string;
  warnings: string[];
  /**
   * The status the new offers are expected to get, by the document's manage rules and what the
   * create will carry (an offer file carries no credentials): null when the file creates none.
   */
  forecast: string | null;
}

export interface ImportPlan {
  planned: PlannedRow[];
  consequences: ImportConsequences;
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

/** A row's problems in the app's language (a rule's catalogue message); English as parsed. */
function rowProblems(row: OfferSheetRow, locale: Locale): Problem[] {
  return row.problems.map((p) => ({
    line: p.line,
    field: p.column,
    message: problemSentence(p, locale),
  }));
}

export function planOfferRows(
  store: Store,
  product: Product,
  rows: readonly OfferSheetRow[],
  defaultDeliveryTime: number,
  /** The language of the consequences' words; English, the command line's, without one. */
  locale: Locale = 'en',
): ImportPlan {
  const plan: ImportPlan = {
    planned: [],
    consequences: {
      changes: [],
      changing: 0,
      toReviewCount: 0,
      toReview: [],
      toSaleCount: 0,
      toSale: [],
      belowCostCount: 0,
      leftOut: [],
      leftOutCount: 0,
      rule: PRICE_ROUNDING_RULE,
      warnings: [],
      forecast: null,
    },
    problems: [],
    duplicates: 0,
    unchanged: 0,
  };
  const isDuplicate = duplicateFinder(store, product.id);
  for (const row of rows) {
    const problems = rowProblems(row, locale);
    const fields = withoutId(row.offer);
    if (typeof row.offer.id === 'number') {
      const edit = planEdit(store, product, row, fields, problems);
      if (edit === 'unchanged') plan.unchanged++;
      else if (edit && noteConsequence(store, product, plan.consequences, edit)) {
        plan.planned.push(edit);
      } else if (!edit) plan.problems.push(...problems);
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
  const c = plan.consequences;
  if (c.toReviewCount > 0) c.warnings.push(reviewWarning(c.toReviewCount));
  c.forecast = createForecast(product, plan.planned, locale);
  // In the app's language (built in English, which the command line prints).
  plan.consequences = consequencesIn(c, locale);
  return plan;
}

/**
 * The document's manage rules for the creates of this file: gold offers go Active; an account
 * offer with the credential system Multiple and no active credentials goes Not Active, else On
 * Review. Its credentials, queued before it is sent, go in the same create (then On Review).
 */
function createForecast(
  product: Product,
  planned: readonly PlannedRow[],
  locale: Locale,
): string | null {
  const creates = planned.filter(
    (p): p is Extract<PlannedRow, { action: 'create' }> => p.action === 'create',
  );
  if (creates.length === 0) return null;
  if (locale !== 'en') return forecastIn(product, creates, locale);
  const offers = (n: number, one: string, many: string) =>
    n === 1 ? `1 new offer ${one}` : `${n} new offers ${many}`;
  if (product.marketplace_type === MarketplaceType.Gold) {
    return `${offers(creates.length, 'goes', 'go')} live (Active) once the marketplace accepts them.`;
  }
  const none = creates.filter(
    (p) => p.fields.credential_system_type_id === CredentialSystem.None,
  ).length;
  const multiple = creates.length - none;
  const parts: string[] = [];
  if (multiple > 0) {
    parts.push(
      `${offers(multiple, 'will be', 'will be')} Not Active: with the credential system Multiple and no credentials yet they stay hidden. Add their credentials before they are sent and they go with them, to review (On Review).`,
    );
  }
  if (none > 0) {
    parts.push(
      `${offers(none, 'without a credential system goes', 'without a credential system go')} to review (On Review).`,
    );
  }
  return parts.join(' ');
}

/** The forecast from the consequences catalogue (its English is createForecast's). */
function forecastIn(
  product: Product,
  creates: readonly Extract<PlannedRow, { action: 'create' }>[],
  locale: Locale,
): string {
  if (product.marketplace_type === MarketplaceType.Gold) {
    return translate(locale, 'consequences.forecast.gold', { count: creates.length });
  }
  const none = creates.filter(
    (p) => p.fields.credential_system_type_id === CredentialSystem.None,
  ).length;
  const multiple = creates.length - none;
  return [
    multiple > 0 ? translate(locale, 'consequences.forecast.multiple', { count: multiple }) : '',
    none > 0 ? translate(locale, 'consequences.forecast.none', { count: none }) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * What an edit row does to the offer on the marketplace, noted in `c`; false when the row is left
 * out (a sold offer: an edit would have the marketplace judge it again).
 */
function noteConsequence(
  store: Store,
  product: Product,
  c: ImportConsequences,
  edit: Extract<PlannedRow, { action: 'edit' }>,
): boolean {
  const offer = store.getOffer(edit.localId);
  if (!offer) return true;
  const type = product.marketplace_type as MarketplaceTypeValue;
  const name = namedOffer(offer, product.title);
  const status = offer.server?.status ?? null;
  if (status === OfferStatus.Sold) {
    c.leftOutCount++;
    if (c.leftOut.length < CONSEQUENCE_LINES) {
      c.leftOut.push({ line: edit.line, offer: name, reason: SOLD_LEFT_OUT });
    }
    return false;
  }
  const price = edit.fields.price_per_step;
  if (typeof price === 'number') edit.fields.price_per_step = roundPrice(price, type);
  const current = flattenDraft(offer.fields);
  const changed = Object.entries(flattenDraft(edit.fields))
    .filter(([key, value]) => !sameFieldValue(current[key], value))
    .map(([key]) => key);
  const before = offer.fields.price_per_step;
  const priceChanges =
    typeof edit.fields.price_per_step === 'number' && edit.fields.price_per_step !== before;
  const others = changed.filter((key) => key !== 'price_per_step').length;
  const otherWords = others > 0 ? `${others} other field${others === 1 ? '' : 's'}` : '';
  const toReview = offer.serverId !== null && editSendsToReview(type, status);
  const toSale = offer.serverId !== null && editPutsOnSale(type, status);
  const belowCost =
    priceChanges &&
    sellsBelowCost(
      edit.fields.price_per_step!,
      offer.server?.commission_percent,
      store.profit().nextUnitCosts([edit.localId]).get(edit.localId),
    );
  edit.toSale = toSale;
  edit.belowCost = belowCost;
  c.changing++;
  if (toReview) {
    c.toReviewCount++;
    if (c.toReview.length < CONSEQUENCE_LINES) c.toReview.push(name);
  }
  if (toSale) {
    c.toSaleCount++;
    if (c.toSale.length < CONSEQUENCE_LINES) c.toSale.push(name);
  }
  if (belowCost) c.belowCostCount++;
  if (c.changes.length < CONSEQUENCE_LINES) {
    c.changes.push({
      line: edit.line,
      offer: name,
      before:
        priceChanges && typeof before === 'number' ? `price ${formatPrice(before, type)}` : '',
      after: [
        priceChanges ? `price ${formatPrice(edit.fields.price_per_step!, type)}` : '',
        otherWords,
      ]
        .filter(Boolean)
        .join(', '),
      toReview,
      toSale,
      belowCost,
    });
  }
  return true;
}

/** An `id` row: an edit of that offer, `unchanged`, or null with its problems added. */
function planEdit(
  store: Store,
  product: Product,
  row: OfferSheetRow,
  fields: OfferWrite,
  problems: Problem[],
): Extract<PlannedRow, { action: 'edit' }> | 'unchanged' | null {
  const id = row.offer.id!;
  const known = store.offerOfServerId(id);
  if (!known) {
    problems.push({
      line: row.line,
      field: row.idColumn ?? 'id',
      message: `offer ${id} is not among your offers in Seller Desk yet: sync, then import again`,
    });
  } else if (known.productId !== product.id) {
    problems.push({
      line: row.line,
      field: row.idColumn ?? 'id',
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
    ([key, value]) => !sameFieldValue(known.fields[key], value),
  );
  if (!changed) return 'unchanged';
  return { line: row.line, action: 'edit', localId: known.localId, fields: patch };
}

/**
 * A planned row as the store queues it. An edit of a Not Active gold offer goes with a status
 * change back to Not Active, unless the seller chose to put such offers back on sale.
 */
export function importedOffer(row: PlannedRow, putOnSale = false): ImportedOffer {
  if (row.action === 'create') {
    return { action: 'create', fields: row.fields, guaranteeDeliveryTime: row.deliveryTime };
  }
  return {
    action: 'edit',
    localId: row.localId,
    patch: row.fields,
    ...(row.toSale && { thenStatus: afterPutOnSale(putOnSale) }),
  };
}
