// Which status the service gives an offer, and which statuses a seller may ask for. The API
// document leaves precedence and sources open; these are our assumptions (docs/ARCHITECTURE.md,
// "Assumptions: where the API document is silent").
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
 * From 1, 2, 3, 5 and 8 a seller may go to 1, 2, 3 or 5; from Need Details only back to Draft or
 * to review; a sold offer is final. An account offer needs a screenshot before it can be reviewed.
 */
export function allowedStatusTargets(
  from: OfferStatusValue,
  offer: { marketplaceType: MarketplaceTypeValue; screenshots: number },
): SellerStatusValue[] {
  let targets: SellerStatusValue[];
  switch (from) {
    case OfferStatus.NeedDetails:
      targets = [OfferStatus.Draft, OfferStatus.OnReview];
      break;
    case OfferStatus.Sold:
      targets = [];
      break;
    default:
      targets = [...sellerStatuses];
  }
  if (offer.marketplaceType === MarketplaceType.Account && offer.screenshots === 0) {
    targets = targets.filter((t) => t !== OfferStatus.OnReview);
  }
  return targets;
}

/** Why a status change is refused, in words for the seller (null when it is allowed). */
export function statusChangeRefusal(
  from: OfferStatusValue,
  to: number,
  offer: { marketplaceType: MarketplaceTypeValue; screenshots: number },
): string | null {
  if (!(sellerStatuses as readonly number[]).includes(to))
    return 'The selected status is invalid: sellers may set 1, 2, 3 or 5.';
  if (allowedStatusTargets(from, offer).includes(to as SellerStatusValue)) return null;
  if (from === OfferStatus.Sold) return 'A sold offer cannot change status.';
  if (from === OfferStatus.NeedDetails)
    return 'An offer that needs details can only go to Draft or On Review.';
  if (to === OfferStatus.OnReview)
    return 'An account offer needs at least one screenshot to be sent to review.';
  return `The status cannot change from ${from} to ${to}.`;
}
