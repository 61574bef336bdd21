// One door for screenshots: the app's handlers and the command line share the use cases. The
// same refusal has the same reason in both; a drop onto the offer queues the rest while a command
// queues nothing (all or nothing, as a script expects); a screenshot is removed by its stored path
// or its full URL in both, and a name that is not the offer's is refused in both.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppCore } from '../../electron/core/app';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { jsonOf, runInProcess, WINDOW_MS, type CliTarget } from '../cli/harness';
import { coreCalls, createTestCore } from '../app/coreHarness';

const OFFER = 1004;
// A tiny valid PNG (signature + IHDR), enough for a check by magic bytes.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a50000000049454e44ae426082',
  'hex',
);

let sandbox: Sandbox;
let core: AppCore;
const { call, failureOf } = coreCalls(() => core);
let dir: string;
let cli: CliTarget;
let localId: number;

async function appScreenshots(): Promise<string[]> {
  return (await call('offers.get', { localId })).screenshots.map((s) => s.ref);
}

async function cliScreenshots(): Promise<string[]> {
  const shown = await runInProcess(['offers', 'show', String(OFFER), '--json'], cli);
  return jsonOf<{ result: { fields: { screenshots?: string[] } } }>(shown).result.fields
    .screenshots!;
}

function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

beforeAll(async () => {
  sandbox = await startSandbox({ windowMs: WINDOW_MS });
  dir = mkdtempSync(join(tmpdir(), 'sd-screenshots-parity-'));
  core = await createTestCore(join(dir, 'app'), sandbox.baseUrl, {
    windowMs: WINDOW_MS,
    syncDebounceMs: 3_600_000,
  });
  await core.start();
  await call('session.connect', { token: sandbox.sellers[0]!.token });
  await call('sync.now');
  for (let i = 0; i < 600 && (await call('sync.status')).running; i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const page = await call('offers.query', {
    text: String(OFFER),
    sort: { column: 'updated_at', dir: 'desc' },
    offset: 0,
    limit: 10,
  });
  localId = page.rows.find((r) => r.serverId === OFFER)!.localId;
  cli = { baseUrl: sandbox.baseUrl, dataDir: join(dir, 'cli'), token: sandbox.sellers[0]!.token };
  expect((await runInProcess(['pull'], cli)).code).toBe(0);
}, 60_000);

afterAll(async () => {
  await core?.close();
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('screenshots through the app and the command line', { timeout: 60_000 }, () => {
  it('refuses a file that is not an image for the same reason; the app queues the rest, the command nothing', async () => {
    const picture = file('shot.png', PNG);
    const notImage = file('notes.png', 'this is text');
    const before = { app: await appScreenshots(), cli: await cliScreenshots() };
    expect(before.app).toEqual(before.cli);

    const dropped = await call('screenshots.add', { localId, files: [picture, notImage] });
    const run = await runInProcess(
      ['screenshots', 'add', '--offer', String(OFFER), picture, notImage, '--json'],
      cli,
    );
    expect(run.code).toBe(2);
    const problems = jsonOf<{
      error: { kind: string; problems: { column: string; reason: string }[] };
    }>(run).error.problems;
    expect(problems.map((p) => ({ item: p.column, reason: p.reason }))).toEqual(dropped.refused);
    expect(dropped.accepted).toBe(1);
    expect(await appScreenshots()).toHaveLength(before.app.length + 1);
    expect(await cliScreenshots()).toEqual(before.cli);
  });

  it('removes a stored screenshot named by its path or its full URL, and refuses a bare ending', async () => {
    const [first, second] = await cliScreenshots();
    expect(first && second).toBeTruthy();
    const byUrl = new URL(first!, sandbox.baseUrl).href;
    const removed = await runInProcess(
      ['screenshots', 'remove', '--offer', String(OFFER), byUrl, '--json'],
      cli,
    );
    expect(removed.code, removed.stderr).toBe(0);
    expect(jsonOf<{ result: { removed: string } }>(removed).result.removed).toBe(first);
    await call('screenshots.remove', { localId, ref: first });

    const ending = second!.slice(-4);
    const cliRefused = await runInProcess(
      ['screenshots', 'remove', '--offer', String(OFFER), ending, '--json'],
      cli,
    );
    const appRefused = await failureOf('screenshots.remove', { localId, ref: ending });
    expect(cliRefused.code).toBe(2);
    expect([jsonOf<{ error: { kind: string } }>(cliRefused).error.kind, appRefused.kind]).toEqual([
      'not_found',
      'not_found',
    ]);
    expect(appRefused.message).toMatch(/has no screenshot/);
  });
});
