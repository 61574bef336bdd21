// The connection state the app computes once for every front: online, waiting for a rate window
// (which window, until when), cannot reach the marketplace (why, next retry, recovering by
// itself), token refused; the end-of-sync summary and the notifications, once per episode.
// Real sandbox over a socket (stopped and restarted on the same port), real SQLite, real core.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../electron/contract/ipc';
import { profileFile, type AppCore } from '../../electron/core/app';
import { createRateLimiter } from '../../electron/core/limits';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { MarketplaceType, OfferStatus } from '../../electron/contract/marketplace/wire';
import { coreCalls, createTestCore, fileTokenVault } from './coreHarness';

let sandbox: Sandbox;
let core: AppCore;
let dataDir: string;
let notes: { title: string; body: string }[];
let statuses: SyncStatus[];
/** When each status was published (the countdowns are read against it). */
const publishedAt = new Map<SyncStatus, number>();
const { call, syncNow } = coreCalls(() => core);

async function openCore(windowMs = 1000) {
  core = await createTestCore(dataDir, sandbox.baseUrl, {
    notify: (title, body) => void notes.push({ title, body }),
    syncDebounceMs: 3_600_000,
    retryDelaysMs: [400, 800],
    syncHoldMs: 0,
    windowMs,
  });
  core.on('sync.status', (s) => {
    publishedAt.set(s, Date.now());
    statuses.push(s);
  });
  await core.start();
  await call('session.connect', { token: sandbox.sellers[0]!.token });
  await syncNow();
}

async function until<T>(what: () => Promise<T | undefined> | T | undefined, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function firstOffers(n: number) {
  const page = await call('offers.query', {
    sort: { column: 'updated_at', dir: 'desc' },
    offset: 0,
    limit: n,
  });
  return page.rows;
}

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: 1000 });
  dataDir = mkdtempSync(join(tmpdir(), 'seller-desk-conn-'));
  notes = [];
  statuses = [];
});

afterEach(async () => {
  await core.close();
  await sandbox.close();
});

