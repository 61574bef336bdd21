// The consequences of a bulk change before anything is queued: per offer before → after (prices
// rounded as the marketplace keeps them, with the rule in words), the live account offers an edit
// sends back to review, the Not Active gold offers it would put back on sale (the fronts say
// whether they stay Not Active: contract/rules/consequenceWords onSaleWarningIn), and the offers
// left out with the reason. Counts cover every selected
// offer; the lines stop at `limit`, so a preview of thousands of offers stays small and quick.
import {
  PRICE_ROUNDING_RULE,
  priceChangeProblem,
  reviewWarning,
  sellerStatuses,
  type PriceChangeMode,
} from '../../../contract/rules';
import type { Locale } from '../../../contract/i18n';
import { UseCaseFailure } from '../failure';
import {
  consequencesIn,
  expectationNote,
  leftOutIn,
  type Expected,
} from '../../../contract/rules/consequenceWords';
import type { SellerProfile } from '../profile';
import {
  offerReader,
  planDelete,
  planPrice,
  planStatus,
  type OfferPlan,
  type OfferReader,
} from './consequences';
import { selectedOffers, type OfferSelection } from './selection';

export type BulkChange =
  | { kind: 'price'; mode: PriceChangeMode; value: number }
  | { kind: 'status'; status: number }
  | { kind: 'delete' };

export interface PreviewLine {
  /** The offer's row, for a front that links to it; never shown. */
  localId: number;
  offer: string;
  before: string;
  after: string;
  toReview: boolean;
  /** A Not Active gold offer the edit would put back on sale (kept Not Active by default). */
  toSale: boolean;
  /** The new price after commission is below what the next unit costs (rules/belowCost). */
  belowCost: boolean;
}

export interface LeftOutLine {
  localId: number;
  offer: string;
  reason: string;
}

export interface ChangePreview {
  selected: number;
  changing: number;
  changes: PreviewLine[];
  leftOutCount: number;
  leftOut: LeftOutLine[];
  toReviewCount: number;
  /** The names of the offers going back to review (up to the limit). */
  toReview: string[];
  /** Not Active gold offers the edit would put back on sale, and their names (up to the limit). */
  toSaleCount: number;
  toSale: string[];
  /**
   * Offers whose new price after commission is below the cost of their next unit: the change
   * is refused unless the seller confirms it (the fronts say it: consequenceWords belowCostIn).
   */
  belowCostCount: number;
  /** How prices are rounded, for a price change. */
  rule: string | null;
  /** Sentences the seller must read before confirming (the review warning). */
  warnings: string[];
}

export const PREVIEW_LINES = 200;
const PREVIEW_READ_PAGE = 500;

export function checkChange(change: BulkChange): void {
  if (change.kind === 'price') {
    // Its catalogue message comes with it (contract/rules/prices.ts), said in the app's language.
    const refusal = priceChangeProblem(change.mode, change.value);
    if (refusal) throw new UseCaseFailure('bad_input', refusal.message, [], { say: refusal.say });
  }
  if (change.kind === 'status' && !(sellerStatuses as readonly number[]).includes(change.status)) {
    throw new UseCaseFailure(
      'bad_input',
      'A seller may set the status to 1 (Draft), 2 (Active), 3 (Not Active) or 5 (On Review).',
      [],
      { say: { key: 'refusals.offers.sellerStatuses' } },
    );
  }
}

export function planOf(read: OfferReader, localId: number, change: BulkChange): OfferPlan {
  switch (change.kind) {
    case 'price':
      return planPrice(read, localId, change.mode, change.value);
    case 'status':
      return planStatus(read, localId, change.status);
    case 'delete':
      return planDelete(read, localId);
  }
}

export function previewChange(
  profile: SellerProfile,
  input: { offers: OfferSelection; change: BulkChange; limit?: number; locale?: Locale },
): ChangePreview {
  checkChange(input.change);
  // The app's language; English (the command line's) without one.
  const locale = input.locale ?? 'en';
  const limit = input.limit ?? PREVIEW_LINES;
  const ids = selectedOffers(profile, input.offers);
  const read = offerReader(profile);
  const preview: ChangePreview = {
    selected: ids.length,
    changing: 0,
    changes: [],
    leftOutCount: 0,
    leftOut: [],
    toReviewCount: 0,
    toReview: [],
    toSaleCount: 0,
    toSale: [],
    belowCostCount: 0,
    rule: input.change.kind === 'price' ? PRICE_ROUNDING_RULE : null,
    warnings: [],
  };
  /** Refusals we expect (assumptions), with how many offers each concerns. */
  const expected: Expected = new Map();
  for (const [i, localId] of ids.entries()) {
    // Offers read a page at a time, table by table, rather than one by one.
    if (i % PREVIEW_READ_PAGE === 0) read.prefetch(ids.slice(i, i + PREVIEW_READ_PAGE));
    const plan = planOf(read, localId, input.change);
    if (plan.kind === 'change' && plan.expected && plan.expectedKey) {
      const seen = expected.get(plan.expectedKey);
      expected.set(plan.expectedKey, { sentence: plan.expected, count: (seen?.count ?? 0) + 1 });
    }
    if (plan.kind === 'left_out') {
      preview.leftOutCount += 1;
      if (preview.leftOut.length < limit) {
        // Said from its key in the app's language (the English is the --dry-run's).
        preview.leftOut.push({ localId, offer: plan.offer, reason: leftOutIn(plan, locale) });
      }
      continue;
    }
    preview.changing += 1;
    if (preview.changes.length < limit) {
      const { offer, before, after, toReview, toSale } = plan;
      const belowCost = plan.belowCost === true;
      preview.changes.push({ localId, offer, before, after, toReview, toSale, belowCost });
    }
    if (plan.belowCost) preview.belowCostCount += 1;
    if (plan.toSale) {
      preview.toSaleCount += 1;
      if (preview.toSale.length < limit) preview.toSale.push(plan.offer);
    }
    if (plan.toReview) {
      preview.toReviewCount += 1;
      if (preview.toReview.length < limit) preview.toReview.push(plan.offer);
    }
  }
  if (preview.toReviewCount > 0) preview.warnings.push(reviewWarning(preview.toReviewCount));
  if (expected.size > 0) preview.rule = expectationNote(expected, locale);
  // In the app's language (the English is the command line's --dry-run).
  return consequencesIn(preview, locale);
}
