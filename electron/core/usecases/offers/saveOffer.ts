// Saving the editor's form: a new offer or an edit of one, queued as a local change; the answer
// forecasts the status the marketplace is expected to give it (it decides, not us). An edit of a
// Not Active gold offer keeps it Not Active (a status change right behind the edit) unless the
// seller puts it back on sale; a new price below cost after commission is refused unless confirmed.
import {
  CredentialSystem,
  OfferStatus,
  type MarketplaceTypeValue,
  type OfferStatusValue,
  type OfferWrite,
} from '../../../contract/marketplace/wire';
import {
  belowCostRefusal,
  editPutsOnSale,
  sellsBelowCost,
  statusAfterManage,
  validateOfferWrite,
} from '../../../contract/rules';
import { UseCaseFailure } from '../failure';
import { afterPutOnSale } from './consequences';
import type { OfferDraft } from '../../store';
import { requireProduct } from '../catalogue/requireProduct';
import type { SellerProfile } from '../profile';
import { refusedAs } from './draftRefusal';
import { requireOffer } from './getOffer';
import { offerName } from './offerName';

export interface SaveOfferInput {
  /** Absent: a new offer. */
  localId?: number;
  productId: number;
  fields: Omit<OfferWrite, 'id' | 'credentials'>;
  deliveryTimeMs: number;
  /** A Not Active gold offer goes back on sale (default: set Not Active again after the edit). */
  putOnSale?: boolean;
  /** The seller confirmed a price below cost (default: refused, nothing saved). */
  allowBelowCost?: boolean;
}

export interface SavedOffer {
  localId: number;
  expectedStatus: OfferStatusValue | null;
}

/**
 * What saving an edit of this offer does beyond its fields, for the editor's forecast: whether the
 * edit puts it back on sale (a Not Active gold offer on the marketplace), and what a price is
 * compared with (rules/belowCost: its commission and the cost of its next unit, null: none set).
 */
export interface SaveGuard {
  putsOnSale: boolean;
  commissionPercent: number | null;
  unitCost: number | null;
}

export function saveGuard(profile: SellerProfile, localId: number): SaveGuard {
  const offer = requireOffer(profile, localId);
  const product = profile.store().getProduct(offer.productId);
  const status = offer.server?.status ?? null;
  return {
    putsOnSale:
      offer.serverId !== null &&
      product !== null &&
      editPutsOnSale(product.marketplace_type as MarketplaceTypeValue, status),
    commissionPercent: offer.server?.commission_percent ?? null,
    unitCost: profile.store().profit().nextUnitCosts([localId]).get(localId) ?? null,
  };
}

/** How the app confirms a price below cost, in the refusal's English. */
const APP_BELOW_COST_HOW = 'Tick "Sell below cost anyway" to apply it.';

export async function saveOffer(
  profile: SellerProfile,
  input: SaveOfferInput,
): Promise<SavedOffer> {
  const store = profile.store();
  const product = await requireProduct(profile, input.productId);
  const draft: OfferDraft = { ...input.fields, guarantee_delivery_time: input.deliveryTimeMs };
  let localId = input.localId;
  // One undoable step (usecases/offers/undo.ts): undo puts the offer back, or removes a new one.
  const steps = store.undoSteps();
  if (localId === undefined) {
    localId = steps.record(
      { text: 'Save of a new offer', say: { key: 'undo.step.saveNew' } },
      [],
      () =>
        refusedAs('The offer was not saved', () =>
          store.createOffer({
            productId: input.productId,
            guaranteeDeliveryTime: input.deliveryTimeMs,
            fields: draft,
          }),
        ),
      (created) => [created],
    );
  } else {
    const id = localId;
    const current = requireOffer(profile, id);
    const name = offerName(current, product.title);
    const guard = saveGuard(profile, id);
    const price = input.fields.price_per_step;
    if (
      !input.allowBelowCost &&
      typeof price === 'number' &&
      price !== current.fields.price_per_step &&
      sellsBelowCost(price, guard.commissionPercent, guard.unitCost)
    ) {
      const message = belowCostRefusal(1, APP_BELOW_COST_HOW);
      throw new UseCaseFailure(
        'bad_input',
        message,
        [
          {
            field: 'price_per_step',
            message,
            say: { key: 'offers.belowCostRefused', values: { count: 1 } },
          },
        ],
        { say: { key: 'offers.belowCostRefused', values: { count: 1 } } },
      );
    }
    const followUp = guard.putsOnSale ? { thenStatus: afterPutOnSale(input.putOnSale) } : {};
    steps.record(
      { text: `Save of ${name}`, say: { key: 'undo.step.save', values: { offer: name } } },
      [id],
      () => refusedAs('The offer was not saved', () => store.editOffer(id, draft, followUp)),
      () => [id],
    );
    if (guard.putsOnSale && !input.putOnSale) {
      return { localId, expectedStatus: OfferStatus.NotActive };
    }
  }
  const problems = validateOfferWrite(input.fields, product, 'edit');
  return {
    localId,
    expectedStatus: statusAfterManage({
      marketplaceType: product.marketplace_type,
      dataValid: problems.length === 0,
      credentialSystem: input.fields.credential_system_type_id ?? CredentialSystem.Multiple,
      activeCredentials: credentialsCarried(store.getOffer(localId)),
    }),
  };
}

/**
 * Credentials the marketplace will hold once this save is sent: the queued ones that ride in the
 * write (a create's, or an edit's of an offer holding none), and for an offer already there its
 * own (recorded ones assumed still active).
 */
function credentialsCarried(
  offer: {
    ridingCredentials: number;
    server: { credentials_recorded?: boolean } | null;
  } | null,
): number {
  if (!offer) return 0;
  return offer.ridingCredentials + (offer.server?.credentials_recorded ? 1 : 0);
}
