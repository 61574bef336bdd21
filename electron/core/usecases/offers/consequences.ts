// What a bulk change would do to one offer, decided once: the preview shows it and the change
// applies it, so what the seller confirmed is what gets queued. An offer the change does not apply
// to is left out with the reason (a sold offer, no price, a price that would fall to 0, a status
// it already has, an offer already waiting to be deleted).
import {
  changedPrice,
  editPutsOnSale,
  KEEP_PAUSED_STATUS,
  editSendsToReview,
  formatPrice,
  SOLD_LEFT_OUT,
  sellsBelowCost,
  statusChangeExpected,
  statusName,
  type StatusExpectation,
  type PriceChangeMode,
  type ProblemSay,
} from '../../../contract/rules';
import {
  OfferStatus,
  type MarketplaceTypeValue,
  type OfferStatusValue,
  type Product,
} from '../../../contract/marketplace/wire';
import type { PlannedOffer } from '../../store';
import type { SellerProfile } from '../profile';
import { namedOffer } from './offerName';

export type OfferPlan =
  | {
      kind: 'change';
      localId: number;
      offer: string;
      before: string;
      after: string;
      /** A live account offer that this edit takes off sale until review. */
      toReview: boolean;
      /** A Not Active gold offer that this edit puts back on sale (unless paused again). */
      toSale: boolean;
      /** The new price after commission is below the cost of the next unit (rules/belowCost). */
      belowCost?: boolean;
      /** For a price change: the new price, rounded. */
      price?: number;
      /** A refusal we expect (an assumption, not a rule): said to the seller, sent anyway. */
      expected?: string;
      /** Its catalogue message's key, said with the count of offers it concerns. */
      expectedKey?: StatusExpectation['key'];
    }
  | {
      kind: 'left_out';
      localId: number;
      offer: string;
      reason: string;
      /** The reason as a catalogue message, for the app (`reason` is the command line's English). */
      say?: ProblemSay;
      /** Already as asked (the status it has): nothing to do, which is not a refusal. */
      already?: boolean;
    };

/**
 * Reads offers and their products for one preview or change (each product parsed once). A long
 * change reads each chunk's offers at once first (`prefetch`), table by table.
 */
export function offerReader(profile: SellerProfile) {
  const store = profile.store();
  const products = new Map<number, Product | null>();
  const product = (id: number) => {
    if (!products.has(id)) products.set(id, store.getProduct(id));
    return products.get(id) ?? null;
  };
  let chunk = new Map<number, PlannedOffer>();
  // What the next unit of each offer costs the seller (profit's costs), read with the chunk.
  let costs = new Map<number, number>();
  let costed = new Set<number>();
  return {
    prefetch: (localIds: readonly number[]) => {
      chunk = store.bulkChanges().planned(localIds);
      costs = store.profit().nextUnitCosts(localIds);
      costed = new Set(localIds);
    },
    // Read as a chunk is (with the status still queued), so one offer plans as it would in a chunk.
    offer: (localId: number): PlannedOffer | null =>
      chunk.get(localId) ?? store.bulkChanges().planned([localId]).get(localId) ?? null,
    /** The cost of the next unit sold, or null with no cost set. */
    unitCost: (localId: number): number | null => {
      if (!costed.has(localId)) return store.profit().nextUnitCosts([localId]).get(localId) ?? null;
      return costs.get(localId) ?? null;
    },
    product,
    name: (offer: PlannedOffer) => namedOffer(offer, product(offer.productId)?.title),
  };
}
export type OfferReader = ReturnType<typeof offerReader>;

const gone = (localId: number): OfferPlan => ({
  kind: 'left_out',
  localId,
  offer: 'An offer that no longer exists',
  reason: 'This offer no longer exists.',
  say: { key: 'offers.gone' },
});

/** The plan for an offer a change leaves as it is, and why. */
const leftOutAs =
  (localId: number, offer: string) =>
  (reason: string, say?: ProblemSay): OfferPlan => ({
    kind: 'left_out',
    localId,
    offer,
    reason,
    ...(say && { say }),
  });

/**
 * What goes with the edit of an offer it puts back on sale: a status change back to Not Active
 * (the default), or, when the seller lets it go on sale, none (null drops a status change still
 * waiting, which would otherwise pause it again).
 */
export function afterPutOnSale(putOnSale: boolean | undefined): typeof KEEP_PAUSED_STATUS | null {
  return putOnSale ? null : KEEP_PAUSED_STATUS;
}

