// Worker-thread entry of the workbook reader: the workbook is inflated and parsed here, under the
// heap limit readXlsxInWorker sets, never on a thread whose death would take the windows with it.
import { parentPort } from 'node:worker_threads';
import { ImportError } from '../importError';
import { packRows, type PackedRows } from './packedRows';
import { readFirstSheet } from './readXlsx';
import type { XlsxLimits } from './xlsxLimits';

export interface XlsxReadRequest {
  bytes: Uint8Array;
  limits?: XlsxLimits;
}

export type XlsxWorkerMessage =
  { type: 'done'; rows: PackedRows } | { type: 'failed'; error: { code: string; message: string } };

// Reads one workbook per request; the thread is kept a moment between reads (readXlsxInWorker).
const port = parentPort;
port?.on('message', ({ bytes, limits }: XlsxReadRequest) => {
  readFirstSheet(bytes, limits).then(
    (rows) => {
      const packed = packRows(rows);
      const message: XlsxWorkerMessage = { type: 'done', rows: packed };
      port.postMessage(message, [
        packed.cellLengths.buffer as ArrayBuffer,
        packed.rowNumbers.buffer as ArrayBuffer,
        packed.rowWidths.buffer as ArrayBuffer,
      ]);
    },
    (error: unknown) => {
      // Our own messages never quote a cell; anything else is reduced to a plain statement.
      const message: XlsxWorkerMessage = {
        type: 'failed',
        error:
          error instanceof ImportError
            ? { code: error.code, message: error.message }
            : { code: 'format', message: 'the file is not a readable XLSX workbook' },
      };
      port.postMessage(message);
    },
  );
});
