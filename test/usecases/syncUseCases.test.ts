// The sync and session use cases on a real profile (SQLite file, rate ledger) against the sandbox
// marketplace over a real socket; and the same profile through the command line, which must
// report what the use cases report.
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { createConnectionTracker } from '../../electron/core/usecases/sync/connection';
import { syncStatusOf } from '../../electron/core/app/syncStatus';
import { systemClock } from '../../electron/core/util/clock';
import { openSellerProfile } from '../../electron/core/usecases/openSellerProfile';
import type { SellerProfile } from '../../electron/core/usecases/profile';
import { UseCaseFailure } from '../../electron/core/usecases/failure';
import { pull, push, status, syncNow } from '../../electron/core/usecases/sync';
import { checkToken, connect } from '../../electron/core/usecases/session';
import { jsonOf, runInProcess, tempDir, WINDOW_MS } from '../cli/harness';

let sandbox: Sandbox;
const dir = tempDir('sd-usecases-sync-');
const opened: SellerProfile[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: WINDOW_MS });
});
afterEach(async () => {
  sandbox.resetFaults();
  await Promise.all(opened.splice(0).map((p) => p.close()));
});
afterAll(async () => {
  await sandbox.close();
  dir.remove();
});

const seller = () => sandbox.sellers[0]!;

function profileOf(name: string, options: { token?: string; baseUrl?: string } = {}) {
  const profile = openSellerProfile({
    dataDir: join(dir.path, name),
    baseUrl: options.baseUrl ?? sandbox.baseUrl,
    token: () => options.token ?? seller().token,
    windowMs: WINDOW_MS,
    retry: { attempts: 2, baseDelayMs: 20, maxDelayMs: 50 },
  });
  opened.push(profile);
  return profile;
}

async function failureOf(run: Promise<unknown>): Promise<UseCaseFailure> {
  const error = await run.then(
    () => new Error('it succeeded'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UseCaseFailure);
  return error as UseCaseFailure;
}

/** A port nothing listens on. */
async function deadAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return `http://127.0.0.1:${port}`;
}

