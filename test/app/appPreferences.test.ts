// The app's own preferences (look, notifications, last section), the sync interval of a profile,
// what Settings shows about the app, and the attention badge, on the real core against the
// sandbox on loopback: a silenced event is not notified, the badge follows the offers that need
// the seller.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../electron/core/app';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { followAttention } from '../../electron/shell/attentionBadge';
import { coreCalls, createTestCore } from './coreHarness';

let sandbox: Sandbox;
let core: AppCore;
let dataDir: string;
let notes: { title: string; body: string }[];
let badge: number[];
let opened: string[];
const { call, syncNow, failureOf, firstOffers } = coreCalls(() => core);

async function openCore() {
  core = await createTestCore(dataDir, sandbox.baseUrl, {
    notify: (title, body) => void notes.push({ title, body }),
    openFolder: async (path) => void opened.push(path),
    syncDebounceMs: 3_600_000,
    syncHoldMs: 0,
  });
  followAttention(core, { show: (count) => badge.push(count) });
  await core.start();
}

async function connect() {
  await call('session.connect', { token: sandbox.sellers[0]!.token });
  await syncNow();
}

/** One offer deleted on the marketplace, then a price change to it and another: one refusal. */
async function syncWithOneRefusal() {
  const [gone, kept] = await firstOffers(2);
  sandbox.control.deleteOfferAsServer(gone!.serverId!);
  await call('offers.changePrice', {
    localIds: [gone!.localId, kept!.localId],
    mode: 'amount',
    value: 1,
  });
  return { gone: gone!, done: await syncNow() };
}

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: 1000 });
  dataDir = mkdtempSync(join(tmpdir(), 'seller-desk-prefs-'));
  notes = [];
  badge = [];
  opened = [];
});

afterEach(async () => {
  await core.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the app's preferences", () => {
  it('keeps the theme, the notifications and the last section across a restart', async () => {
    await openCore();
    expect(await call('app.preferences')).toEqual({
      theme: 'system',
      notifications: {
        syncRefusals: true,
        connectionLost: true,
        lowStock: true,
        poolDry: true,
        sales: true,
      },
      view: 'offers',
      keepRunning: false,
      startAtLogin: false,
    });
    const told: string[] = [];
    core.on('app.preferencesChanged', (p) => void told.push(p.theme));
    await call('app.setPreferences', { theme: 'dark', view: 'sales' });
    expect(told).toEqual(['dark']);
    // Settings' "when the window is closed": kept like the rest, told to main.
    expect(
      await call('app.setPreferences', { keepRunning: true, startAtLogin: true }),
    ).toMatchObject({ keepRunning: true, startAtLogin: true, theme: 'dark' });
    const after = await call('app.setPreferences', { notifications: { lowStock: false } });
    expect(after).toMatchObject({ theme: 'dark', view: 'sales' });
    expect(after.notifications).toMatchObject({ lowStock: false, syncRefusals: true });
    expect((await failureOf('app.setPreferences', { theme: 'purple' })).kind).toBe('bad_input');

    await core.close();
    await openCore();
    expect(await call('app.preferences')).toMatchObject({
      theme: 'dark',
      view: 'sales',
      keepRunning: true,
      startAtLogin: true,
      notifications: { lowStock: false, sales: true },
    });
  });

  it('reads a value it does not know as the default, keeping the rest of the settings file', async () => {
    await openCore();
    await call('app.setPreferences', { view: 'catalogue' });
    await core.close();
    const file = join(dataDir, 'settings.json');
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...saved, theme: 'sepia' }));
    await openCore();
    expect(await call('app.preferences')).toMatchObject({ theme: 'system', view: 'catalogue' });
  });

  it("shows the app's version and data folder, and opens the folder through the platform", async () => {
    await openCore();
    const pkg = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(await call('app.about')).toEqual({ version: pkg.version, dataFolder: dataDir });
    await call('app.openDataFolder');
    expect(opened).toEqual([dataDir]);
  });
});

describe('notifications the seller chose', () => {
  it('tells no refusal while "sync refusals" is off, and tells the next one once it is on', async () => {
    await openCore();
    await connect();
    await call('app.setPreferences', { notifications: { syncRefusals: false } });
    const { done } = await syncWithOneRefusal();
    expect(done.lastRun).toMatchObject({ refused: 1 });
    expect(notes).toEqual([]);

    await call('app.setPreferences', { notifications: { syncRefusals: true } });
    await syncWithOneRefusal();
    expect(notes.map((n) => n.title)).toEqual([expect.stringMatching(/was refused$/)]);
  });
});

describe('the sync interval', () => {
  it("is the profile's own, 5 minutes by default, from 1 to 60", async () => {
    await openCore();
    await connect();
    expect(await call('settings.get')).toMatchObject({ syncIntervalMinutes: 5 });
    expect(await call('settings.setSending', { syncIntervalMinutes: 15 })).toMatchObject({
      syncIntervalMinutes: 15,
      holdSeconds: 10,
    });
    expect((await failureOf('settings.setSending', { syncIntervalMinutes: 0 })).kind).toBe(
      'bad_input',
    );
    await core.close();
    await openCore();
    expect(await call('settings.get')).toMatchObject({ syncIntervalMinutes: 15 });
  });
});

describe('the attention badge', () => {
  it('follows the offers that need the seller, and clears when they are dealt with', async () => {
    await openCore();
    await connect();
    expect(badge).toEqual([]);
    const { gone } = await syncWithOneRefusal();
    expect(badge.at(-1)).toBe(1);
    await call('offers.discardLocal', { localIds: [gone.localId] });
    await call('offers.dismiss', { localIds: [gone.localId] });
    await syncNow();
    expect(badge.at(-1)).toBe(0);
    // Only changes reach the OS.
    expect(badge.every((count, i) => i === 0 || count !== badge[i - 1])).toBe(true);
  });
});