/** The status the offer has once what is queued has gone: the last one asked, else its own. */
const statusAfterQueued = (offer: PlannedOffer) =>
  offer.pendingStatus ?? offer.server?.status ?? null;

const isDeleting = (offer: PlannedOffer) => offer.pending.some((op) => op.kind === 'delete');

export function planPrice(
  read: OfferReader,
  localId: number,
  mode: PriceChangeMode,
  value: number,
): OfferPlan {
  const offer = read.offer(localId);
  if (!offer) return gone(localId);
  const name = read.name(offer);
  const leftOut = leftOutAs(localId, name);
  if (isDeleting(offer)) return leftOut('Waiting to be deleted.', { key: 'offers.waitingDelete' });
  const status = offer.server?.status ?? null;
  // A manage edit of a sold offer makes the marketplace re-judge it (a sold-out account offer
  // came back Not Active): a sold offer is never edited by a bulk change.
  if (status === OfferStatus.Sold) return leftOut(SOLD_LEFT_OUT, { key: 'offers.soldLeftOut' });
  const product = read.product(offer.productId);
  if (!product)
    return leftOut('Its product is not in the local catalogue: pull first.', {
      key: 'offers.noProduct',
    });
  const type = product.marketplace_type as MarketplaceTypeValue;
  const current = offer.fields.price_per_step;
  if (typeof current !== 'number') return leftOut('No price yet.', { key: 'offers.noPrice' });
  const next = changedPrice(current, mode, value, type);
  if (next <= 0) {
    return leftOut(`The new price would be ${formatPrice(next, type)}: a price must be above 0.`, {
      key: 'offers.priceToZero',
      values: { price: next },
    });
  }
  if (next === current) {
    return leftOut(`The price stays ${formatPrice(current, type)} once rounded.`, {
      key: 'offers.priceStays',
      values: { price: current },
    });
  }
  return {
    kind: 'change',
    localId,
    offer: name,
    before: formatPrice(current, type),
    after: formatPrice(next, type),
    toReview: editSendsToReview(type, status),
    toSale: editPutsOnSale(type, statusAfterQueued(offer)),
    belowCost: sellsBelowCost(next, offer.server?.commission_percent, read.unitCost(localId)),
    price: next,
  };
}

export function planStatus(read: OfferReader, localId: number, target: number): OfferPlan {
  const offer = read.offer(localId);
  if (!offer) return gone(localId);
  const name = read.name(offer);
  const leftOut = leftOutAs(localId, name);
  if (isDeleting(offer)) return leftOut('Waiting to be deleted.', { key: 'offers.waitingDelete' });
  const from = (offer.server?.status ?? OfferStatus.Draft) as OfferStatusValue;
  const hasQueuedStatus = offer.pending.some((op) => op.kind === 'status');
  if (from === target && !hasQueuedStatus) {
    // The status as its number: said as the language names it (consequenceWords leftOutIn).
    const say = { key: 'offers.alreadyStatus', values: { status: target } } as const;
    return { ...leftOut(`Already ${statusName(target)}.`, say), already: true } as OfferPlan;
  }
  const product = read.product(offer.productId);
  // What we expect the marketplace to refuse is said, not enforced: the change goes.
  let expected: StatusExpectation | null = null;
  if (product) {
    const screenshots = Array.isArray(offer.fields.screenshots)
      ? offer.fields.screenshots.length
      : 0;
    expected = statusChangeExpected(from, target, {
      marketplaceType: product.marketplace_type as MarketplaceTypeValue,
      screenshots,
    });
  }
  return {
    kind: 'change',
    localId,
    offer: name,
    before: offer.server ? statusName(from) : 'Not sent yet',
    after: statusName(target),
    toReview: false,
    toSale: false,
    ...(expected && { expected: expected.sentence, expectedKey: expected.key }),
  };
}

export function planDelete(read: OfferReader, localId: number): OfferPlan {
  const offer = read.offer(localId);
  if (!offer) return gone(localId);
  const name = read.name(offer);
  if (isDeleting(offer)) {
    return {
      kind: 'left_out',
      localId,
      offer: name,
      reason: 'Already waiting to be deleted.',
      say: { key: 'offers.alreadyWaitingDelete' },
    };
  }
  const neverSent = offer.serverId === null;
  return {
    kind: 'change',
    localId,
    offer: name,
    before: offer.server ? statusName(offer.server.status) : 'Not sent yet',
    after: neverSent ? 'removed here (never sent)' : 'deleted on the marketplace',
    toReview: false,
    toSale: false,
  };
}
