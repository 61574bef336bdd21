// Import an account offer's credentials from a file, in two steps the app and the command line
// share: `previewCredentialImport` reads and checks the file (masked rows, problems by line,
// duplicates in the file and against what the offer already has), `commitCredentialImport` seals
// the rows to send into the queue (add, or replace all). The preview the fronts receive is plain
// data without a password; the rows themselves stay in this module (see `held`) until the commit.
import type { CredentialInput } from '../../../contract/marketplace/wire';
import type { CredentialHashes } from '../../credentials/hash';
import {
  credentialsToSend,
  previewCredentials,
  previewCredentialsInWorker,
  runCredentialPreview,
  unpackCredentialRows,
  type CredentialPreviewTotals,
  type CredentialSellerPreview,
  type MaskedCredentialRow,
  type ParsedCredentialRow,
} from '../../imports/credentials';
import type { CredentialFileFormat } from '../../imports/credentials/parseCredentialFile';
import { ImportError } from '../../imports/importError';
import type { CredentialMode } from '../../store';
import { UseCaseFailure, type Problem, toFailure } from '../failure';
import type { SellerProfile } from '../profile';
import { requireOffer } from '../offers/getOffer';
import { requireCredentialsKey, requireMultipleSystem } from './requirements';

export interface CredentialFileInput {
  localId: number;
  /** The file on this computer. */
  path: string;
  /** The seller's choice of encoding (a WHATWG label), when the file does not say. */
  encoding?: string;
  format?: CredentialFileFormat;
}

export interface CredentialPreviewOptions {
  /** Read the file in a worker thread: the app's window keeps drawing while 50 MB is parsed. */
  inWorker?: boolean;
  signal?: AbortSignal;
  /** Hashes that count as already there besides the offer's (the restock pool's). */
  alsoKnown?: readonly CredentialHashes[];
}

export type { MaskedCredentialRow } from '../../imports/credentials';
export { maskLogin } from '../../imports/credentials';

/** The file could not be read for sure in one encoding: the seller names one, and it is read again. */
export interface ChooseEncoding {
  state: 'choose-encoding';
  /** The likely encodings, most likely first (WHATWG labels). */
  candidates: string[];
  message: string;
}

export interface CredentialFilePreview {
  state: 'ready';
  localId: number;
  format: CredentialFileFormat;
  /** Null for XLSX, which carries its own. */
  encoding: string | null;
  /** Some lines did not read in an encoding that was guessed: the file may be in another one. */
  encodingInDoubt: boolean;
  /** Rows refused because their line does not read in the encoding. */
  damagedRows: number;
  rows: MaskedCredentialRow[];
  totals: CredentialPreviewTotals;
  /**
   * How many accounts "Replace all" would send: a replace removes what the offer has, so the
   * accounts already uploaded go again (only duplicates inside the file are left out).
   */
  replaceTotal: number;
  /** Every refused row's problems, by line (no field when the whole line is refused). */
  problems: Problem[];
}

export type CredentialImportPreview = ChooseEncoding | CredentialFilePreview;

export interface CommitCredentialImportInput {
  preview: CredentialFilePreview;
  /** Add to the offer's credentials, or replace them all with the file's. */
  mode: CredentialMode;
  /** Queue the good rows although some rows are refused (the app's confirmation says so). */
  skipInvalid: boolean;
  /** Send logins that differ from an earlier row's only by case too (the seller overrides). */
  keepCaseDuplicates?: boolean;
  /** As in the preview: more hashes that count as already there (an add only). */
  alsoKnown?: readonly CredentialHashes[];
  /** Where the rows go instead of the outbox (the restock pool); an add only. */
  into?: (credentials: CredentialInput[]) => void;
}

export interface CredentialImportOutcome {
  localId: number;
  mode: CredentialMode;
  rows: number;
  queued: number;
  /** Refused rows, left out (only with `skipInvalid`). */
  invalid: number;
  duplicatesInFile: number;
  /** Already queued or uploaded; none on a replace, which starts the list afresh. */
  duplicatesUploaded: number;
  /** Every row not queued: refused or duplicate. */
  skipped: number;
}

// The rows with their passwords, reachable only through the preview object they belong to:
// nothing that serialises a preview (IPC, --json) can carry them across, and a preview a front
// lets go of (discarded, expired) takes them with it. Packed in one buffer as the worker made
// them (imports/credentials/previewForSeller.ts): 100k accounts are one allocation until the
// seller confirms, not 100k objects.
const held = new WeakMap<CredentialFilePreview, Uint8Array>();

