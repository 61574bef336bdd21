// Account credentials: a file becomes a preview (masked rows, problems, duplicates) kept in main;
// confirming seals the good rows into the queue. Single credentials are edited by id directly on
// the marketplace (the API has no list of an offer's credentials to queue against).
import { AppFailure, type Handlers } from '../../../contract/ipc';
import type { CredentialInput } from '../../../contract/marketplace/wire';
import type { CredentialHashes } from '../../credentials/hash';
import {
  credentialsToSend,
  importCredentialsInWorker,
  WHOLE_LINE,
  type CredentialImportResult,
} from '../../imports/credentials';
import { ImportError } from '../../imports/importError';
import type { AppContext } from '../context';
import { createPreviewCache } from '../previews';

interface PendingCredentials {
  localId: number;
  file: string;
  credentials: CredentialInput[];
  skipped: number;
}

/** Enough of a login for the seller to recognise the row, not enough to use it. */
export function maskLogin(login: string): string {
  const chars = [...login.trim()];
  if (chars.length <= 3) return '•'.repeat(Math.max(chars.length, 1));
  return `${chars.slice(0, 2).join('')}${'•'.repeat(Math.min(chars.length - 3, 6))}${chars.at(-1)}`;
}

function requireServerId(ctx: AppContext, localId: number): number {
  const detail = ctx.profile().store.getOffer(localId);
  if (!detail) throw new AppFailure('not_found', 'This offer no longer exists.');
  if (detail.serverId === null) {
    throw new AppFailure(
      'not_found',
      'This offer has not reached the marketplace yet; sync first, then edit its credentials.',
    );
  }
  return detail.serverId;
}

export function credentialHandlers(
  ctx: AppContext,
): Pick<
  Handlers,
  | 'credentials.preview'
  | 'credentials.commit'
  | 'credentials.discardPreview'
  | 'credentials.update'
  | 'credentials.delete'
> {
  const pending = createPreviewCache<PendingCredentials>();
  return {
    async 'credentials.preview'({ localId, file, encoding, format }) {
      const { store } = ctx.profile();
      if (!store.getOffer(localId))
        throw new AppFailure('not_found', 'This offer no longer exists.');
      const path = await ctx.options.resolveFileRef(file);
      const known = store.knownCredentialHashes(localId);
      // The store keeps the two hash sets apart; an empty login hash never equals a real one.
      const uploaded: CredentialHashes[] = [
        ...[...known.loginHashes].map((loginHash) => ({ loginHash, emailHash: null })),
        ...[...known.emailHashes].map((emailHash) => ({ loginHash: '', emailHash })),
      ];
      let result: CredentialImportResult;
      try {
        result = await importCredentialsInWorker({
          source: { path },
          options: { encoding, format },
          uploaded,
        });
      } catch (error) {
        // Not a failure: the seller knows the encoding, we do not. The file stays staged.
        if (error instanceof ImportError && error.code === 'encoding-unsure') {
          return { state: 'choose-encoding', candidates: [...(error.candidates ?? [])] };
        }
        throw error;
      }
      const credentials = credentialsToSend(result);
      const previewId = pending.put({
        localId,
        file,
        credentials,
        skipped: result.totals.rows - credentials.length,
      });
      return {
        state: 'ready',
        previewId,
        encoding: result.encoding ?? 'binary (XLSX)',
        format: result.format,
        damagedRows: result.rows.filter((row) => row.problems.some((p) => p.field === WHOLE_LINE))
          .length,
        rows: result.rows.map((row) => ({
          line: row.line,
          maskedLogin: maskLogin(row.credential.login),
          hasEmail: Boolean(row.credential.email),
          problems: row.problems.map(({ field, message }) => ({ field, message })),
          duplicateOf: row.duplicateOf ?? null,
        })),
        totals: result.totals,
      };
    },

    async 'credentials.commit'({ previewId, mode }) {
      const { store } = ctx.profile();
      const preview = pending.take(previewId);
      await ctx.options.releaseFileRef?.(preview.file);
      if (preview.credentials.length === 0) {
        throw new AppFailure('validation', 'No row of this file can be sent.');
      }
      const detail = store.getOffer(preview.localId);
      if (mode === 'replace' && detail?.fields.credential_system_type_id === 1) {
        throw new AppFailure(
          'validation',
          'Replace all works only for offers with several credentials (credential system 3).',
        );
      }
      const queued = store.queueCredentials(preview.localId, preview.credentials, mode);
      ctx.changed([preview.localId]);
      return { queued, skipped: preview.skipped };
    },

    async 'credentials.discardPreview'({ previewId }) {
      pending.drop(previewId);
      return { message: 'Preview discarded.' };
    },

    async 'credentials.update'({ localId, credentialId, credential }) {
      const offerId = requireServerId(ctx, localId);
      await ctx.profile().client.updateCredential(offerId, credentialId, credential);
      return { message: `Credential ${credentialId} updated.` };
    },

    async 'credentials.delete'({ localId, credentialId }) {
      const offerId = requireServerId(ctx, localId);
      await ctx.profile().client.deleteCredential(offerId, credentialId);
      return { message: `Credential ${credentialId} deleted.` };
    },
  };
}
