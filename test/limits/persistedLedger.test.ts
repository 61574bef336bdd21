import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../electron/core/limits';
import { startSandbox } from '../../electron/sandbox';
import { FakeClock } from './fakeClock';
import type Database from 'better-sqlite3';
import { openLedgerFile } from './sqlite';

const W = 1000;
let dir: string;
let opened: Database.Database[] = [];
const open = () => {
  const db = openLedgerFile(join(dir, 'desk.sqlite'));
  opened.push(db);
  return db;
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ledger-'));
});
afterEach(() => {
  for (const db of opened) db.close();
  opened = [];
  rmSync(dir, { recursive: true, force: true });
});

describe('persisted ledger', () => {
  it('a restarted limiter on the same file continues the window', async () => {
    const clock = new FakeClock(0);
    const first = createRateLimiter({
      db: open(),
      clock,
      windowMs: W,
      limits: { requestsPerWindow: 3 },
    });
    await first.acquire({});
    await clock.advanceTo(400);
    await first.acquire({});
    await first.acquire({});
    first.close();

    await clock.advanceTo(500);
    const restarted = createRateLimiter({
      db: open(),
      clock,
      windowMs: W,
      limits: { requestsPerWindow: 3 },
    });
    expect(restarted.budget()).toMatchObject({ requestsLeft: 0, nextRoomInMs: 500 });
    let granted = false;
    void restarted.acquire({}).then(() => (granted = true));
    await clock.advanceTo(999);
    expect(granted).toBe(false);
    await clock.advanceTo(1000);
    expect(granted).toBe(true);
    restarted.close();
  });

  it('keeps the weights of manage and attach across connections', async () => {
    const clock = new FakeClock(0);
    const a = createRateLimiter({ db: open(), clock, windowMs: W });
    await a.acquire({ manageOffers: 120 });
    await a.acquire({ attach: true });
    const b = createRateLimiter({ db: open(), clock, windowMs: W });
    expect(b.budget()).toEqual({
      requestsLeft: 118,
      manageOffersLeft: 80,
      attachLeft: 299,
      nextRoomInMs: 0,
    });
    a.close();
    b.close();
  });

  it('two limiters on one connection see each other (the read cache is per connection)', async () => {
    const clock = new FakeClock(0);
    const db = open();
    const a = createRateLimiter({ db, clock, windowMs: W, limits: { requestsPerWindow: 2 } });
    const b = createRateLimiter({ db, clock, windowMs: W, limits: { requestsPerWindow: 2 } });
    expect(b.budget().requestsLeft).toBe(2); // b has read the ledger before a writes
    await a.acquire({});
    await b.acquire({});
    expect(a.budget().requestsLeft).toBe(0);
    expect(b.budget().requestsLeft).toBe(0);
    a.close();
    b.close();
  });

  it("a penalty one process received holds back the other's requests", async () => {
    const clock = new FakeClock(0);
    const app = createRateLimiter({ db: open(), clock, windowMs: W });
    const cli = createRateLimiter({ db: open(), clock, windowMs: W });
    app.penalize(700);
    expect(cli.budget()).toMatchObject({ requestsLeft: 0, nextRoomInMs: 700 });
    let sent = false;
    void cli.acquire({}).then(() => (sent = true));
    await clock.advanceTo(699);
    expect(sent).toBe(false);
    await clock.advanceTo(700);
    expect(sent).toBe(true);
    app.close();
    cli.close();
  });

  it('two processes hammering the same file never burst over the limit together', async () => {
    const file = join(dir, 'desk.sqlite');
    open(); // creates the table before the children race for it
    const run = promisify(execFile);
    const hammer = join(import.meta.dirname, 'ledgerHammer.ts');
    const limit = 10;
    // Both start taking slots at the same moment, once both are up.
    const startAt = Date.now() + 2500;
    const children = await Promise.all(
      [0, 1].map(() =>
        run(
          process.execPath,
          ['--import', 'tsx', hammer, file, '18', String(W), String(limit), String(startAt)],
          {
            timeout: 30_000,
          },
        ),
      ),
    );
    const [mine, theirs] = children.map((c) => JSON.parse(c.stdout) as number[]) as [
      number[],
      number[],
    ];
    const grants = [...mine, ...theirs].sort((x, y) => x - y);
    expect(grants).toHaveLength(36);
    for (const t of grants) {
      const inWindow = grants.filter((u) => u <= t && u + W > t).length;
      expect(inWindow).toBeLessThanOrEqual(limit);
    }
    // Started together, each alone would be done after one window; sharing the ledger, the 36
    // requests at 10 per window take three.
    expect(grants.at(-1)! - grants[0]!).toBeGreaterThanOrEqual(3 * W);
  });

  it('two processes with clients on the same ledger never get a 429 from the sandbox', async () => {
    const file = join(dir, 'desk.sqlite');
    open();
    const sb = await startSandbox({ port: 0, windowMs: W });
    try {
      const hammer = join(import.meta.dirname, 'clientHammer.ts');
      const children = [0, 1].map(() =>
        spawn(process.execPath, ['--import', 'tsx', hammer, file, '100', String(W), sb.baseUrl], {
          env: { ...process.env, SELLER_DESK_TOKEN: sb.sellers[0]!.token },
          stdio: ['pipe', 'pipe', 'inherit'],
        }),
      );
      const lines = children.map(
        (child) =>
          new Promise<string[]>((resolve) => {
            let out = '';
            child.stdout.on('data', (c: Buffer) => (out += c.toString()));
            child.on('close', () => resolve(out.trim().split('\n')));
          }),
      );
      const ready = children.map(
        (child) => new Promise<void>((resolve) => child.stdout.once('data', () => resolve())),
      );
      await Promise.all(ready);
      for (const child of children) child.stdin.end('go\n');
      const outputs = await Promise.all(lines);
      for (const out of outputs) expect(JSON.parse(out.at(-1)!)).toEqual({ failed: 0 });

      const seen = sb.requests.filter((r) => r.sellerId === 1);
      expect(seen).toHaveLength(200);
      expect(seen.filter((r) => r.status !== 200)).toEqual([]);
      for (const r of seen) {
        expect(seen.filter((x) => x.at <= r.at && x.at + W > r.at).length).toBeLessThanOrEqual(120);
      }
      // 200 reads at 120 per window: the second window was needed, and waited for.
      expect(seen.at(-1)!.at - seen[0]!.at).toBeGreaterThanOrEqual(W - 50);
    } finally {
      await sb.close();
    }
  });
});
