// The app's activity channels on a real core against the sandbox: a sync's requests are listed,
// filtered by words and outcome, and exported as a CSV file.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../electron/core/app';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { coreCalls, createTestCore } from '../app/coreHarness';

let sandbox: Sandbox;
let core: AppCore;
let dataDir: string;
const { call, failureOf, syncNow } = coreCalls(() => core);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: 1000 });
  dataDir = mkdtempSync(join(tmpdir(), 'sd-activity-app-'));
  core = await createTestCore(dataDir, sandbox.baseUrl, { syncDebounceMs: 3_600_000 });
  await core.start();
});
afterAll(async () => {
  await core.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('activity channels', { timeout: 60_000 }, () => {
  it("lists a sync's requests, filters them, and exports them", async () => {
    await call('session.connect', { token: sandbox.sellers[0]!.token });
    const before = sandbox.requests.length;
    await syncNow();
    const requests = sandbox.requests.length - before;
    expect(requests).toBeGreaterThan(0);

    const { entries } = await call('activity.list', {});
    expect(entries.length).toBeGreaterThanOrEqual(requests);
    expect(entries.some((e) => e.operation === 'Read offers' && e.outcome === 'accepted')).toBe(
      true,
    );
    expect((await call('activity.list', { outcomes: ['refused'] })).entries).toEqual([]);
    const products = await call('activity.list', { text: 'PRODUCTS' });
    expect(products.entries.length).toBeGreaterThan(0);
    expect(products.entries.every((e) => /product/i.test(e.operation + e.message))).toBe(true);

    const file = join(dataDir, 'activity.csv');
    const exported = await call('activity.export', { text: 'offers read', file });
    const lines = readFileSync(file, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Time,Operation,Offers,Outcome,Message');
    expect(lines.length - 1).toBe(exported.rows);
    expect(exported.rows).toBeGreaterThan(0);
    expect((await failureOf('activity.export', { outcomes: ['refused'], file })).kind).toBe(
      'bad_input',
    );
  });

  it('keeps the requests of connecting too (the token check, whose token it is): one entry per request received', async () => {
    const otherDir = mkdtempSync(join(tmpdir(), 'sd-activity-connect-'));
    const other = await createTestCore(otherDir, sandbox.baseUrl, { syncDebounceMs: 3_600_000 });
    const calls = coreCalls(() => other);
    try {
      await other.start();
      const token = sandbox.sellers[1]!.token;
      const before = sandbox.requests.length;
      await calls.call('session.connect', { token });
      await calls.syncNow();
      const received = sandbox.requests.slice(before);
      const { entries } = await calls.call('activity.list', {});
      expect(entries).toHaveLength(received.length);
      // The list is newest first; its oldest: the check that the marketplace takes the token,
      // then whose it is.
      const oldest = [...entries].reverse();
      expect(oldest.slice(0, 2).map((e) => e.operation)).toEqual(['Read products', 'Read offers']);
      expect(JSON.stringify(entries)).not.toContain(token);
    } finally {
      await other.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
