// Saving the editor's form: a new offer or an edit of one, queued as a local change; the answer
// forecasts the status the marketplace is expected to give it (it decides, not us).
import {
  CredentialSystem,
  type OfferStatusValue,
  type OfferWrite,
} from '../../../contract/marketplace/wire';
import { statusAfterManage, validateOfferWrite } from '../../../contract/rules';
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
}

export interface SavedOffer {
  localId: number;
  expectedStatus: OfferStatusValue | null;
}

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
    const name = offerName(requireOffer(profile, id), product.title);
    steps.record(
      { text: `Save of ${name}`, say: { key: 'undo.step.save', values: { offer: name } } },
      [id],
      () => refusedAs('The offer was not saved', () => store.editOffer(id, draft)),
      () => [id],
    );
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
