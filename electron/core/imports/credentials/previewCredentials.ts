// What the seller sees before anything is sent: every row with its problems, which rows the
// marketplace would skip as duplicates (same hashes it uses), and the totals.
import { credentialProblems, type FieldProblem } from '../../../contract/rules';
import type { CredentialInput } from '../../../contract/marketplace/wire';
import { credentialHash, hashCredential, type CredentialHashes } from '../../credentials/hash';
import type { ParsedCredentialRow } from './credentialRow';
import { HashMarks } from './hashMarks';

export interface CredentialPreviewRow {
  line: number;
  credential: CredentialInput;
  problems: FieldProblem[];
  /** Set on a valid row the marketplace would skip: seen earlier in the file, or already uploaded. */
  duplicateOf?: 'file' | 'uploaded';
  /**
   * The line of an earlier row whose login differs from this one only by case: two accounts to
   * the marketplace (it hashes logins as stored), most likely one to the seller. Left out unless
   * the seller sends them anyway.
   */
  caseOnlyOf?: number;
  /** What the seller paid for this account (the file's cost column), kept beside the row. */
  cost?: number;
}

const costOf = (row: ParsedCredentialRow): { cost?: number } =>
  row.cost === undefined ? {} : { cost: row.cost };

export interface CredentialPreviewTotals {
  rows: number;
  /** Rows that would be sent: no problem and not a duplicate. */
  valid: number;
  invalid: number;
  duplicatesInFile: number;
  duplicatesUploaded: number;
  /** Valid rows whose login differs from an earlier row's only by case (see caseOnlyOf). */
  caseOnlyDuplicates: number;
}

export interface CredentialPreview {
  rows: CredentialPreviewRow[];
  totals: CredentialPreviewTotals;
  /**
   * How many "Replace all" would send: a replace removes what the offer has, so the accounts
   * already uploaded go again (only duplicates inside the file, and logins differing from an
   * earlier row's only by case, are left out). Counted in the same pass, from the same hashes.
   */
  replaceTotal: number;
}

/**
 * The hashes the marketplace compares. Our reading of "detected by a hash of login and a hash of
 * email": the same login, or the same email, is the same account. A hash may carry several marks
 * (a check keeps "seen in the file" and "seen for a replace" in one index: one copy of each hash).
 */
export class CredentialHashIndex {
  private readonly logins: HashMarks;
  private readonly emails: HashMarks;

  /** `expected`: how many rows will be added, when known (see HashMarks). */
  constructor(hashes: Iterable<CredentialHashes> = [], expected = 0) {
    this.logins = new HashMarks(expected);
    this.emails = new HashMarks(expected);
    for (const h of hashes) this.add(h);
  }

  add(h: CredentialHashes, mark = 1): void {
    this.logins.mark(h.loginHash, mark);
    if (h.emailHash) this.emails.mark(h.emailHash, mark);
  }

  has(h: CredentialHashes, mark = 1): boolean {
    return (
      (this.logins.marksOf(h.loginHash) & mark) !== 0 ||
      (h.emailHash !== null && (this.emails.marksOf(h.emailHash) & mark) !== 0)
    );
  }
}

/** Marks of a file's own hashes: seen among the rows an add sends, among those a replace sends. */
const IN_FILE = 1;
const FOR_REPLACE = 2;

/**
 * The checks of a file's rows in file order, a part at a time: each part is checked against the
 * rows before it (duplicates in the file, logins differing only by case), so a 100k-line file can
 * be checked again at commit without holding all its rows at once.
 */
export class CredentialCheck {
  private readonly alreadyUploaded: CredentialHashIndex;
  /**
   * The file's hashes: IN_FILE for the rows an add would send; FOR_REPLACE for every valid row's,
   * uploaded or not (what a replace would find twice in the file).
   */
  private readonly inFile: CredentialHashIndex;
  /** Hash of the lower-cased login → the line of the first row with it. */
  private readonly byFoldedLogin: HashMarks;
  replaceTotal = 0;
  readonly totals: CredentialPreviewTotals = {
    rows: 0,
    valid: 0,
    invalid: 0,
    duplicatesInFile: 0,
    duplicatesUploaded: 0,
    caseOnlyDuplicates: 0,
  };

