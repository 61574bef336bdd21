// The offers screens' use cases: the list, the editor, bulk actions, conflicts. Every change is
// committed to the store before the answer goes back; then the background sync takes it.
import { AppFailure, type BulkOutcome, type Handlers } from '../../../contract/ipc';
import type { Product } from '../../../contract/marketplace/wire';
import { statusAfterManage, validateOfferWrite } from '../../../contract/rules';
import { DraftRejected, StoreError, type OfferDraft, type Store } from '../../store';
import { QUEUED_SCREENSHOT_PREFIX } from '../../store';
import type { AppContext } from '../context';
import { offerDetailView, offerRowView, productOfRow, queuedThumbnailUrls } from '../views';

type OfferHandlers = Pick<
  Handlers,
  | 'offers.query'
  | 'offers.counts'
  | 'offers.get'
  | 'offers.save'
  | 'offers.delete'
  | 'offers.setStatus'
  | 'offers.changePrice'
  | 'offers.duplicate'
  | 'offers.discardLocal'
  | 'offers.resolveConflict'
>;

function requireProduct(store: Store, productId: number): Product {
  const product = store.getProduct(productId);
  if (!product) {
    throw new AppFailure('not_found', 'This product is not in the catalogue; refresh it first.');
  }
  return product;
}

export function detailOf(ctx: AppContext, localId: number) {
  const profile = ctx.profile();
  const detail = profile.store.getOffer(localId);
  if (!detail) throw new AppFailure('not_found', 'This offer no longer exists.');
  return offerDetailView(
    detail,
    requireProduct(profile.store, detail.productId),
    profile.baseUrl,
    queuedThumbnailUrls(profile.store, localId, ctx.options.stagedScreenshotUrl),
  );
}

/** Runs a change on each offer; one refused offer does not stop the rest. */
function eachOffer(
  ctx: AppContext,
  localIds: number[],
  change: (store: Store, localId: number) => void,
): BulkOutcome {
  const { store } = ctx.profile();
  const refused: BulkOutcome['refused'] = [];
  let changed = 0;
  for (const localId of localIds) {
    try {
      change(store, localId);
      changed++;
    } catch (error) {
      if (error instanceof DraftRejected) {
        refused.push({
          localId,
          problems: error.problems.map(({ field, message }) => ({ field, message })),
        });
      } else if (error instanceof StoreError) {
        refused.push({ localId, problems: [{ field: '(offer)', message: error.message }] });
      } else {
        throw error;
      }
    }
  }
  if (changed > 0) ctx.changed(localIds);
  return { changed, refused };
}

/** Prices keep the precision the marketplace accepts for gold (0.0001). */
function roundPrice(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

export function offerHandlers(ctx: AppContext): OfferHandlers {
  return {
    async 'offers.query'(query) {
      const { store } = ctx.profile();
      const page = store.queryOffers(query);
      const products = new Map<number, Product | null>();
      return {
        total: page.total,
        rows: page.rows.map((row) =>
          offerRowView(row, productOfRow(store, row.productId, products)),
        ),
      };
    },

    async 'offers.counts'() {
      const counts = ctx.profile().store.countOffers();
      return { byStatus: counts.byStatus, bySyncState: counts.bySyncState, total: counts.total };
    },

    async 'offers.get'({ localId }) {
      return detailOf(ctx, localId);
    },

    async 'offers.save'({ localId, productId, fields, deliveryTimeMs }) {
      const { store } = ctx.profile();
      const product = requireProduct(store, productId);
      const draft: OfferDraft = { ...fields, guarantee_delivery_time: deliveryTimeMs };
      let id = localId;
      if (id === undefined) {
        id = store.createOffer({ productId, guaranteeDeliveryTime: deliveryTimeMs, fields: draft });
      } else {
        store.editOffer(id, draft);
      }
      ctx.changed([id]);
      const problems = validateOfferWrite(fields, product, 'edit');
      return {
        localId: id,
        expectedStatus: statusAfterManage({
          marketplaceType: product.marketplace_type,
          dataValid: problems.length === 0,
          credentialSystem: fields.credential_system_type_id ?? 3,
          activeCredentials: store.getOffer(id)?.server?.credentials_recorded ? 1 : 0,
        }),
      };
    },

    async 'offers.delete'({ localIds }) {
      return eachOffer(ctx, localIds, (store, id) => void store.deleteOffer(id));
    },

    async 'offers.setStatus'({ localIds, status }) {
      return eachOffer(ctx, localIds, (store, id) => store.changeStatus(id, status));
    },

    async 'offers.changePrice'({ localIds, mode, value }) {
      return eachOffer(ctx, localIds, (store, id) => {
        const current = store.getOffer(id)?.fields.price_per_step;
        if (current === undefined || current === null) {
          throw new DraftRejected([
            { field: 'price_per_step', message: 'This offer has no price yet.' },
          ]);
        }
        const next = roundPrice(mode === 'percent' ? current * (1 + value / 100) : current + value);
        store.editOffer(id, { price_per_step: next });
      });
    },

    async 'offers.duplicate'({ localIds }) {
      const { store } = ctx.profile();
      const created: number[] = [];
      for (const localId of localIds) {
        const detail = store.getOffer(localId);
        if (!detail) continue;
        const { guarantee_delivery_time: deliveryTime, ...fields } = detail.fields;
        const screenshots = (fields.screenshots ?? []).filter(
          (s) => !s.startsWith(QUEUED_SCREENSHOT_PREFIX),
        );
        created.push(
          store.createOffer({
            productId: detail.productId,
            guaranteeDeliveryTime:
              deliveryTime ?? detail.server?.guarantee_delivery_time ?? 3_600_000,
            fields: { ...fields, screenshots },
          }),
        );
      }
      ctx.changed(created);
      return created.map((id) => detailOf(ctx, id).row);
    },

    async 'offers.discardLocal'({ localIds }) {
      return eachOffer(ctx, localIds, (store, id) => store.discardLocalChanges(id));
    },

    async 'offers.resolveConflict'({ localId, field, choice }) {
      ctx.profile().store.resolveConflict(localId, field, choice);
      ctx.changed([localId]);
      return detailOf(ctx, localId);
    },
  };
}
