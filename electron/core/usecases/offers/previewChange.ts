// The consequences of a bulk change before anything is queued: per offer before → after (prices
// rounded as the marketplace keeps them, with the rule in words), the live account offers an edit
// sends back to review, and the offers left out with the reason. Counts cover every selected
// offer; the lines stop at `limit`, so a preview of thousands of offers stays small and quick.
import {
  PRICE_ROUNDING_RULE,
  priceChangeRefusal,
  reviewWarning,
  sellerStatuses,
  type PriceChangeMode,
} from '../../../contract/rules';
import type { Locale, MessageKey } from '../../../contract/i18n';
import { UseCaseFailure } from '../failure';
import {
  expectationNote,
  offerNameIn,
  reasonIn,
  ruleIn,
  valueIn,
  warningIn,
} from './consequenceWords';
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
  /** How prices are rounded, for a price change. */
  rule: string | null;
  /** Sentences the seller must read before confirming (the review warning). */
  warnings: string[];
}

export const PREVIEW_LINES = 200;
const PREVIEW_READ_PAGE = 500;

/** contract/rules/prices.ts's refusals, as the app says them. */
const priceRefusalKeys: Record<string, MessageKey> = {
  'The change must be a number, like 10 or -5.': 'refusals.offers.priceNotNumber',
  'A change of zero changes nothing.': 'refusals.offers.priceZero',
  'A price cannot drop by 100 % or more.': 'refusals.offers.priceDrop100',
};

export function checkChange(change: BulkChange): void {
  if (change.kind === 'price') {
    const refusal = priceChangeRefusal(change.mode, change.value);
    if (refusal) {
      const key = priceRefusalKeys[refusal];
      throw new UseCaseFailure('bad_input', refusal, [], key ? { say: { key } } : {});
    }
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
    rule: input.change.kind === 'price' ? PRICE_ROUNDING_RULE : null,
    warnings: [],
  };
  /** Refusals we expect (assumptions), with how many offers each concerns. */
  const expected = new Map<string, number>();
  for (const [i, localId] of ids.entries()) {
    // Offers read a page at a time, table by table, rather than one by one.
    if (i % PREVIEW_READ_PAGE === 0) read.prefetch(ids.slice(i, i + PREVIEW_READ_PAGE));
    const plan = planOf(read, localId, input.change);
    if (plan.kind === 'change' && plan.expected) {
      expected.set(plan.expected, (expected.get(plan.expected) ?? 0) + 1);
    }
    if (plan.kind === 'left_out') {
      preview.leftOutCount += 1;
      if (preview.leftOut.length < limit) {
        preview.leftOut.push({ localId, offer: plan.offer, reason: plan.reason });
      }
      continue;
    }
    preview.changing += 1;
    if (preview.changes.length < limit) {
      const { offer, before, after, toReview } = plan;
      preview.changes.push({ localId, offer, before, after, toReview });
    }
    if (plan.toReview) {
      preview.toReviewCount += 1;
      if (preview.toReview.length < limit) preview.toReview.push(plan.offer);
    }
  }
  if (preview.toReviewCount > 0) preview.warnings.push(reviewWarning(preview.toReviewCount));
  if (expected.size > 0) preview.rule = expectationNote(expected, locale);
  return previewIn(preview, locale);
}

/** The preview in the app's language (the English is the command line's --dry-run). */
function previewIn(preview: ChangePreview, locale: Locale): ChangePreview {
  if (locale === 'en') return preview;
  return {
    ...preview,
    changes: preview.changes.map((line) => ({
      ...line,
      offer: offerNameIn(line.offer, locale),
      before: valueIn(line.before, locale),
      after: valueIn(line.after, locale),
    })),
    leftOut: preview.leftOut.map((line) => ({
      ...line,
      offer: offerNameIn(line.offer, locale),
      reason: reasonIn(line.reason, locale),
    })),
    toReview: preview.toReview.map((name) => offerNameIn(name, locale)),
    rule: ruleIn(preview.rule, locale),
    warnings: preview.warnings.map((w) =>
      warningIn(w, preview.toReviewCount, locale, reviewWarning(preview.toReviewCount)),
    ),
  };
}