// The store keeps login and email hashes as two sets; the index matches on either, so each set is
// passed on its own ('' is no login hash: sha256 hex is never empty).
function uploadedHashes(profile: SellerProfile, localId: number): CredentialHashes[] {
  const known = profile.store().knownCredentialHashes(localId);
  return [
    ...[...known.loginHashes].map((loginHash) => ({ loginHash, emailHash: null })),
    ...[...known.emailHashes].map((emailHash) => ({ loginHash: '', emailHash })),
  ];
}

async function readFile(
  input: CredentialFileInput,
  uploaded: CredentialHashes[],
  options: CredentialPreviewOptions,
): Promise<CredentialSellerPreview> {
  const request = {
    source: { path: input.path },
    options: { encoding: input.encoding, format: input.format },
    uploaded,
  };
  if (options.inWorker) return previewCredentialsInWorker(request, { signal: options.signal });
  try {
    return await runCredentialPreview(request);
  } catch (error) {
    // The worker says the same of a file it cannot open (never its content).
    const code = (error as NodeJS.ErrnoException).code;
    if (error instanceof ImportError || typeof code !== 'string') throw error;
    throw new ImportError('unreadable', `the file could not be read (${code})`);
  }
}

export async function previewCredentialImport(
  profile: SellerProfile,
  input: CredentialFileInput,
  options: CredentialPreviewOptions = {},
): Promise<CredentialImportPreview> {
  requireOffer(profile, input.localId);
  // Never a key this process may not use: a locked profile is told before the file is read.
  requireCredentialsKey(profile);
  let result: CredentialSellerPreview;
  try {
    const known = [...uploadedHashes(profile, input.localId), ...(options.alsoKnown ?? [])];
    result = await readFile(input, known, options);
  } catch (error) {
    // Not a failure: the seller knows the encoding, we do not.
    if (error instanceof ImportError && error.code === 'encoding-unsure') {
      return {
        state: 'choose-encoding',
        candidates: [...(error.candidates ?? [])],
        message: error.message,
      };
    }
    throw error;
  }
  const preview: CredentialFilePreview = {
    state: 'ready',
    localId: input.localId,
    format: result.format,
    encoding: result.encoding,
    encodingInDoubt: result.damagedRows > 0 && result.encodingSource === 'utf-8',
    damagedRows: result.damagedRows,
    rows: result.rows,
    totals: result.totals,
    replaceTotal: result.replaceTotal,
    problems: result.problems,
  };
  held.set(preview, result.packedRows);
  return preview;
}

/**
 * What a commit sends, counted again at commit time: an add skips what the offer has by now; a
 * replace starts the offer's list afresh, so only duplicates within the file are left out.
 */
function rowsToSend(
  rows: readonly ParsedCredentialRow[],
  uploaded: CredentialHashes[],
  keepCaseOnly = false,
): { credentials: CredentialInput[]; totals: CredentialPreviewTotals } {
  const recheck = previewCredentials(
    rows.map(({ line, credential, problems }) => ({ line, credential, problems })),
    uploaded,
  );
  // Each keeps its file line (sealed with it): a refusal at push names the line, not a place.
  const lineOf = new Map(recheck.rows.map((r) => [r.credential, r.line]));
  const credentials = credentialsToSend(recheck, { keepCaseOnly }).map((c) => ({
    ...c,
    line: lineOf.get(c),
  }));
  return { credentials, totals: recheck.totals };
}

export async function commitCredentialImport(
  profile: SellerProfile,
  input: CommitCredentialImportInput,
): Promise<CredentialImportOutcome> {
  const packed = held.get(input.preview);
  if (!packed) {
    throw new UseCaseFailure('not_found', 'This preview has expired; read the file again.');
  }
  const { localId } = input.preview;
  requireOffer(profile, localId);
  requireCredentialsKey(profile);
  if (input.mode === 'replace') requireMultipleSystem(profile, localId, 'Replace all');
  const { credentials, totals } = rowsToSend(
    unpackCredentialRows(packed),
    input.mode === 'replace'
      ? []
      : [...uploadedHashes(profile, localId), ...(input.alsoKnown ?? [])],
    input.keepCaseDuplicates === true,
  );
  if (totals.invalid > 0 && !input.skipInvalid) {
    throw new UseCaseFailure(
      'bad_input',
      `${totals.invalid} bad row(s); nothing was queued.`,
      input.preview.problems,
    );
  }
  if (credentials.length > 0) {
    try {
      if (input.into) input.into(credentials);
      else profile.store().queueCredentials(localId, credentials, input.mode);
    } catch (error) {
      // A refused draft is told as every other core error is: `bad_input`, by field.
      throw toFailure(error);
    }
  }
  held.delete(input.preview);
  return {
    localId,
    mode: input.mode,
    rows: totals.rows,
    queued: credentials.length,
    invalid: totals.invalid,
    duplicatesInFile: totals.duplicatesInFile,
    duplicatesUploaded: totals.duplicatesUploaded,
    skipped: totals.rows - credentials.length,
  };
}
