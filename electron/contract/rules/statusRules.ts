// Which status the service gives an offer, and which statuses a seller may ask for. The API
// document leaves precedence and sources open; these are our assumptions (docs/ARCHITECTURE.md,
// "Assumptions: where the API document is silent"): the client warns by them, only the
// document's own rules block locally, and the sandbox (playing the marketplace) enforces them.
import { expectedStatusChanges } from '../marketplace/assumptions';
import {
  CredentialSystem,
  MarketplaceType,
  OfferStatus,
  type MarketplaceTypeValue,
  type OfferStatusValue,
  type SellerStatusValue,
} from '../marketplace/wire';

export interface ManageOutcomeInput {
  marketplaceType: MarketplaceTypeValue;
  /** False when a required product field is missing (the offer needs details). */
  dataValid: boolean;
  credentialSystem: number;
  activeCredentials: number;
}

/** Precedence for account offers: Need Details, then Not Active (no credential), then On Review. */
export function statusAfterManage(input: ManageOutcomeInput): OfferStatusValue {
  if (input.marketplaceType === MarketplaceType.Gold) return OfferStatus.Active;
  if (!input.dataValid) return OfferStatus.NeedDetails;
  if (input.credentialSystem === CredentialSystem.Multiple && input.activeCredentials === 0) {
    return OfferStatus.NotActive;
  }
  return OfferStatus.OnReview;
}

/** The statuses a seller may ask for, in the order a menu lists them. */
export const sellerStatuses: readonly SellerStatusValue[] = [
  OfferStatus.Draft,
  OfferStatus.Active,
  OfferStatus.NotActive,
  OfferStatus.OnReview,
];

/**
 * What we expect the marketplace to allow (`expectedStatusChanges`, an assumption: the document
 * does not show edit_status's sources): from 1, 2, 3, 5 and 8 a seller may go to 1, 2, 3 or 5;
 * from Need Details only back to Draft or to review; a sold offer is final; an account offer
 * needs a screenshot before it can be reviewed. The sandbox enforces it; the client only warns.
 */
export function allowedStatusTargets(
  from: OfferStatusValue,
  offer: { marketplaceType: MarketplaceTypeValue; screenshots: number },
): SellerStatusValue[] {
  let targets: SellerStatusValue[];
  switch (from) {
    case OfferStatus.NeedDetails:
      targets = sellerStatuses.filter((t) => expectedStatusChanges.fromNeedDetails.includes(t));
      break;
    case OfferStatus.Sold:
      targets = sellerStatuses.filter((t) => expectedStatusChanges.fromSold.includes(t));
      break;
    default:
      targets = [...sellerStatuses];
  }
  if (
    expectedStatusChanges.accountReviewNeedsScreenshot &&
    offer.marketplaceType === MarketplaceType.Account &&
    offer.screenshots === 0
  ) {
    targets = targets.filter((t) => t !== OfferStatus.OnReview);
  }
  return targets;
}

/** The document's own rule: sellers set 1, 2, 3 or 5. Null when the target is one of them. */
export function documentedStatusRefusal(to: number): string | null {
  return (sellerStatuses as readonly number[]).includes(to)
    ? null
    : 'The selected status is invalid: sellers may set 1, 2, 3 or 5.';
}

/** A refusal we expect, in the command line's English and as its catalogue message's key. */
export interface StatusExpectation {
  sentence: string;
  /** Said with the number of offers it concerns (`count`). */
  key:
    | 'consequences.expect.sold'
    | 'consequences.expect.needsDetails'
    | 'consequences.expect.screenshot';
}

/**
 * Why we expect the marketplace to refuse a status change (null when we expect none), in words
 * for the seller. An expectation only: the change is still sent and the marketplace decides.
 */
export function statusChangeExpected(
  from: OfferStatusValue,
  to: number,
  offer: { marketplaceType: MarketplaceTypeValue; screenshots: number },
): StatusExpectation | null {
  if (documentedStatusRefusal(to)) return null;
  if (allowedStatusTargets(from, offer).includes(to as SellerStatusValue)) return null;
  if (from === OfferStatus.Sold)
    return {
      sentence: 'We expect a sold offer to keep its status.',
      key: 'consequences.expect.sold',
    };
  if (from === OfferStatus.NeedDetails)
    return {
      sentence: 'We expect an offer that needs details to go only to Draft or On Review.',
      key: 'consequences.expect.needsDetails',
    };
  if (to === OfferStatus.OnReview)
    return {
      sentence: 'We expect an account offer to need at least one screenshot before review.',
      key: 'consequences.expect.screenshot',
    };
  return null;
}

/** The expectation's English sentence alone (the command line's). */
export function statusChangeExpectation(
  from: OfferStatusValue,
  to: number,
  offer: { marketplaceType: MarketplaceTypeValue; screenshots: number },
): string | null {
  return statusChangeExpected(from, to, offer)?.sentence ?? null;
}

/**
 * The marketplace's answer as the sandbox gives it: the document's rule and our expectations,
 * both enforced (null when the change is allowed).
 */
export function statusChangeRefusal(
  from: OfferStatusValue,
  to: number,
  offer: { marketplaceType: MarketplaceTypeValue; screenshots: number },
): string | null {
  const documented = documentedStatusRefusal(to);
  if (documented) return documented;
  if (allowedStatusTargets(from, offer).includes(to as SellerStatusValue)) return null;
  if (from === OfferStatus.Sold) return 'A sold offer cannot change status.';
  if (from === OfferStatus.NeedDetails)
    return 'An offer that needs details can only go to Draft or On Review.';
  if (to === OfferStatus.OnReview)
    return 'An account offer needs at least one screenshot to be sent to review.';
  return `The status cannot change from ${from} to ${to}.`;
}
