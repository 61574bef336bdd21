// Import an account offer's credentials from a file, in two steps the app and the command line
// share: `previewCredentialImport` reads and checks the file (masked rows, problems by line,
// duplicates in the file and against what the offer already has), `commitCredentialImport` seals
// the rows to send into the queue (add, or replace all). The preview the fronts receive is plain
// data without a password; the rows themselves stay in this module (see `held`) until the commit.
import { checkCost, checkSupplier } from '../profit/costs';
import type { CredentialInput } from '../../../contract/marketplace/wire';
import type { CredentialHashes } from '../../credentials/hash';
import {
  CredentialCheck,
  credentialsToSend,
  packedRowRanges,
  previewCredentialsInWorker,
  previewRowsPage,
  readPackedRows,
  runCredentialPreview,
  type CredentialPreviewTotals,
  type CredentialSellerPreview,
  type MaskedRows,
  type PreviewRowFilter,
  type PreviewRowsPage,
} from '../../imports/credentials';
import type { CredentialFileFormat } from '../../imports/credentials/parseCredentialFile';
import { ImportError } from '../../imports/importError';
import type { CredentialMode, CredentialStaging } from '../../store';
import { runInChunks, type JobControl } from '../../util/chunkedJob';
import { UseCaseFailure, type Problem, toFailure } from '../failure';
import { noValidRow } from '../transfers/noValidRow';
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

export type { MaskedCredentialRow, MaskedRows } from '../../imports/credentials';
export { MaskedRows as MaskedCredentialRows } from '../../imports/credentials';
export { maskLogin } from '../../imports/credentials';
export {
  FIRST_PREVIEW_PAGE,
  MAX_PREVIEW_PAGE,
  previewRowFilters,
  type PreviewRowFilter,
  type PreviewRowsPage,
} from '../../imports/credentials';

/**
 * A page of a preview's masked rows (all, or those under a filter), in file order: the app's
 * window asks for the rows it is about to show, never for a 100k-line file's rows at once.
 */
export function credentialPreviewRows(
  preview: CredentialFilePreview,
  request: { offset: number; limit: number; filter?: PreviewRowFilter },
): PreviewRowsPage {
  return previewRowsPage(preview.rows, request);
}

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
  /** Every row, masked and packed (a page or a row decoded when asked for). */
  rows: MaskedRows;
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
  /**
   * Where the rows are staged instead of for the outbox (the restock pool's staging); an add
   * only. Staged a range at a time and moved in one transaction as the outbox's are.
   */
  into?: () => CredentialStaging;
  /**
   * What each account cost the seller and from whom (a file's cost column wins per row): kept as
   * cost batches, used first in, first out; never sent.
   */
  cost?: { perAccount: number; supplier?: string } | null;
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
 * Rows checked, sealed and staged per range. Small: a range's row objects live until it is
 * staged, and those a young-generation collection meets twice move to the old generation, which
 * V8 collects late (200 rows a range grew the core's heap by some 55 MB over a 100k-line commit;
 * 25 rows, by half that).
 */
const ROWS_PER_RANGE = 25;

/**
 * What a commit sends, counted again at commit time: an add skips what the offer has by now; a
 * replace starts the offer's list afresh, so only duplicates within the file are left out. Read
 * from the packed rows a range at a time, checked, and handed to `take` (sealed and staged by the
 * store, or gathered for the pool), the core's other queries answered between ranges: a
 * 100k-line file is never 100k row objects at once.
 */
