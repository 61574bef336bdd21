// Copies of offers as new local offers, sent on the next sync. A copy carries what a new offer
// of its type may carry: a gold offer's copy leaves out the account-only fields the marketplace
// answers empty (outer name, description…), queued screenshot files stay with the original.
// All or nothing: a copy that cannot be made names the offer and the field, and no copy stays.
import { MarketplaceType } from '../../../contract/marketplace/wire';
import { accountOnlyFields, liveFieldsOf } from '../../../contract/rules';
import { QUEUED_SCREENSHOT_PREFIX, type OfferDraft } from '../../store';
import { cachedProduct } from '../catalogue/requireProduct';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';
import { DEFAULT_DELIVERY_TIME_MS } from '../transfers/importOffers';
import { fieldList } from './draftRefusal';
import { namedOffer } from './offerName';
import { refusalProblems } from './refusals';

export function duplicateOffers(
  profile: SellerProfile,
  input: { localIds: readonly number[] },
): number[] {
  const store = profile.store();
  // An offer deleted meanwhile has nothing to copy; every product is found before any copy.
  const originals = input.localIds
    .map((localId) => store.getOffer(localId))
    .filter((offer) => offer !== null)
    .map((offer) => ({ offer, product: cachedProduct(profile, offer.productId) }));
  // One undoable step: undo removes the copies while they are unsent.
  const copies = `${originals.length} offer${originals.length === 1 ? '' : 's'}`;
  return store.undoSteps().record(
    {
      text: `Duplicate of ${copies}`,
      say: { key: 'undo.step.duplicate', values: { count: originals.length } },
    },
    [],
    () => copyAll(),
    (ids) => ids,
  );

  function copyAll(): number[] {
    const created: number[] = [];
    for (const { offer, product } of originals) {
      const { guarantee_delivery_time: deliveryTime, ...fields } = offer.fields;
      const copy: OfferDraft = {
        ...fields,
        screenshots: (fields.screenshots ?? []).filter(
          (s) => !s.startsWith(QUEUED_SCREENSHOT_PREFIX),
        ),
      };
      // A field the product has retired since the original was made would refuse the copy
      // ("The product has no field …"), and the marketplace no longer asks for it.
      if (copy.data) {
        const live = new Set(liveFieldsOf(product).map((f) => String(f.id)));
        copy.data = Object.fromEntries(Object.entries(copy.data).filter(([id]) => live.has(id)));
      }
      if (product.marketplace_type === MarketplaceType.Gold) {
        for (const name of accountOnlyFields) delete (copy as Record<string, unknown>)[name];
      }
      try {
        created.push(
          store.createOffer({
            productId: offer.productId,
            guaranteeDeliveryTime:
              deliveryTime ?? offer.server?.guarantee_delivery_time ?? DEFAULT_DELIVERY_TIME_MS,
            fields: copy,
          }),
        );
      } catch (error) {
        const problems = refusalProblems(error);
        if (!problems) throw error;
        // Thrown inside the transaction: the copies already made are rolled back with it.
        throw new UseCaseFailure(
          'bad_input',
          `${namedOffer(offer, product.title)} could not be copied: ${fieldList(problems)}`,
          problems,
          {
            say: {
              key: 'refusals.offers.notCopied',
              values: { offer: namedOffer(offer, product.title), fields: fieldList(problems) },
            },
          },
        );
      }
    }
    return created;
  }
}
