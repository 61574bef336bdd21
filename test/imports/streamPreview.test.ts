// The credential preview made where the file is read, without holding it twice: lines walked one
// at a time give the rows splitting the text gave; "Replace all"'s count, taken in the same pass
// as the add's duplicates, is the count a second preview with nothing uploaded gives; the rows
// packed for the commit come back as they were read; the worker's preview for the seller carries
// no password, its masked rows come in parts and its packed rows move across the thread whole.
import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashCredential } from '../../electron/core/credentials/hash';
import {
  credentialsToSend,
  eachTextLine,
  parseCredentialLines,
  previewCredentials,
  previewCredentialsInWorker,
  previewForSeller,
  unpackCredentialRows,
} from '../../electron/core/imports/credentials';

const piece = fc.constantFrom('a', 'B', '7', ':', ';', '|', '\t', '#', ' ', 'é', 'Ж', '\n', '\r');
const text = fc.array(piece, { maxLength: 200 }).map((chars) => chars.join(''));

describe('lines one at a time', () => {
  it('gives the lines a split on CRLF, LF and CR gives', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect([...eachTextLine(t)]).toEqual(t.split(/\r\n|\n|\r/));
      }),
      { numRuns: 2000 },
    );
  });
});

// Few distinct logins and emails, in both cases: duplicates in the file, against what was
// uploaded, and by case only are all common.
const login = fc.constantFrom('ann', 'Ann', 'bob', 'BOB', 'cy', 'dee', '', 'eve');
const email = fc.constantFrom('', 'a@x.io', 'b@x.io', 'A@x.io');
const line = fc
  .tuple(login, fc.constantFrom('pw', 'secret', ''), email)
  .map(([l, p, e]) => (e ? `${l}:${p}:${e}` : `${l}:${p}`));
const file = fc.array(line, { minLength: 1, maxLength: 40 }).map((lines) => lines.join('\n'));
const uploaded = fc
  .array(fc.tuple(login, email), { maxLength: 4 })
  .map((pairs) => pairs.map(([l, e]) => hashCredential({ login: l, email: e || null })));

describe('the preview for the seller', () => {
  it('counts Replace all in the same pass as a second preview with nothing uploaded does', () => {
    fc.assert(
      fc.property(file, uploaded, (f, known) => {
        const { rows } = parseCredentialLines(f);
        const preview = previewCredentials(rows, known);
        const again = previewCredentials(
          preview.rows.map(({ line: l, credential, problems }) => ({
            line: l,
            credential,
            problems,
          })),
          [],
        );
        expect(preview.replaceTotal).toBe(credentialsToSend(again).length);
      }),
      { numRuns: 1000 },
    );
  });

  it('packs the rows as read and masks every login', () => {
    fc.assert(
      fc.property(file, uploaded, (f, known) => {
        const preview = previewCredentials(parseCredentialLines(f).rows, known);
        // Taken before: the seller's preview takes the rows over and lets each go once packed.
        const asRead = preview.rows.map(({ line: l, credential, problems }) => ({
          line: l,
          credential,
          problems,
        }));
        const lines = preview.rows.map((r) => r.line);
        const duplicates = preview.rows.map((r) => r.duplicateOf ?? null);
        const problemCount = preview.rows.reduce((n, r) => n + r.problems.length, 0);
        const forSeller = previewForSeller(preview);
        expect(unpackCredentialRows(forSeller.packedRows)).toEqual(asRead);
        expect(forSeller.rows.map((r) => r.line)).toEqual(lines);
        expect(forSeller.rows.map((r) => r.duplicateOf)).toEqual(duplicates);
        expect(forSeller.replaceTotal).toBe(preview.replaceTotal);
        expect(forSeller.problems.length).toBe(problemCount);
      }),
      { numRuns: 500 },
    );
  });

  it('comes from the worker with no password in what the seller sees, the rows whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sd-stream-'));
    try {
      const path = join(dir, 'accounts.txt');
      const lines = Array.from({ length: 20_000 }, (_, i) => `seller${i}:Canary-pw-${i}`);
      lines.push('seller7:Canary-pw-again', 'SELLER8:Canary-pw-case');
      writeFileSync(path, lines.join('\r\n'));
      const preview = await previewCredentialsInWorker({ source: { path } });
      const { packedRows, ...shown } = preview;
      expect(JSON.stringify(shown)).not.toContain('Canary-pw');
      expect(preview.totals).toMatchObject({
        rows: 20_002,
        valid: 20_000,
        duplicatesInFile: 1,
        caseOnlyDuplicates: 1,
      });
      expect(preview.replaceTotal).toBe(20_000);
      // The masked rows came in parts, all of them, in the file's order.
      expect(preview.rows.map((r) => r.line)).toEqual(
        Array.from({ length: 20_002 }, (_, i) => i + 1),
      );
      expect(preview.rows.at(20_000)).toMatchObject({
        maskedLogin: 'se••••7',
        duplicateOf: 'file',
      });
      const rows = unpackCredentialRows(packedRows);
      expect(rows).toHaveLength(20_002);
      expect(rows[20_001]).toMatchObject({
        line: 20_002,
        credential: { login: 'SELLER8', game_password: 'Canary-pw-case' },
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
