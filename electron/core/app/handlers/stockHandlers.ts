// The offers list's Stock column, the credentials section's low-stock level, and the restock pool
// (core/usecases/stock): a pool file is previewed as a credential import is (its rows stay in main,
// the renderer sees masked logins), then added; the level each sync keeps on sale.
import type { Handlers } from '../../../contract/ipc';
import {
  credentialPreviewRows,
  MaskedCredentialRows,
  type CredentialFilePreview,
} from '../../usecases/credentials';
import {
  STOCK_ESTIMATE_NOTE,
  clearPool,
  commitPoolImport,
  dropUncertainAccounts,
  sendUncertainAgain,
  offerPool,
  previewPoolImport,
  setPoolKeep,
  setStockThreshold,
  stockReport,
  type OfferPool,
} from '../../usecases/stock';
import type { AppContext } from '../context';
import { jobsOf } from '../jobs';
import { createPreviewCache, credentialPreviewAnswer } from '../previews';

interface PendingPool {
  preview: CredentialFilePreview;
  /** The file reference, released once the seller confirms or discards. */
  file: string;
}

const poolDto = (p: OfferPool) => ({
  localId: p.localId,
  pool: p.pool,
  keep: p.keep,
  onSale: p.onSale,
  onMarketplace: p.onMarketplace,
  queued: p.queued,
  hiddenStatus: p.hiddenStatus,
  uncertain: p.uncertain,
  dry: p.dry,
});

export function stockHandlers(
  ctx: AppContext,
): Pick<
  Handlers,
  | 'stock.list'
  | 'stock.setThreshold'
  | 'stock.pool'
  | 'stock.poolPreview'
  | 'stock.poolPreviewRows'
  | 'stock.poolAdd'
  | 'stock.poolDiscardPreview'
  | 'stock.poolSetKeep'
  | 'stock.poolClear'
  | 'stock.unsureSendAgain'
  | 'stock.unsureDrop'
> {
  // A preview dropped from here (discarded, expired) takes its rows with it.
  const pending = createPreviewCache<PendingPool>();
  return {
    async 'stock.list'() {
      const offers = stockReport(ctx.seller()).map((s) => ({
        localId: s.localId,
        credentialsLeft: s.credentialsLeft,
        estimate: s.estimate,
        threshold: s.threshold,
        low: s.low,
        soldOut: s.soldOut,
        ...(s.pool > 0 && { pool: s.pool }),
        ...(s.keep > 0 && { keep: s.keep }),
        ...(s.backedByPool && { backedByPool: true }),
        ...(s.hiddenStatus !== null && { hiddenStatus: s.hiddenStatus }),
      }));
      return { offers, estimate: STOCK_ESTIMATE_NOTE };
    },
    async 'stock.setThreshold'(input) {
      setStockThreshold(ctx.seller(), input);
      const n = input.threshold;
      return { message: `Low stock at ${n} credential${n === 1 ? '' : 's'} left or fewer.` };
    },

    async 'stock.pool'({ localId }) {
      return poolDto(offerPool(ctx.seller(), localId));
    },
    async 'stock.poolPreview'({ localId, file, encoding, format }) {
      const seller = ctx.seller();
      const path = await ctx.options.resolveFileRef(file);
      const preview = await previewPoolImport(
        seller,
        { localId, path, encoding, format },
        { inWorker: true },
      );
      return credentialPreviewAnswer(preview, (ready) => pending.put({ preview: ready, file }));
    },
    async 'stock.poolPreviewRows'({ previewId, offset, limit, filter }) {
      return credentialPreviewRows(pending.peek(previewId).preview, { offset, limit, filter });
    },
    async 'stock.poolAdd'({ previewId, keep, keepCaseDuplicates, cost }) {
      const { preview, file } = pending.take(previewId);
      await ctx.options.releaseFileRef?.(file);
      // As credentials.commit: the masked rows let go first; a job (progress, Stop before the
      // pool is touched). The seller confirmed a preview that showed the refused rows: left out.
      preview.rows = MaskedCredentialRows.empty();
      const outcome = await jobsOf(ctx.bus).run('pool_import', (job) =>
        commitPoolImport(
          ctx.seller(),
          {
            preview,
            keep: keep ?? null,
            skipInvalid: true,
            keepCaseDuplicates: keepCaseDuplicates === true,
            cost: cost ?? null,
          },
          job,
        ),
      );
      ctx.changed([preview.localId]);
      return {
        added: outcome.added,
        skipped: outcome.skipped,
        pool: poolDto(offerPool(ctx.seller(), preview.localId)),
      };
    },
    async 'stock.poolDiscardPreview'({ previewId }) {
      pending.drop(previewId);
      return { message: 'Preview discarded.' };
    },
    async 'stock.poolSetKeep'(input) {
      const pool = setPoolKeep(ctx.seller(), input);
      ctx.changed([input.localId]);
      return poolDto(pool);
    },
    async 'stock.poolClear'({ localId }) {
      const { removed } = clearPool(ctx.seller(), localId);
      ctx.changed([localId]);
      return {
        removed,
        message: `Restock pool emptied: ${removed} credential${removed === 1 ? '' : 's'} deleted, never sent.`,
      };
    },
    async 'stock.unsureSendAgain'({ localId }) {
      const { accounts } = sendUncertainAgain(ctx.seller(), localId);
      ctx.changed([localId]);
      return { accounts, message: `${accounts} account(s) go again at the next sync.` };
    },
    async 'stock.unsureDrop'({ localId }) {
      const { accounts } = dropUncertainAccounts(ctx.seller(), localId);
      ctx.changed([localId]);
      return { accounts, message: `${accounts} account(s) dropped, never sent.` };
    },
  };
}
