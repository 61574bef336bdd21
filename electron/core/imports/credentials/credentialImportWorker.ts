// Worker-thread entry of the credential import: a 50 MB file parses here, never on the thread
// that draws the window. See importCredentialsInWorker for how it is started and bundled.
import { parentPort, workerData } from 'node:worker_threads';
import { ImportError } from '../importError';
import { runCredentialImport, type CredentialImportRequest } from './credentialImportJob';

export type CredentialWorkerMessage =
  | { type: 'progress'; phase: 'reading' | 'parsing' | 'checking'; rowsRead: number }
  | { type: 'done'; result: Awaited<ReturnType<typeof runCredentialImport>> }
  | {
      type: 'failed';
      error: { code: string; message: string; line?: number; candidates?: readonly string[] };
    };

const port = parentPort;
if (port) {
  const request = (workerData as { request: CredentialImportRequest }).request;
  const send = (message: CredentialWorkerMessage) => port.postMessage(message);
  runCredentialImport(request, (progress) => send({ type: 'progress', ...progress })).then(
    (result) => send({ type: 'done', result }),
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