  /** `expectedRows`: the file's row count when known (a commit re-checks a previewed file). */
  constructor(uploaded: Iterable<CredentialHashes> = [], expectedRows = 0) {
    this.alreadyUploaded = new CredentialHashIndex(uploaded);
    this.inFile = new CredentialHashIndex([], expectedRows);
    this.byFoldedLogin = new HashMarks(expectedRows);
  }

  check(parsed: readonly ParsedCredentialRow[]): CredentialPreviewRow[] {
    return parsed.map((row) => this.checkRow(row));
  }

  /** The next row in file order (a preview checks each as it is read). */
  checkRow(row: ParsedCredentialRow): CredentialPreviewRow {
    const totals = this.totals;
    totals.rows++;
    const problems = [...row.problems, ...credentialProblems(row.credential)];
    if (problems.length > 0) {
      totals.invalid++;
      return { line: row.line, credential: row.credential, ...costOf(row), problems };
    }
    const hashes = hashCredential(row.credential);
    // Most logins are written lower-case: their own hash is the folded one's.
    const folded = row.credential.login.toLowerCase();
    const foldedHash = folded === row.credential.login ? hashes.loginHash : credentialHash(folded);
    const firstLine = this.byFoldedLogin.marksOf(foldedHash);
    const earlier = firstLine === 0 ? undefined : firstLine;
    if (earlier === undefined) this.byFoldedLogin.mark(foldedHash, row.line);
    if (!this.inFile.has(hashes, FOR_REPLACE)) {
      this.inFile.add(hashes, FOR_REPLACE);
      if (earlier === undefined) this.replaceTotal++;
    }
    if (this.alreadyUploaded.has(hashes)) {
      totals.duplicatesUploaded++;
      return {
        line: row.line,
        credential: row.credential,
        ...costOf(row),
        problems,
        duplicateOf: 'uploaded',
      };
    }
    if (this.inFile.has(hashes, IN_FILE)) {
      totals.duplicatesInFile++;
      return {
        line: row.line,
        credential: row.credential,
        ...costOf(row),
        problems,
        duplicateOf: 'file',
      };
    }
    this.inFile.add(hashes, IN_FILE);
    if (earlier !== undefined) {
      totals.caseOnlyDuplicates++;
      return {
        line: row.line,
        credential: row.credential,
        ...costOf(row),
        problems,
        caseOnlyOf: earlier,
      };
    }
    totals.valid++;
    return { line: row.line, credential: row.credential, ...costOf(row), problems };
  }
}

export function previewCredentials(
  parsed: readonly ParsedCredentialRow[],
  uploaded: Iterable<CredentialHashes> = [],
): CredentialPreview {
  const check = new CredentialCheck(uploaded);
  const rows = check.check(parsed);
  return { rows, totals: check.totals, replaceTotal: check.replaceTotal };
}

/**
 * The credentials to send: valid, non-duplicate rows; logins differing only by case from an
 * earlier row only when the seller said to send them anyway.
 */
export function credentialsToSend(
  preview: CredentialPreview,
  opts: { keepCaseOnly?: boolean } = {},
): CredentialInput[] {
  return preview.rows
    .filter(
      (row) =>
        row.problems.length === 0 &&
        !row.duplicateOf &&
        (row.caseOnlyOf === undefined || opts.keepCaseOnly === true),
    )
    .map((row) => row.credential);
}

/** add_batch and replace_all take at most 1000 credentials a request. */
export function chunkCredentials<T>(list: readonly T[], size = 1000): T[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError('chunk size must be a positive integer');
  const chunks: T[][] = [];
  for (let i = 0; i < list.length; i += size) chunks.push(list.slice(i, i + size));
  return chunks;
}
