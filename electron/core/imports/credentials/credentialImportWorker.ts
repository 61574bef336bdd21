// Worker-thread entry of the credential import: a 50 MB file parses here, never on the thread
// that draws the window. See importCredentialsInWorker for how it is started and bundled.
import { parentPort, workerData } from 'node:worker_threads';
import { ImportError } from '../importError';
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
  | { type: 'done'; result: CredentialImportResult | CredentialSellerPreview }
  /** Part of a preview's masked rows and problems, ahead of its 'done' (which carries none). */
  | {
      type: 'part';
      rows: CredentialSellerPreview['rows'];
      problems: CredentialSellerPreview['problems'];
    }
  | {
      type: 'failed';
      error: { code: string; message: string; line?: number; candidates?: readonly string[] };
    };

/**
 * A preview's rows go in parts of this many: the parent's thread takes each message whole, and a
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
      const { rows, problems } = result;
      for (let i = 0; i < Math.max(rows.length, problems.length); i += ROWS_PER_PART) {
        send({
          type: 'part',
          rows: rows.slice(i, i + ROWS_PER_PART),
          problems: problems.slice(i, i + ROWS_PER_PART),
        });
      }
      // The packed rows are moved to the parent, not copied.
      send({ type: 'done', result: { ...result, rows: [], problems: [] } }, [
        result.packedRows.buffer as ArrayBuffer,
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