describe('connection state', { timeout: 60_000 }, () => {
  it('says the marketplace cannot be reached, retries with a growing pause, and recovers by itself', async () => {
    await openCore();
    expect((await call('sync.status')).connection.state).toBe('online');
    const [row] = await firstOffers(1);
    await call('offers.changePrice', { localIds: [row!.localId], mode: 'amount', value: 1 });

    const snapshot = join(dataDir, 'sandbox.json');
    await sandbox.saveSnapshot(snapshot);
    const port = Number(new URL(sandbox.baseUrl).port);
    await sandbox.close();

    const before = Date.now();
    const down = await syncNow();
    expect(down.online).toBe(false);
    expect(down.connection).toMatchObject({
      state: 'unreachable',
      title: 'Cannot reach the marketplace',
      reason: 'The marketplace is not answering.',
      action: 'retry',
      countdown: { label: 'next retry' },
    });
    const firstRetry = Date.parse(down.connection.countdown!.until) - before;
    expect(firstRetry).toBeGreaterThan(0);
    expect(firstRetry).toBeLessThanOrEqual(400 + (Date.now() - before));
    expect(down.lastRun).toMatchObject({ failure: 'unreachable', waiting: 1 });

    // It tries again by itself; the second pause is longer; the seller is told once.
    const second = await until(() =>
      statuses.find(
        (s, i) =>
          i > statuses.indexOf(down) &&
          !s.running &&
          s.connection.state === 'unreachable' &&
          s.connection.countdown!.until !== down.connection.countdown!.until,
      ),
    );
    const secondPause = Date.parse(second.connection.countdown!.until) - Date.now();
    expect(secondPause).toBeGreaterThan(400);
    expect(notes.filter((n) => n.title === 'Seller Desk cannot reach the marketplace')).toEqual([
      {
        title: 'Seller Desk cannot reach the marketplace',
        body: 'The marketplace is not answering. 1 change wait here; Seller Desk tries again by itself.',
      },
    ]);

    // Back on the same address: no call from the test, the app finds it and sends the change.
    sandbox = await startSandbox({ port, windowMs: 1000, snapshotFile: snapshot });
    const seen = statuses.length;
    const back = await until(() =>
      statuses
        .slice(seen)
        .find((s) => !s.running && s.connection.state === 'online' && s.queued === 0),
    );
    expect(back.online).toBe(true);
    expect(back.lastRun).toMatchObject({ failure: null, sent: 1, waiting: 0 });
    expect(sandbox.control.offers(sandbox.sellers[0]!.id).some((o) => o.id === row!.serverId)).toBe(
      true,
    );
    expect(
      notes.filter((n) => n.title === 'Seller Desk cannot reach the marketplace'),
    ).toHaveLength(1);
  });

  it('tells a marketplace that answers with errors apart, and recovers when it answers again', async () => {
    await openCore();
    sandbox.setFaults({ errorRate: 1 });
    const seen = statuses.length;
    await call('sync.now');
    const failing = await until(() =>
      statuses.slice(seen).find((s) => !s.running && s.connection.state !== 'online'),
    );
    expect(failing.connection).toMatchObject({
      state: 'unreachable',
      reason: 'The marketplace answered with an error.',
      countdown: { label: 'next retry' },
    });
    sandbox.resetFaults();
    const back = await until(() =>
      statuses
        .slice(statuses.indexOf(failing) + 1)
        .find((s) => !s.running && s.connection.state === 'online'),
    );
    expect(back.lastRun).toMatchObject({ failure: null });
  });

  it('says the token is refused, with the way out, and notifies once', async () => {
    await openCore();
    fileTokenVault(dataDir).set('a-token-the-marketplace-never-issued');
    const seen = statuses.length;
    await call('sync.now');
    const first = await until(() =>
      statuses.slice(seen).find((s) => !s.running && s.connection.state !== 'online'),
    );
    expect(first.connection).toMatchObject({
      state: 'token_refused',
      action: 'replace_token',
      countdown: null,
    });
    expect(first.connection.reason).toContain('paste a new token');
    expect(first.online).toBe(false);
    expect(first.lastRun).toMatchObject({ failure: 'token_refused' });
    await syncNow();
    expect(notes.filter((n) => n.title === 'Seller Desk needs a new token')).toHaveLength(1);

    // A new token ends it.
    await call('session.connect', { token: sandbox.sellers[0]!.token });
    const fixed = await syncNow();
    expect(fixed.connection.state).toBe('online');
  });

  it('waits for the offers-per-minute window: which window, how many, until when, with the real budget', async () => {
    // The other process's 195 must still be in the window when the push reaches the limiter:
    // on a busy 2-core machine the run's steps before it took longer than a 3 s window.
    const WINDOW = 8000;
    await openCore(WINDOW);
    const rows = await firstOffers(10);
    const changed = await call('offers.changePrice', {
      localIds: rows.map((r) => r.localId),
      mode: 'amount',
      value: 1,
    });
    // Another process on the same profile (the command line) took 195 of the 200 offers.
    const db = new Database(profileFile(dataDir, sandbox.baseUrl));
    db.pragma('busy_timeout = 5000');
    const other = createRateLimiter({ db, windowMs: WINDOW });
    await other.acquire({ manageOffers: 195 });
    other.close();
    db.close();

    statuses.length = 0;
    const done = await syncNow();
    const waiting = statuses.find((s) => s.connection.state === 'waiting');
    expect(waiting).toBeDefined();
    expect(waiting!.connection).toMatchObject({
      title: 'Waiting for the rate limit',
      reason: 'The marketplace allows 200 offers a minute',
    });
    // What is left of the push once the 5 free places are used: it goes out when room is back.
    const next = /^the next (\d+) go out$/.exec(waiting!.connection.countdown!.label);
    expect(Number(next?.[1])).toBeGreaterThanOrEqual(changed.changed - 6);
    expect(Number(next?.[1])).toBeLessThan(changed.changed);
    expect(JSON.stringify(waiting)).not.toContain('manage_offers');
    const left = Date.parse(waiting!.connection.countdown!.until) - publishedAt.get(waiting!)!;
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(WINDOW);
    // The budget is the ledger's, not a full window.
    expect(waiting!.budget.manageOffersLeft).toBeLessThanOrEqual(5);
    expect(waiting!.online).toBe(true);

    expect(done.connection.state).toBe('online');
    // A Not Active gold offer's edit goes with a status change back to Not Active: two sent.
    const keptNotActive = rows.filter(
      (r) => r.marketplaceType === MarketplaceType.Gold && r.status === OfferStatus.NotActive,
    ).length;
    expect(done.lastRun).toMatchObject({
      sent: changed.changed + keptNotActive,
      needsAttention: 0,
      failure: null,
      waiting: 0,
    });
    expect(notes).toEqual([]);
  });

  it('sums up a sync that finished with refusals and names the refused offers', async () => {
    await openCore();
    const rows = await firstOffers(3);
    const [gone, ...kept] = rows;
    sandbox.control.deleteOfferAsServer(gone!.serverId!);
    await call('offers.changePrice', {
      localIds: rows.map((r) => r.localId),
      mode: 'amount',
      value: 1,
    });
    const done = await syncNow();
    expect(done.lastRun).toMatchObject({
      sent: kept.length,
      refused: 1,
      needsAttention: 1,
      failure: null,
    });
    expect(done.lastRunOk).toBe(false);
    expect(done.connection.state).toBe('online');
    const name = done.problems.find((p) => p.localId === gone!.localId)!.title;
    expect(notes).toEqual([
      {
        title: `${name} was refused`,
        body: "The marketplace's reasons are in Sync, under Needs attention.",
      },
    ]);

    // A clean sync afterwards tells nothing more.
    await call('offers.changePrice', { localIds: [kept[0]!.localId], mode: 'amount', value: 1 });
    await syncNow();
    expect(notes).toHaveLength(1);
  });
});
