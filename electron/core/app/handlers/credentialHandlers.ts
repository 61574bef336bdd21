// Account credentials in the app, over the use cases the command line shares
// (core/usecases/credentials): a file becomes a preview kept in main (its rows never cross to the
// renderer, which sees masked logins), confirming it queues the good rows. Single credentials are
// edited on the marketplace directly.
import type { Handlers } from '../../../contract/ipc';
import {
  commitCredentialImport,
  credentialPreviewRows,
  deleteCredential,
  MaskedCredentialRows,
  previewCredentialImport,
  updateCredential,
  type CredentialFilePreview,
} from '../../usecases/credentials';
import type { AppContext } from '../context';
import { jobsOf } from '../jobs';
import { createPreviewCache, credentialPreviewAnswer } from '../previews';

interface PendingCredentials {
  preview: CredentialFilePreview;
  /** The file reference, released once the seller confirms or discards. */
  file: string;
}

export function credentialHandlers(
  ctx: AppContext,
): Pick<
  Handlers,
  | 'credentials.preview'
  | 'credentials.previewRows'
  | 'credentials.commit'
  | 'credentials.discardPreview'
  | 'credentials.update'
  | 'credentials.delete'
> {
  // A preview dropped from here (discarded, expired) takes its rows with it: the use case holds
  // them only for as long as the preview object lives.
  const pending = createPreviewCache<PendingCredentials>();
  return {
    async 'credentials.preview'({ localId, file, encoding, format }) {
      const seller = ctx.seller();
      const path = await ctx.options.resolveFileRef(file);
      // In a worker: a 50 MB file is parsed off the thread that answers the window.
      const preview = await previewCredentialImport(
        seller,
        { localId, path, encoding, format },
        { inWorker: true },
      );
      return credentialPreviewAnswer(preview, (ready) => pending.put({ preview: ready, file }));
    },

    async 'credentials.previewRows'({ previewId, offset, limit, filter }) {
      return credentialPreviewRows(pending.peek(previewId).preview, { offset, limit, filter });
    },

    async 'credentials.commit'({ previewId, mode, keepCaseDuplicates, cost }) {
      const { preview, file } = pending.take(previewId);
      await ctx.options.releaseFileRef?.(file);
      // Taken whatever the answer, so its masked rows (a 100k-line file's are tens of MB) are let
      // go before the commit reads the packed rows: the two are never held at once.
      preview.rows = MaskedCredentialRows.empty();
      // The seller confirmed a preview that showed the refused rows: they are left out. A job
      // (progress by rows, Stop): stopped before the last transaction, nothing is queued.
      const outcome = await jobsOf(ctx.bus).run('credential_import', (job) =>
        commitCredentialImport(
          ctx.seller(),
          {
            preview,
            mode,
            skipInvalid: true,
            keepCaseDuplicates: keepCaseDuplicates === true,
            cost: cost ?? null,
          },
          job,
        ),
      );
      if (outcome.queued > 0) ctx.changed([preview.localId]);
      return { queued: outcome.queued, skipped: outcome.skipped };
    },

    async 'credentials.discardPreview'({ previewId }) {
      pending.drop(previewId);
      return { message: 'Preview discarded.' };
    },

    async 'credentials.update'({ localId, credentialId, credential }) {
      await updateCredential(ctx.seller(), { localId, credentialId, changes: credential });
      return { message: `Credential ${credentialId} updated.` };
    },

    async 'credentials.delete'({ localId, credentialId }) {
      await deleteCredential(ctx.seller(), { localId, credentialId });
      return { message: `Credential ${credentialId} deleted.` };
    },
  };
}
