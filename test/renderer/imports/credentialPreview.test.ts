import { describe, expect, it } from 'vitest';
import {
  canReplaceAll,
  commitSummary,
  damagedRowsNote,
  duplicateLabel,
  encodingChoices,
  fileLabel,
  fileReadAs,
  filterRows,
  pageOf,
  parseCredentialId,
  replaceConfirmation,
  rowVerdict,
  totalsSummary,
  type CredentialPreviewRow,
} from '../../../renderer/src/lib/imports/credentialPreview';
import { credentialRefusalsFor } from '../../../renderer/src/lib/imports/credentialSyncProblems';

const row = (
  line: number,
  problems: string[] = [],
  duplicateOf: CredentialPreviewRow['duplicateOf'] = null,
): CredentialPreviewRow => ({
  line,
  maskedLogin: 'us•••1',
  hasEmail: false,
  problems: problems.map((message) => ({ field: 'login', message })),
  duplicateOf,
});

const rows = [row(1), row(2, ['login is missing']), row(3, [], 'file'), row(5, [], 'uploaded')];

describe('credential preview rows', () => {
  it('tells each row apart: to send, with problems, duplicate', () => {
    expect(rows.map(rowVerdict)).toEqual(['send', 'problem', 'duplicate', 'duplicate']);
    expect(filterRows(rows, 'problem').map((r) => r.line)).toEqual([2]);
    expect(filterRows(rows, 'duplicate').map((r) => r.line)).toEqual([3, 5]);
    expect(filterRows(rows, 'send').map((r) => r.line)).toEqual([1]);
    expect(filterRows(rows, 'all')).toHaveLength(4);
    expect(duplicateLabel('file')).toBe('Duplicate in this file');
    expect(duplicateLabel('uploaded')).toBe('Already on this offer');
    expect(duplicateLabel(null)).toBeNull();
  });

  it('pages 100k rows without copying more than a page, clamping out-of-range pages', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => i);
    const p = pageOf(many, 3, 100);
    expect(p.rows).toHaveLength(100);
    expect([p.first, p.last, p.pages, p.rows[0]]).toEqual([301, 400, 1000, 300]);
    expect(pageOf(many, 5000, 100).page).toBe(999);
    expect(pageOf(many, -2, 100).first).toBe(1);
    const empty = pageOf([], 0, 100);
    expect([empty.first, empty.last, empty.pages, empty.rows.length]).toEqual([0, 0, 1, 0]);
    expect(pageOf(many.slice(0, 150), 1, 100).rows).toHaveLength(50);
  });
});

describe('what the seller is told', () => {
  const totals = {
    rows: 5,
    valid: 2,
    invalid: 1,
    duplicatesInFile: 1,
    duplicatesUploaded: 1,
  };

  it('sums up the totals with only the kinds that occur', () => {
    expect(totalsSummary(totals)).toBe(
      '5 rows: 2 accounts to send, 1 row with problems, 1 duplicate inside the file, 1 account already on this offer.',
    );
    expect(
      totalsSummary({ rows: 1, valid: 1, invalid: 0, duplicatesInFile: 0, duplicatesUploaded: 0 }),
    ).toBe('1 row: 1 account to send.');
  });

  it('reports a commit as queued, skipped as duplicate, not sendable', () => {
    expect(commitSummary({ queued: 2, skipped: 3 }, totals, 'add')).toBe(
      '2 accounts queued for upload; 2 duplicates skipped; 1 row not sendable (problems).',
    );
    expect(commitSummary({ queued: 2, skipped: 3 }, totals, 'replace')).toContain(
      'queued to replace every credential on this offer',
    );
    const clean = { rows: 1, valid: 1, invalid: 0, duplicatesInFile: 0, duplicatesUploaded: 0 };
    expect(commitSummary({ queued: 1, skipped: 0 }, clean, 'add')).toBe(
      '1 account queued for upload.',
    );
  });

  it('offers Replace all only for credential system 3 (or a new offer, which gets 3)', () => {
    expect(canReplaceAll(3)).toBe(true);
    expect(canReplaceAll(null)).toBe(true);
    expect(canReplaceAll(1)).toBe(false);
  });

  it('says plainly that Replace all removes every credential and by how many it replaces them', () => {
    const text = replaceConfirmation(42, 7);
    expect(text).toContain('Every credential now on this offer will be removed');
    expect(text).toContain('replaced by the 42 accounts');
    expect(text).toContain('7 credentials on this offer');
    expect(text).toContain('cannot be undone');
    expect(replaceConfirmation(1, 0)).toContain('does not know of any credential');
  });

  it('accepts only a positive whole credential id', () => {
    expect(parseCredentialId(' 42 ')).toEqual({ ok: true, id: 42 });
    for (const bad of ['', 'abc', '-3', '0', '1.5', '99999999999999999999']) {
      expect(parseCredentialId(bad).ok).toBe(false);
    }
  });

  it('shows a file by its name, whatever the folder separator', () => {
    expect(fileLabel('/home/me/accounts.txt')).toBe('accounts.txt');
    expect(fileLabel('C:\\Users\\me\\list.csv')).toBe('list.csv');
    expect(fileLabel('plain.json')).toBe('plain.json');
  });
});

