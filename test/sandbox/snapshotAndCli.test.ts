// The snapshot round trip, and the standalone `sim` CLI: its --json line, and that it saves its
// snapshot and exits cleanly on SIGTERM.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { productListResponseSchema } from '../../electron/contract/marketplace/wire';
import { paths } from '../../electron/contract/marketplace/assumptions';
import { startSandbox } from '../../electron/sandbox/index';
import { placeholderPng } from '../../electron/sandbox/png';
import { openSandbox } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-snapshot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('snapshot', () => {
  it('saves offers, credentials, screenshots and counters, and loads them back', async () => {
    const file = join(dir, 'state.json');
    const first = await openSandbox({ snapshotFile: file });
    const form = new FormData();
    form.append('screenshot', new Blob([new Uint8Array(placeholderPng('snap'))]), 's.png');
    const upload = await first.call('POST', paths.uploadScreenshot, { raw: form });
    const created = await first.call('POST', paths.manage(12), {
      body: {
        guarantee_delivery_time: 5,
        offers: [
          {
            price_per_step: 3,
            amount: 1,
            min_purchase_amount: 1,
            marketplace_type: 2,
            data: { '1201': 'PC', '1202': 2 },
            screenshots: [upload.body.path],
            credentials: [{ login: 'kept', game_password: 'never-stored' }],
          },
        ],
      },
    });
    const id = created.body.result.results[0].id as number;
    await first.sandbox.saveSnapshot();
    const offersBefore = first.sandbox.control.offers(1);
    await first.sandbox.close();

    const second = await openSandbox({ snapshotFile: file });
    expect(second.sandbox.control.offers(1)).toEqual(offersBefore);
    expect(second.sandbox.control.credentials(id).map((c) => c.login)).toEqual(['kept']);
    expect(
      second.sandbox.control.screenshotBytes(upload.body.path)?.equals(placeholderPng('snap')),
    ).toBe(true);
    const next = await second.call('POST', paths.manage(12), {
      body: {
        guarantee_delivery_time: 5,
        offers: [
          {
            price_per_step: 3,
            amount: 1,
            min_purchase_amount: 1,
            marketplace_type: 2,
            data: { '1201': 'PC', '1202': 2 },
          },
        ],
      },
    });
    expect(next.body.result.results[0].id).toBeGreaterThan(id);
    await second.sandbox.close();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(file, 'utf8')).not.toContain('never-stored');
  });

  it('a corrupt snapshot is refused with a clear error', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{ not json');
    await expect(startSandbox({ port: 0, snapshotFile: file })).rejects.toThrow(
      /snapshot .* not valid JSON/,
    );
  });
});

describe('sim CLI', () => {
  it('prints one --json line, serves the demo sellers, saves its snapshot and stops on SIGTERM', async () => {
    const file = join(dir, 'cli.json');
    const child = spawn(
      'npx',
      [
        'tsx',
        'electron/sandbox/cli.ts',
        '--port',
        '0',
        '--json',
        '--window-ms',
        '1000',
        '--snapshot',
        file,
      ],
      {
        cwd: process.cwd(),
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      },
    );
    try {
      const line = await new Promise<string>((resolve, reject) => {
        const rl = createInterface({ input: child.stdout });
        rl.once('line', resolve);
        child.once('exit', (code) => reject(new Error(`sim exited early with ${code}`)));
      });
      const info = JSON.parse(line) as {
        baseUrl: string;
        sellers: { id: number; name: string; token: string }[];
      };
      expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(info.sellers.map((s) => s.id)).toEqual([1, 2, 3]);
      const r = await fetch(info.baseUrl + paths.productList, {
        headers: { Accept: 'application/json', Authorization: `Bearer ${info.sellers[0]?.token}` },
      });
      expect(productListResponseSchema.parse(await r.json()).total).toBeGreaterThan(0);
      const exited = new Promise<number | null>((resolve) =>
        child.once('exit', (code) => resolve(code)),
      );
      process.kill(-(child.pid ?? 0), 'SIGTERM');
      await exited;
      // npx may report the signal itself; what matters is that the sandbox saved and stopped.
      await expect.poll(() => existsSync(file), { timeout: 5000 }).toBe(true);
    } finally {
      if (child.exitCode === null && child.pid) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }
  });
});