describe('sync use cases', { timeout: 60_000 }, () => {
  it('pulls every own offer, reports it, and the status, the app and the CLI all read the same', async () => {
    const profile = profileOf('pull');
    const outcome = await pull(profile, { full: true });
    const onServer = sandbox.control.offers(seller().id);
    expect(outcome).toMatchObject({
      kind: 'pull',
      sent: 0,
      queuedOperations: 0,
      offers: onServer.length,
      credentialsHeld: null,
    });
    expect(outcome.pullRequests).toBeGreaterThan(0);

    const current = status(profile);
    expect(current).toMatchObject({
      offers: onServer.length,
      queuedOperations: 0,
      lastSync: { kind: 'pull', ok: true, sent: 0 },
    });
    expect(current.byStatus).toEqual(outcome.byStatus);

    const app = syncStatusOf(
      profile,
      { running: false, wait: null, tokenRefused: false, lastRun: null },
      createConnectionTracker({ clock: systemClock, retry: () => {} }),
      Date.now(),
    );
    expect(app).toMatchObject({ queued: 0, lastRunOk: true, conflicts: 0 });
    expect(app.lastRunAt).toBe(new Date(current.lastSync!.finishedAt!).toISOString());

    const cli = jsonOf<{ result: Record<string, unknown> }>(
      await runInProcess(['status', '--json'], {
        baseUrl: sandbox.baseUrl,
        dataDir: join(dir.path, 'pull'),
      }),
    ).result;
    expect(cli).toMatchObject({
      offers: current.offers,
      byStatus: current.byStatus,
      bySyncState: current.bySyncState,
      queuedOperations: 0,
      lastSync: { kind: 'pull', sent: 0, failed: 0, error: null },
    });
  });

  it('pushes a queued change, reads back what the marketplace made of it, and sends nothing twice', async () => {
    const profile = profileOf('push');
    await pull(profile);
    const store = profile.store();
    const active = store
      .queryOffers({ limit: 500 })
      .rows.find((r) => r.status === OfferStatus.Active && r.serverId !== null)!;
    store.changeStatus(active.localId, OfferStatus.Draft);
    expect(status(profile).queuedOperations).toBe(1);

    const pushed = await push(profile);
    expect(pushed).toMatchObject({ kind: 'push', sent: 1, failed: 0, queuedOperations: 0 });
    const onServer = sandbox.control.offers(seller().id).find((o) => o.id === active.serverId)!;
    expect(onServer.status).toBe(OfferStatus.Draft);
    // The cheap read after the push brought the marketplace's copy back.
    expect(pushed.byStatus[String(OfferStatus.Draft)]).toBeGreaterThan(0);

    const again = await push(profile);
    expect(again).toMatchObject({ sent: 0, queuedOperations: 0 });
    const synced = await syncNow(profile);
    expect(synced).toMatchObject({ kind: 'sync', sent: 0, queuedOperations: 0 });
  });

  it('stops a run on a marketplace that answers 5xx, keeping the queue, as the CLI does (exit 5)', async () => {
    const name = 'down';
    const profile = profileOf(name);
    await pull(profile);
    const store = profile.store();
    const active = store
      .queryOffers({ limit: 500 })
      .rows.filter((r) => r.status === OfferStatus.Active && r.serverId !== null)
      .slice(0, 3);
    for (const row of active) store.changeStatus(row.localId, OfferStatus.Draft);
    const queued = status(profile).queuedOperations;
    expect(queued).toBeGreaterThan(0);
    sandbox.setFaults({ errorRate: 1 });

    const failure = await failureOf(push(profile, { giveUpWhenUnreachable: true }));
    expect(failure.kind).toBe('unreachable');
    expect(failure.detail.marketplace?.kind).toBe('server');
    expect(failure.detail.queue).toEqual({ sent: 0, kept: queued });
    expect(status(profile).queuedOperations).toBe(queued);
    await profile.close();

    const cli = await runInProcess(['push', '--json'], {
      baseUrl: sandbox.baseUrl,
      dataDir: join(dir.path, name),
      token: seller().token,
    });
    expect(cli.code).toBe(5);
    expect(jsonOf<{ error: { kind: string; message: string } }>(cli).error).toMatchObject({
      kind: 'unreachable',
      message: expect.stringMatching(
        new RegExp(
          `^The marketplace answered with a server error \\(.*\\)\\. 0 operation\\(s\\) were sent; ${queued} are kept`,
        ),
      ),
    });
  });

  it('tells an unreachable marketplace and a refused token apart, sending nothing', async () => {
    const offline = profileOf('offline', { baseUrl: await deadAddress() });
    const unreachable = await failureOf(pull(offline, {}, { giveUpWhenUnreachable: true }));
    expect(unreachable.kind).toBe('unreachable');
    expect(unreachable.detail.marketplace?.kind).toMatch(/^network_/);

    const before = sandbox.requests.length;
    const refused = await failureOf(pull(profileOf('refused', { token: 'not-the-token' })));
    expect(refused.kind).toBe('unauthorized');
    expect(refused.message).not.toContain('not-the-token');
    expect(sandbox.requests.length - before).toBeGreaterThan(0);
  });

  it('ends a cancelled run as cancelled, with the queue kept', async () => {
    const profile = profileOf('cancel');
    const cancelled = new AbortController();
    cancelled.abort();
    const failure = await failureOf(pull(profile, {}, { signal: cancelled.signal }));
    expect(failure.kind).toBe('cancelled');
  });
});

describe('session use cases', { timeout: 30_000 }, () => {
  it('checks a token: malformed without a request, refused, or taken and trimmed', async () => {
    const before = sandbox.requests.length;
    const malformed = await failureOf(
      checkToken({ baseUrl: sandbox.baseUrl, token: `${seller().token}\u0001` }),
    );
    expect(malformed.kind).toBe('bad_input');
    expect(malformed.message).toMatch(
      /^The API token is malformed: it contains a control character/,
    );
    expect(sandbox.requests.length).toBe(before);

    const refused = await failureOf(checkToken({ baseUrl: sandbox.baseUrl, token: 'wrong' }));
    expect(refused.kind).toBe('unauthorized');
    expect(await checkToken({ baseUrl: sandbox.baseUrl, token: ` ${seller().token}\n` })).toBe(
      seller().token,
    );
    const offline = await failureOf(
      checkToken({ baseUrl: await deadAddress(), token: seller().token }),
    );
    expect(offline.kind).toBe('unreachable');
  });

  it('keeps a token only once checked, and never in plain text unless the seller accepted it', async () => {
    const kept: string[] = [];
    const keeper = (backend: string) => ({
      backend: () => backend,
      set: (t: string) => void kept.push(t),
      clear: () => {},
    });
    const plain = await failureOf(
      connect(
        { baseUrl: sandbox.baseUrl, token: seller().token, plainTextAccepted: false },
        keeper('basic_text'),
      ),
    );
    expect(plain.kind).toBe('insecure_storage');
    await failureOf(
      connect(
        { baseUrl: sandbox.baseUrl, token: 'wrong', plainTextAccepted: true },
        keeper('basic_text'),
      ),
    );
    expect(kept).toEqual([]);
    await connect(
      { baseUrl: sandbox.baseUrl, token: seller().token, plainTextAccepted: true },
      keeper('basic_text'),
    );
    expect(kept).toEqual([seller().token]);
  });
});
