// The offers screens over the offers use cases (core/usecases/offers): each handler takes the
// checked input, calls the use case, and shapes its outcome for the renderer; after a change it
// tells the renderer and schedules a sync.
import type { BulkOutcome as BulkOutcomeDto, Handlers } from '../../../contract/ipc';
import type { Locale } from '../../../contract/i18n';
import { offerNameIn } from '../../../contract/rules/consequenceWords';
import { sayReason, sellerProblem } from '../../../contract/rules/fieldLabels';
import {
  changePrice,
  countOffers,
  deleteOffers,
  discardLocalChanges,
  dismissRefusal,
  retryRefused,
  duplicateOffers,
  getOffer,
  listOffers,
  offersViewPreferences,
  resolveConflict,
  saveOffersViewPreferences,
  saveGuard,
  saveOffer,
  setStatus,
  type BulkOutcome,
} from '../../usecases/offers';
import { queuedScreenshotFiles } from '../../usecases/screenshots';
import type { AppContext } from '../context';
import { jobsOf } from '../jobs';
import { offerDetailView, offerRowView, queuedThumbnailUrls } from '../views';

type OfferHandlers = Pick<
  Handlers,
  | 'offers.query'
  | 'offers.counts'
  | 'offers.viewPreferences'
  | 'offers.saveViewPreferences'
  | 'offers.get'
  | 'offers.save'
  | 'offers.delete'
  | 'offers.setStatus'
  | 'offers.changePrice'
  | 'offers.duplicate'
  | 'offers.discardLocal'
  | 'offers.retry'
  | 'offers.dismiss'
  | 'offers.resolveConflict'
>;

export function detailOf(ctx: AppContext, localId: number) {
  const seller = ctx.seller();
  const { offer, product } = getOffer(seller, localId);
  return {
    ...offerDetailView(
      offer,
      product,
      seller.baseUrl,
      queuedThumbnailUrls(queuedScreenshotFiles(seller, localId), ctx.options.stagedScreenshotUrl),
    ),
    saveGuard: saveGuard(seller, localId),
  };
}

/** The outcome as the renderer takes it; the seller's offers changed are told once. */
function presentBulk(
  ctx: AppContext,
  localIds: number[],
  outcome: BulkOutcome,
  locale: Locale = 'en',
): BulkOutcomeDto {
  if (outcome.changed > 0) ctx.changed(localIds);
  return {
    changed: outcome.changed,
    ...(outcome.cancelled && { stopped: true }),
    refused: outcome.refused.map(({ localId, offer, problems }) => ({
      localId,
      offer: offerNameIn(offer, locale),
      // A reason with a catalogue message is said in the app's language; the marketplace's as written.
      problems: problems.map((p) => ({
        field: p.field ?? '(offer)',
        message:
          locale === 'en' || !p.say
            ? p.message
            : p.say.key.startsWith('editor.rule.')
              ? sellerProblem(p, null, locale)
              : sayReason(p.say, locale),
      })),
    })),
  };
}

/** Stopped between chunks: what was applied is answered as usual, with `stopped`. */
const wasStopped = (outcome: BulkOutcome) => outcome.cancelled === true;

/** `locale`: the app's language, which a refused offer's reason is said in. */
export function offerHandlers(ctx: AppContext, locale: () => Locale = () => 'en'): OfferHandlers {
  const jobs = jobsOf(ctx.bus);
  return {
    async 'offers.query'(query) {
      const { total, offers } = listOffers(ctx.seller(), query);
      return { total, rows: offers.map(offerRowView) };
    },

    async 'offers.counts'(filter) {
      const { byStatus, bySyncState, total } = countOffers(ctx.seller(), filter ?? {});
      return { byStatus, bySyncState, total };
    },

    async 'offers.viewPreferences'() {
      return offersViewPreferences(ctx.seller());
    },

    async 'offers.saveViewPreferences'(preferences) {
      saveOffersViewPreferences(ctx.seller(), preferences);
    },

    async 'offers.get'({ localId }) {
      return detailOf(ctx, localId);
    },

    async 'offers.save'(input) {
      const saved = await saveOffer(ctx.seller(), input);
      ctx.changed([saved.localId]);
      return saved;
    },

    async 'offers.delete'({ localIds }) {
      const outcome = await jobs.run(
        'bulk_delete',
        (job) => deleteOffers(ctx.seller(), { offers: { localIds } }, job),
        wasStopped,
      );
      return presentBulk(ctx, localIds, outcome, locale());
    },

    async 'offers.setStatus'({ localIds, status }) {
      const outcome = await jobs.run(
        'bulk_status',
        (job) => setStatus(ctx.seller(), { offers: { localIds }, status }, job),
        wasStopped,
      );
      return presentBulk(ctx, localIds, outcome, locale());
    },

    async 'offers.changePrice'({ localIds, mode, value, putOnSale, allowBelowCost }) {
      const outcome = await jobs.run(
        'bulk_price',
        (job) =>
          changePrice(
            ctx.seller(),
            { offers: { localIds }, mode, value, putOnSale, allowBelowCost },
            job,
          ),
        wasStopped,
      );
      return presentBulk(ctx, localIds, outcome, locale());
    },

    async 'offers.duplicate'({ localIds }) {
      const created = duplicateOffers(ctx.seller(), { localIds });
      ctx.changed(created);
      return created.map((id) => detailOf(ctx, id).row);
    },

    async 'offers.discardLocal'({ localIds }) {
      const outcome = await jobs.run(
        'bulk_discard',
        (job) => discardLocalChanges(ctx.seller(), { localIds }, job),
        wasStopped,
      );
      return presentBulk(ctx, localIds, outcome, locale());
    },

    async 'offers.retry'({ localIds }) {
      return presentBulk(ctx, localIds, retryRefused(ctx.seller(), { localIds }), locale());
    },

    async 'offers.dismiss'({ localIds }) {
      return presentBulk(ctx, localIds, dismissRefusal(ctx.seller(), { localIds }), locale());
    },

    async 'offers.resolveConflict'({ localId, field, choice }) {
      resolveConflict(ctx.seller(), { localId, field, choice });
      ctx.changed([localId]);
      return detailOf(ctx, localId);
    },
  };
}
