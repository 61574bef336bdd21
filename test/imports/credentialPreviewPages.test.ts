// A credential file's preview a page at a time, through the app core's channels: the preview's
// answer carries its first rows only; credentials.previewRows gives the rest, every row of the file
// once and in its order, the filters' rows alike, and no login or password in clear in any answer.
// Confirming it (sealed and staged a range at a time, queued in one transaction) queues exactly
// the rows the file's checks keep, in file order, as their hashes show; a refused confirmation
// queues nothing. The packed rows read a range at a time give the rows packing was given.
import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { credentialHash } from '../../electron/core/credentials/hash';
import {
  packCredentialRows,
  packedRowRanges,
  readPackedRows,
  unpackCredentialRows,
  type ParsedCredentialRow,
} from '../../electron/core/imports/credentials';
import { profileFile } from '../../electron/core/usecases/paths';
import { connectedCoreForTests } from '../app/coreHarness';
import { accountFields } from '../sync/harness';

const world = connectedCoreForTests('preview-pages', { syncDebounceMs: 3_600_000 });
const { call, failureOf } = world;

const LINES = 1234;
const BAD_LINE = 500;
/** Line 700 repeats line 10's account. */
const DUPLICATE_LINE = 700;
const loginOf = (line: number) =>
  line === DUPLICATE_LINE ? 'page-buyer-0010' : `page-buyer-${String(line).padStart(4, '0')}`;
const passwordOf = (line: number) => `Secret-pw-${line}`;

