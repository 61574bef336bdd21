// Ctrl-C during a bulk command over thousands of offers: the change stops between two chunks,
// the command says how many of how many were changed and exits 130 (interrupted), and
// `seller-desk undo` takes back exactly those. The CLI in-process from argv to exit code (the
// binary's SIGINT aborts the same signal, electron/cli/main.ts), on a real SQLite file seeded
// with 5,000 pulled offers beside the demo seller's, its terminal progress line as the cue.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/run';
import { ExitCode } from '../../electron/cli/exitCodes';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { seededProduct, seedPulledOffers } from '../app/seededOffers';
import { jsonOf, runInProcess, tempDir, WINDOW_MS, type CliTarget } from './harness';

const SEEDED = 5_000;

let sandbox: Sandbox;
let dir: ReturnType<typeof tempDir>;
let target: CliTarget;

beforeEach(async () => {
  sandbox = await startSandbox({ windowMs: WINDOW_MS, seed: 'demo' });
  dir = tempDir('sd-cli-interrupt-');
  target = {
    baseUrl: sandbox.baseUrl,
    dataDir: join(dir.path, 'data'),
    token: sandbox.sellers[0]!.token,
  };
  expect((await runInProcess(['pull', '--quiet'], target)).code).toBe(0);
  await seedPulledOffers(target.dataDir, sandbox.baseUrl, SEEDED);
});
afterEach(async () => {
  await sandbox.close();
  dir.remove();
});

/** The seeded offers' prices, all of them, as `offers list --json` gives them. */
async function seededPrices(): Promise<number[]> {
  const prices: number[] = [];
  for (let offset = 0; offset < SEEDED; offset += 1000) {
    const listed = await runInProcess(
      [
        'offers',
        'list',
        '--product',
        String(seededProduct.id),
        '--sort',
        'price_per_step',
        '--offset',
        String(offset),
        '--limit',
        '1000',
        '--json',
      ],
      target,
    );
    const result = jsonOf<{ result: { offers: { pricePerStep: number }[] } }>(listed).result;
    prices.push(...result.offers.map((o) => o.pricePerStep));
  }
  return prices.sort((a, b) => a - b);
}

describe('Ctrl-C during a bulk command', { timeout: 120_000 }, () => {
  it('stops between chunks, says what was applied, exits 130; undo takes exactly that back', async () => {
    const before = await seededPrices();
    expect(before).toHaveLength(SEEDED);

    const interrupt = new AbortController();
    let stdout = '';
    let stderr = '';
    const code = await runCli(
      [
        'offers',
        'change-price',
        '--amount',
        '1',
        '--product',
        String(seededProduct.id),
        '--base-url',
        target.baseUrl,
        '--data-dir',
        target.dataDir,
        '--window-ms',
        String(WINDOW_MS),
      ],
      {
        stdout: { write: (c: string) => (stdout += c) },
        // A terminal: the progress line is drawn, and its first count is the cue for Ctrl-C.
        stderr: {
          isTTY: true,
          write: (c: string) => {
            stderr += c;
            // After the first chunk is done (the line says "Changing prices [#---] 128/5000").
            if (/Changing prices \[[#-]+\] [1-9]\d*\/5000/.test(c)) {
              interrupt.abort(new Error('interrupted'));
            }
          },
        },
        env: { ...process.env, SELLER_DESK_TOKEN: target.token! },
        signal: interrupt.signal,
      },
    );
    expect(interrupt.signal.aborted).toBe(true);
    expect(code, stdout + stderr).toBe(ExitCode.Interrupted);
    const said = /Interrupted after (\d+) of 5000 offers; the rest are as they were\./.exec(stdout);
    expect(said, stdout).not.toBeNull();
    const changed = Number(said![1]);
    expect(changed).toBeGreaterThan(0);
    expect(changed).toBeLessThan(SEEDED);

    // Exactly `changed` offers cost one more; the rest as they were.
    const after = await seededPrices();
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(after) - sum(before)).toBeCloseTo(changed, 6);

    const undone = await runInProcess(['undo'], target);
    expect(undone.code, undone.stdout + undone.stderr).toBe(0);
    expect(undone.stdout).toContain(`${changed} offers`);
    expect(await seededPrices()).toEqual(before);
  });
});