describe('credential refusals from sync', () => {
  const problem = (localId: number, message: string) => ({
    localId,
    title: 'offer',
    message,
    fields: [],
  });

  it("keeps this offer's credential refusals and explains a transferred offer", () => {
    const refusals = credentialRefusalsFor(7, [
      problem(7, 'Credentials cannot be modified for a transferred offer.'),
      problem(8, 'Credentials cannot be modified for a transferred offer.'),
      problem(7, 'price_per_step: must be at least 0.01'),
    ]);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]!.message).toBe('Credentials cannot be modified for a transferred offer.');
    const [fromClient] = credentialRefusalsFor(7, [
      problem(
        7,
        'POST /external_api/pro/offers/1004/credentials/add_batch: 403 forbidden — Credentials cannot be modified for a transferred offer.',
      ),
    ]);
    expect(fromClient!.message).toBe('Credentials cannot be modified for a transferred offer.');
    expect(refusals[0]!.advice).toContain('This offer was transferred');
  });

  it('keeps other credential refusals without inventing advice', () => {
    const [refusal] = credentialRefusalsFor(3, [problem(3, 'Credential system is not 3.')]);
    expect(refusal).toEqual({ message: 'Credential system is not 3.', advice: null });
  });
});

describe('encodings', () => {
  it("offers main's candidates first, marked likely, then the other usual encodings", () => {
    const choices = encodingChoices(['koi8-r', 'windows-1251']);
    expect(choices.slice(0, 2)).toEqual([
      { value: 'koi8-r', label: 'KOI8-R — likely' },
      { value: 'windows-1251', label: 'Windows-1251 (Cyrillic) — likely' },
    ]);
    expect(choices.map((c) => c.value)).toEqual([
      'koi8-r',
      'windows-1251',
      'utf-8',
      'windows-1252',
      'utf-16le',
      'utf-16be',
    ]);
    expect(encodingChoices(['iso-8859-5'])[0]).toEqual({
      value: 'iso-8859-5',
      label: 'iso-8859-5 — likely',
    });
  });

  it('says how the file was read in words, never its format key or encoding label', () => {
    expect(fileReadAs('lines', 'utf-8')).toBe('Lines · text encoding UTF-8');
    expect(fileReadAs('csv', 'windows-1251')).toBe(
      'CSV table · text encoding Windows-1251 (Cyrillic)',
    );
    expect(fileReadAs('xlsx', 'utf-8')).toBe('Excel sheet');
    expect(fileReadAs('lines', 'iso-8859-5')).toBe('Lines · text encoding ISO-8859-5');
  });

  it('says how many rows cannot be read', () => {
    expect(damagedRowsNote(1, 'utf-8')).toBe(
      '1 row does not read as UTF-8 — the file may be damaged or mix encodings; it will not be sent. If the file is in another encoding, choose it.',
    );
    expect(damagedRowsNote(1200, 'windows-1251')).toMatch(
      /^1,200 rows do not read as WINDOWS-1251 .* they will not be sent/,
    );
  });
});
