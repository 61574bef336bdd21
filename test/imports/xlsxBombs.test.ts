// Hostile workbooks under the 50 MB limit, each read the way the app reads it, in a process of its
// own so that its peak memory can be measured: every one is refused with a plain message within
// seconds, and the process stays far from the gigabytes these files once cost.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeWorkbook } from '../../electron/core/imports/sheets/xlsx';
import {
  amplifiedStringBomb,
  cellBomb,
  hugeSheetBomb,
  manyEntriesBomb,
  sharedStringsBomb,
} from './xlsxBombs';

const root = resolve(import.meta.dirname, '../..');
const probe = join(import.meta.dirname, 'fixtures/readWorkbookProbe.ts');
const MB = 1024 * 1024;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'xlsx-bombs-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface ProbeResult {
  refused: boolean;
  code?: string;
  message?: string;
  rows?: number;
  ms: number;
  peakRss: number;
  maxRss: number;
}

function runProbe(how: 'offers' | 'credentials', file: string): Promise<ProbeResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', probe, how, file], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      try {
        done(JSON.parse(line) as ProbeResult);
      } catch {
        fail(new Error(`probe exited ${code}: ${err.slice(-2000) || out.slice(-2000)}`));
      }
    });
  });
}

const cases: {
  name: string;
  make: () => Buffer | Promise<Buffer>;
  how: 'offers' | 'credentials';
  code: string;
  message: RegExp;
}[] = [
  {
    name: 'shared-strings bomb: ~440 KB inflating to 400 MB of one string',
    make: () => sharedStringsBomb(),
    how: 'offers',
    code: 'too-large',
    message: /sharedStrings\.xml inflates to \d{3} MB; the limit is 256 MB/,
  },
  {
    name: 'shared-strings bomb declaring 200 MB, under the size cap',
    make: () => sharedStringsBomb({ declaredSize: 200 * MB }),
    how: 'credentials',
    code: 'too-large',
    message: /sharedStrings\.xml is compressed \d+:1, which only a ZIP bomb is/,
  },
  {
    name: 'shared-strings bomb with a lying header (declares 1 MB)',
    make: () => sharedStringsBomb({ declaredSize: MB }),
    how: 'credentials',
    code: 'format',
    message: /sharedStrings\.xml inflates to more than the archive declares/,
  },
  {
    name: 'cell bomb: 120 MB of ten-cell rows, 18 MB zipped, compressing like a real sheet',
    make: () => cellBomb(120),
    how: 'offers',
    code: 'too-large',
    message: /first sheet has more than 2,000,000 cells/,
  },
  {
    name: 'cell bomb: 600 MB of cells in 2 MB',
    make: () => hugeSheetBomb(),
    how: 'credentials',
    code: 'too-large',
    message: /sheet1\.xml inflates to 600 MB/,
  },
  {
    name: 'one 32,000-character string shown by 20,000 cells',
    make: () => amplifiedStringBomb(),
    how: 'offers',
    code: 'too-large',
    message: /more than 52,428,800 characters of text/,
  },
  {
    name: 'an archive of 20,000 files',
    make: () => manyEntriesBomb(20_000),
    how: 'credentials',
    code: 'too-large',
    message: /archive of 20,005 files/,
  },
];

const figure = (r: ProbeResult) =>
  `${r.ms} ms, peak RSS ${Math.round(Math.max(r.peakRss, r.maxRss) / MB)} MB`;

describe('XLSX bombs under the 50 MB limit, read as the app reads them', () => {
  it.each(cases)(
    '$name: refused, not read (well within 30 s), under 500 MB',
    async ({ name, make, how, code, message }) => {
      const bytes = await make();
      expect(bytes.length).toBeLessThan(50 * MB);
      const file = join(dir, `${cases.findIndex((c) => c.name === name)}.xlsx`);
      writeFileSync(file, bytes);
      const result = await runProbe(how, file);
      console.info(
        `${name} (${(bytes.length / 1024).toFixed(0)} KB, via ${how}): ${figure(result)}: ${result.message}`,
      );
      expect(result).toMatchObject({ refused: true, code });
      expect(result.message).toMatch(message);
      expect(result.message).toMatch(
        /^(This workbook is too large to read safely|the file is not a readable XLSX workbook)/,
      );
      // A bomb that is read rather than refused takes minutes; the bound is that, not a speed
      // goal (the figure printed above is one), and it holds on a busy 2-core machine.
      expect(result.ms).toBeLessThan(30_000);
      expect(result.peakRss).toBeLessThan(500 * MB);
      expect(result.maxRss).toBeLessThan(500 * MB);
    },
    60_000,
  );

  it('a real workbook of 50,000 accounts still reads, in the same bounds', async () => {
    const header = ['login', 'password', 'email', 'email_password', 'comment'];
    const rows = Array.from({ length: 50_000 }, (_, i) => [
      `user${i}`,
      `pw-${(i * 7919) % 100_003}`,
      `u${i}@mail.test`,
      `mp${i}`,
      i,
    ]);
    const file = join(dir, 'accounts.xlsx');
    writeFileSync(file, await writeWorkbook([{ name: 'Accounts', rows: [header, ...rows] }]));
    const result = await runProbe('credentials', file);
    console.info(`50,000 accounts (250,000 cells) via credentials: ${figure(result)}`);
    expect(result).toMatchObject({ refused: false, rows: 50_000 });
    expect(result.maxRss).toBeLessThan(500 * MB);
  }, 60_000);
});