async function sendInRanges(
  packed: Uint8Array,
  file: { uploaded: CredentialHashes[]; rows: number; keepCaseOnly: boolean },
  take: (credentials: CredentialInput[], costs: (number | null)[]) => void,
  control: JobControl,
): Promise<CredentialPreviewTotals> {
  const { uploaded, keepCaseOnly } = file;
  // Sized for the preview's row count: its hash tables never grow (and copy) mid-commit.
  const check = new CredentialCheck(uploaded, file.rows);
  // Progress in rows, as the seller counts them (every range but the last holds ROWS_PER_RANGE).
  const onProgress = control.onProgress;
  const run = await runInChunks(
    packedRowRanges(packed, ROWS_PER_RANGE),
    (ranges) => {
      for (const range of ranges) {
        const parsed = readPackedRows(packed, range);
        const checked = check.check(parsed);
        // Each keeps its file line (sealed with it): a refusal at push names the line.
        const lineOf = new Map(checked.map((r) => [r.credential, r.line]));
        // A row's cost per account (a cost column) goes beside it, never inside the credential.
        const costOf = new Map(checked.map((r, i) => [r.credential, parsed[i]?.cost ?? null]));
        const chosen = credentialsToSend(
          { rows: checked, totals: check.totals, replaceTotal: 0 },
          { keepCaseOnly },
        );
        const send = chosen.map((c) => ({ ...c, line: lineOf.get(c) }));
        if (send.length > 0) {
          take(
            send,
            chosen.map((c) => costOf.get(c) ?? null),
          );
        }
      }
    },
    {
      signal: control.signal,
      onProgress:
        onProgress &&
        (({ done, total }) =>
          onProgress({
            done: done === total ? file.rows : Math.min(done * ROWS_PER_RANGE, file.rows),
            total: file.rows,
          })),
      firstChunk: 1,
      minChunk: 1,
    },
  );
  if (run.cancelled) {
    throw new UseCaseFailure('bad_input', 'The import was stopped; nothing was queued.', [], {
      say: { key: 'refusals.transfers.importStopped' },
    });
  }
  return check.totals;
}

export async function commitCredentialImport(
  profile: SellerProfile,
  input: CommitCredentialImportInput,
  control: JobControl = {},
): Promise<CredentialImportOutcome> {
  const packed = held.get(input.preview);
  if (!packed) {
    throw new UseCaseFailure('not_found', 'This preview has expired; read the file again.');
  }
  const { localId } = input.preview;
  requireOffer(profile, localId);
  requireCredentialsKey(profile);
  if (input.mode === 'replace') requireMultipleSystem(profile, localId, 'Replace all');
  const refused = (invalid: number) =>
    new UseCaseFailure(
      'bad_input',
      `${invalid} bad row(s); nothing was queued.`,
      input.preview.problems,
    );
  // A row's problems depend on the row alone: the preview's count holds at commit.
  const { invalid, rows } = input.preview.totals;
  if (invalid > 0 && !input.skipInvalid) throw refused(invalid);
  // Skipping the bad rows takes the good ones; with none, nothing is taken, and that is said.
  if (invalid > 0 && invalid === rows) throw noValidRow(rows, input.preview.problems);
  const uploaded =
    input.mode === 'replace'
      ? []
      : [...uploadedHashes(profile, localId), ...(input.alsoKnown ?? [])];
  const keepCaseOnly = input.keepCaseDuplicates === true;
  let queued: number;
  let totals: CredentialPreviewTotals;
  try {
    // Sealed and staged a range at a time (never every row at once); queued, or added to the
    // pool, in one short transaction at the end: all or nothing.
    const staging = input.into
      ? input.into()
      : profile.store().stageCredentials(
          localId,
          input.mode,
          input.cost
            ? {
                unitCost: checkCost(input.cost.perAccount),
                supplier: checkSupplier(input.cost.supplier ?? ''),
              }
            : null,
        );
    try {
      const file = { uploaded, rows: input.preview.totals.rows, keepCaseOnly };
      totals = await sendInRanges(packed, file, (c, costs) => staging.add(c, costs), control);
      if (totals.invalid > 0 && !input.skipInvalid) throw refused(totals.invalid);
      queued = staging.staged;
      if (queued > 0) staging.commit();
    } finally {
      staging.abandon();
    }
  } catch (error) {
    if (error instanceof UseCaseFailure) throw error;
    // A refused draft is told as every other core error is: `bad_input`, by field.
    throw toFailure(error);
  }
  held.delete(input.preview);
  return {
    localId,
    mode: input.mode,
    rows: totals.rows,
    queued,
    invalid: totals.invalid,
    duplicatesInFile: totals.duplicatesInFile,
    duplicatesUploaded: totals.duplicatesUploaded,
    skipped: totals.rows - queued,
  };
}
