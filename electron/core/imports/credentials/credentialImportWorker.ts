// Worker-thread entry of the credential import: a 50 MB file parses here, never on the thread
// that draws the window. See importCredentialsInWorker for how it is started and bundled.
import { parentPort, workerData } from 'node:worker_threads';
import { ImportError } from '../importError';
import type { PackedMaskedRows } from './maskedRows';
import {
  runCredentialImport,
  runCredentialPreview,
  type CredentialImportProgress,
  type CredentialImportRequest,
  type CredentialImportResult,
  type CredentialSellerPreview,
} from './credentialImportJob';

/** What the thread makes of the file: every row as read, or the seller's preview (packed rows). */
export type CredentialWorkerTask = 'import' | 'preview';

export type CredentialWorkerMessage =
  | { type: 'progress'; phase: 'reading' | 'parsing' | 'checking'; rowsRead: number }
  | { type: 'done'; result: CredentialImportResult | PreviewFromWorker }
  /** Part of a preview's problems, ahead of its 'done' (which carries none). */
  | { type: 'part'; problems: CredentialSellerPreview['problems'] }
  | {
      type: 'failed';
      error: { code: string; message: string; line?: number; candidates?: readonly string[] };
    };

/** A preview as it crosses: its masked rows as their packed buffers (moved, not cloned). */
export type PreviewFromWorker = Omit<CredentialSellerPreview, 'rows'> & {
  maskedRows: PackedMaskedRows;
};

/**
 * A preview's problems go in parts of this many: the parent's thread takes each message whole, and a
 * 100k-row message would keep it from answering anything else while it does.
 */
export const ROWS_PER_PART = 2000;

const port = parentPort;
if (port) {
  const { request, task } = workerData as {
    request: CredentialImportRequest;
    task?: CredentialWorkerTask;
  };
  const send = (message: CredentialWorkerMessage, transfer: ArrayBuffer[] = []) =>
    port.postMessage(message, transfer);
  const onProgress = (progress: CredentialImportProgress) =>
    send({ type: 'progress', ...progress });
  const run =
    task === 'preview'
      ? runCredentialPreview(request, onProgress)
      : runCredentialImport(request, onProgress);
  run.then(
    (result) => {
      if (!('packedRows' in result)) return send({ type: 'done', result });
      const { rows, problems, ...rest } = result;
      for (let i = 0; i < problems.length; i += ROWS_PER_PART) {
        send({ type: 'part', problems: problems.slice(i, i + ROWS_PER_PART) });
      }
      const maskedRows = rows.data;
      // The packed rows, masked and whole, are moved to the parent, not copied.
      send({ type: 'done', result: { ...rest, problems: [], maskedRows } }, [
        result.packedRows.buffer as ArrayBuffer,
        maskedRows.bytes.buffer as ArrayBuffer,
        maskedRows.offsets.buffer as ArrayBuffer,
        maskedRows.verdicts.buffer as ArrayBuffer,
      ]);
    },
    (error: unknown) => {
      // Only our own messages cross back: they are written never to quote the file's content.
      // Anything else (an fs error, a bug) is reduced to its code.
      const failure =
        error instanceof ImportError
          ? {
              code: error.code,
              message: error.message,
              line: error.line,
              candidates: error.candidates,
            }
          : {
              code: 'unreadable',
              message: `the file could not be read (${(error as NodeJS.ErrnoException)?.code ?? 'internal error'})`,
            };
      send({ type: 'failed', error: failure });
    },
  );
}
