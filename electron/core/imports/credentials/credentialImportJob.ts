// The whole import of one account file, as the worker runs it: read, decode, parse, check.
// Kept apart from the worker plumbing so it can also run in-process (CLI, tests, benchmark).
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { CredentialHashes } from '../../credentials/hash';
import { checkImportSize } from '../text/decodeText';
import {
  parseCredentialFile,
  readCredentialFile,
  type CredentialFileOptions,
  type ParsedCredentialFile,
} from './parseCredentialFile';
import { CredentialCheck, previewCredentials, type CredentialPreview } from './previewCredentials';
import { SellerPreviewBuilder, type CredentialPreviewForSeller } from './previewForSeller';

export type CredentialFileSource = { path: string } | { bytes: Uint8Array; fileName?: string };

export interface CredentialImportRequest {
  source: CredentialFileSource;
  options?: Omit<CredentialFileOptions, 'onProgress'>;
  /** Hashes of credentials already uploaded to this offer. */
  uploaded?: CredentialHashes[];
}

export type CredentialImportPhase = 'reading' | 'parsing' | 'checking';

export interface CredentialImportProgress {
  phase: CredentialImportPhase;
  rowsRead: number;
}

export type CredentialImportResult = CredentialPreview & Omit<ParsedCredentialFile, 'rows'>;

async function readSource(
  source: CredentialFileSource,
): Promise<{ bytes: Uint8Array; fileName?: string }> {
  // A holder of its own: the reader empties it once decoded, never the caller's request.
  if ('bytes' in source) return { bytes: source.bytes, fileName: source.fileName };
  // Refuse a huge file before reading a byte of it.
  checkImportSize((await stat(source.path)).size);
  return { bytes: await readFile(source.path), fileName: basename(source.path) };
}

export async function runCredentialImport(
  request: CredentialImportRequest,
  onProgress: (progress: CredentialImportProgress) => void = () => {},
): Promise<CredentialImportResult> {
  onProgress({ phase: 'reading', rowsRead: 0 });
  const { bytes, fileName } = await readSource(request.source);
  onProgress({ phase: 'parsing', rowsRead: 0 });
  const parsed = await parseCredentialFile(bytes, {
    ...request.options,
    fileName: request.options?.fileName ?? fileName,
    onProgress: (rowsRead) => onProgress({ phase: 'parsing', rowsRead }),
  });
  onProgress({ phase: 'checking', rowsRead: parsed.rows.length });
  const { rows, ...file } = parsed;
  return { ...file, ...previewCredentials(rows, request.uploaded) };
}

/** The file's preview as the seller sees it, rows packed (previewForSeller.ts). */
export type CredentialSellerPreview = Omit<CredentialImportResult, 'rows'> &
  CredentialPreviewForSeller;

/**
 * The preview read, checked, masked and packed a row at a time (readCredentialFile →
 * CredentialCheck.checkRow → SellerPreviewBuilder): what it holds besides the file's text is the
 * packed output and the hashes duplicates are found by, never the file's rows as objects.
 */
export async function runCredentialPreview(
  request: CredentialImportRequest,
  onProgress: (progress: CredentialImportProgress) => void = () => {},
): Promise<CredentialSellerPreview> {
  onProgress({ phase: 'reading', rowsRead: 0 });
  // Handed over whole: the reader lets the bytes go once they are decoded.
  const source = await readSource(request.source);
  onProgress({ phase: 'parsing', rowsRead: 0 });
  const check = new CredentialCheck(request.uploaded);
  const seller = new SellerPreviewBuilder(source.bytes.length);
  const { rows, ...file } = await readCredentialFile(
    source,
    {
      ...request.options,
      fileName: request.options?.fileName ?? source.fileName,
      onProgress: (rowsRead) => onProgress({ phase: 'parsing', rowsRead }),
    },
    (row) => seller.add(check.checkRow(row)),
  );
  onProgress({ phase: 'checking', rowsRead: rows });
  return { ...file, totals: check.totals, ...seller.finish(check.replaceTotal) };
}
