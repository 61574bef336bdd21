// A profile synced in the background tells its state as the shown one does: in the account
// switcher, "cannot reach" with the next retry's time, retried by itself with the same growing
// pause as the shown profile, and back online on its own once the marketplace answers again.
// Real core, real sandbox over loopback (its fault injector drops connections), real SQLite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProfileSummary } from '../../electron/contract/ipc';
import type { AppCore } from '../../electron/core/app';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { coreCalls, createTestCore } from './coreHarness';
import { until } from './sellerWorld';

let sandbox: Sandbox;
let core: AppCore;
let dataDir: string;
const { call } = coreCalls(() => core);

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: 1000 });
  dataDir = mkdtempSync(join(tmpdir(), 'seller-desk-bg-profiles-'));
  core = await createTestCore(dataDir, sandbox.baseUrl, {
    syncDebounceMs: 100,
    syncHoldMs: 0,
    // The timer is far off: only the retries bring a profile back.
    syncIntervalMs: 3_600_000,
    retryDelaysMs: [300, 900],
  });
  await core.start();
});

afterEach(async () => {
  await core.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a background profile', { timeout: 60_000 }, () => {
  it('shows cannot-reach with its next retry, retries with a growing pause, and recovers by itself', async () => {
    const [s1, s2] = [sandbox.sellers[0]!, sandbox.sellers[1]!];
    await call('session.connect', { token: s1.token });
    await call('profiles.add', { token: s2.token });
    const background = async (): Promise<ProfileSummary> =>
      (await call('profiles.list')).profiles.find((p) => !p.active)!;
    await until(async () => (await background()).connection === 'online');
    const before = await background();
    expect(before).toMatchObject({ reason: null, countdown: null });

    // The marketplace stops answering (connections dropped). Showing seller 1 opens seller 2's
    // profile in the background afresh: its first run finds the marketplace away.
    sandbox.setFaults({ dropBeforeRate: 1 });
    await call('profiles.switch', {
      name: (await call('profiles.list')).profiles.find((p) => !p.active)!.name,
    });
    // Each retry as first seen: when it is due, and how long that was from then.
    const retries: { at: number; inMs: number }[] = [];
    const seen = async () => {
      const row = await background();
      const at = row.countdown ? Date.parse(row.countdown.until) : 0;
      if (at && !retries.some((r) => r.at === at)) retries.push({ at, inMs: at - Date.now() });
      return row;
    };
    const away = await until(async () => {
      const row = await seen();
      return row.connection === 'unreachable' && row.countdown ? row : null;
    });
    expect(away.countdown!.label).toBe('next retry');
    expect(away.reason).toBe('The marketplace is not answering.');

    // It tries again by itself, and the next retries wait longer (300 ms, then 900 ms).
    const later = await until(async () => ((await seen()) && retries.length >= 3 ? retries : null));
    expect(later[0]!.inMs).toBeLessThanOrEqual(300);
    expect(later[2]!.inMs).toBeGreaterThan(500);
    expect((await background()).connection).not.toBe('online');

    // Back: the next retry finds it, with no one pressing anything.
    sandbox.resetFaults();
    const back = await until(async () => {
      const row = await background();
      return row.connection === 'online' ? row : null;
    });
    expect(back).toMatchObject({ reason: null, countdown: null });
  });

  it('shows waiting with the deadline while the marketplace asked it to pause', async () => {
    const [s1, s2] = [sandbox.sellers[0]!, sandbox.sellers[1]!];
    await call('session.connect', { token: s1.token });
    await call('profiles.add', { token: s2.token });
    const background = async (): Promise<ProfileSummary> =>
      (await call('profiles.list')).profiles.find((p) => !p.active)!;
    await until(async () => (await background()).connection === 'online');

    // The marketplace answers "Too Many Attempts, retry after 3 s" (to both profiles' runs): the background profile's
    // next run waits, and its row says why and until when.
    sandbox.setFaults({ tooManyRequests: 6, retryAfter: '3' });
    await call('profiles.switch', { name: (await background()).name });
    const waiting = await until(async () => {
      const row = await background();
      return row.connection === 'waiting' && row.countdown ? row : null;
    });
    expect(Date.parse(waiting.countdown!.until)).toBeGreaterThan(Date.now());
    expect(waiting.reason).toBeTruthy();
    expect(waiting.reason).not.toMatch(/retry_after|manage_offers/);
    await until(async () => (await background()).connection === 'online');
  });
});