function accountFile(name: string): string {
  const lines: string[] = [];
  for (let line = 1; line <= LINES; line++) {
    lines.push(
      line === BAD_LINE ? 'a-login-without-password' : `${loginOf(line)}:${passwordOf(line)}`,
    );
  }
  const path = join(world.dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

async function accountOffer(title: string): Promise<number> {
  const saved = await call('offers.save', {
    productId: 10,
    fields: accountFields(title),
    deliveryTimeMs: 600_000,
  });
  return saved.localId;
}

/** Every page of a preview under a filter, asked for as the table would. */
async function allPages(previewId: string, filter?: 'all' | 'problem' | 'duplicate' | 'send') {
  const rows = [];
  const answers: unknown[] = [];
  let total = Infinity;
  for (let offset = 0; offset < total; offset += 300) {
    const page = await call('credentials.previewRows', { previewId, offset, limit: 300, filter });
    answers.push(page);
    expect(page.offset).toBe(offset);
    total = page.total;
    rows.push(...page.rows);
  }
  return { rows, answers };
}

function expectNoSecrets(answers: unknown[]): void {
  const text = JSON.stringify(answers);
  expect(text).not.toMatch(/Secret-pw/);
  expect(text).not.toMatch(/page-buyer/);
}

describe('credential preview by pages', { timeout: 120_000 }, () => {
  it('gives every row once, in file order, across pages and filters, never a login or password', async () => {
    const localId = await accountOffer('Paged preview');
    const preview = await call('credentials.preview', { localId, file: accountFile('pages.txt') });
    if (preview.state !== 'ready') throw new Error(preview.state);
    expect(preview.totals).toMatchObject({ rows: LINES, invalid: 1, duplicatesInFile: 1 });
    // The answer carries the first page only.
    expect(preview.rows.map((r) => r.line)).toEqual(range(1, 100));

    const all = await allPages(preview.previewId);
    expect(all.rows.map((r) => r.line)).toEqual(range(1, LINES));
    expect(all.rows.slice(0, 100)).toEqual(preview.rows);
    expect(all.rows[BAD_LINE - 1]!.problems.length).toBeGreaterThan(0);
    expect(all.rows[DUPLICATE_LINE - 1]!.duplicateOf).toBe('file');
    expect(all.rows[41]!.maskedLogin).toMatch(/^pa•+2$/);

    const problems = await allPages(preview.previewId, 'problem');
    expect(problems.rows.map((r) => r.line)).toEqual([BAD_LINE]);
    const duplicates = await allPages(preview.previewId, 'duplicate');
    expect(duplicates.rows.map((r) => r.line)).toEqual([DUPLICATE_LINE]);
    const send = await allPages(preview.previewId, 'send');
    expect(send.rows.map((r) => r.line)).toEqual(
      range(1, LINES).filter((l) => l !== BAD_LINE && l !== DUPLICATE_LINE),
    );
    // A page past the end is empty, not an error.
    const past = await call('credentials.previewRows', {
      previewId: preview.previewId,
      offset: LINES + 10,
      limit: 50,
    });
    expect(past).toEqual({ rows: [], total: LINES, offset: LINES + 10 });
    expectNoSecrets([preview, ...all.answers, ...problems.answers, ...send.answers]);

    await call('credentials.discardPreview', { previewId: preview.previewId });
    const gone = await failureOf('credentials.previewRows', {
      previewId: preview.previewId,
      offset: 0,
      limit: 10,
    });
    expect(gone.kind).toBe('not_found');
  });

  it('queues exactly the rows the checks keep, in file order, sealed; the same file again queues none', async () => {
    const localId = await accountOffer('Paged commit');
    const preview = await call('credentials.preview', { localId, file: accountFile('commit.txt') });
    if (preview.state !== 'ready') throw new Error(preview.state);
    const committed = await call('credentials.commit', {
      previewId: preview.previewId,
      mode: 'add',
    });
    const kept = range(1, LINES).filter((l) => l !== BAD_LINE && l !== DUPLICATE_LINE);
    expect(committed).toEqual({ queued: kept.length, skipped: 2 });

    const db = new Database(profileFile(join(world.dir, 'app'), world.sandbox.baseUrl), {
      readonly: true,
    });
    try {
      const queued = db
        .prepare<{ login_hash: string; sealed: Buffer }>(
          'SELECT login_hash, sealed FROM queued_credentials WHERE local_id = ? ORDER BY id',
        )
        .all(localId);
      expect(queued.map((q) => q.login_hash)).toEqual(kept.map((l) => credentialHash(loginOf(l))));
      // Sealed: no password in clear on disk.
      expect(queued.some((q) => q.sealed.includes('Secret-pw'))).toBe(false);
      const ops = db
        .prepare<{ payload: string }>(
          "SELECT payload FROM outbox WHERE local_id = ? AND kind = 'credentials'",
        )
        .all(localId);
      expect(ops).toHaveLength(1);
      expect(JSON.parse(ops[0]!.payload)).toMatchObject({ mode: 'add', total: kept.length });
    } finally {
      db.close();
    }

    // The same file again: every row is a duplicate of what is queued, nothing more is.
    const again = await call('credentials.preview', { localId, file: accountFile('again.txt') });
    if (again.state !== 'ready') throw new Error(again.state);
    const second = await call('credentials.commit', { previewId: again.previewId, mode: 'add' });
    expect(second).toEqual({ queued: 0, skipped: LINES });
  });
});

describe('packed rows by range', () => {
  it('reads back, range by range, the rows packed, newlines and commas in passwords included', () => {
    const rows: ParsedCredentialRow[] = range(1, 1003).map((line) => ({
      line,
      credential: { login: `user,${line}`, game_password: `p\n"w],\n${line}` },
      problems: line % 97 === 0 ? [{ field: 'password', message: 'too short' }] : [],
    })) as ParsedCredentialRow[];
    const packed = packCredentialRows(rows);
    expect(unpackCredentialRows(packed)).toEqual(rows);
    for (const size of [1, 7, 200, 5000]) {
      const ranges = packedRowRanges(packed, size);
      expect(ranges.reduce((n, r) => n + r.rows, 0)).toBe(rows.length);
      expect(ranges.flatMap((r) => readPackedRows(packed, r))).toEqual(rows);
    }
    expect(packedRowRanges(packCredentialRows([]), 10)).toEqual([]);
  });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
