// One door for the offers intents: the same changes asked through the app (its IPC dispatch, as
// Electron main and the browser host call it) and through the command line (the real
// `seller-desk` binary) give the same outcome — the same counts, the same refused offers with the
// same reasons, and the same local data afterwards. Each front has its own data folder, both
// pulled from one sandbox marketplace over a real socket.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/contract/ipc';
import { type AppCore } from '../../electron/core/app';
import { profileFile } from '../../electron/core/usecases/paths';
import { openStore } from '../../electron/core/store';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { jsonOf, runSellerDesk, WINDOW_MS, type CliTarget } from '../cli/harness';
import { coreCalls, createTestCore } from '../app/coreHarness';

let sandbox: Sandbox;
let root: string;
let core: AppCore;
const { call, syncNow } = coreCalls(() => core);
let appDir: string;
let cli: CliTarget;

const seller = () => sandbox.sellers[0]!;
const serverIds = () => sandbox.control.offers(seller().id).map((o) => o.id);

/** The app's local id of each marketplace offer. */
async function appIds(): Promise<Map<number, number>> {
  const page = await call('offers.query', {
    sort: { column: 'updated_at', dir: 'desc' },
    offset: 0,
    limit: 500,
  });
  return new Map(page.rows.map((r) => [r.serverId ?? -r.localId, r.localId]));
}

/** What a profile's file holds, offer by offer, keyed the way both fronts can name them. */
function stateOf(dataDir: string) {
  const store = openStore(profileFile(dataDir, sandbox.baseUrl));
  try {
    const rows = store.queryOffers({ sort: { column: 'updated_at', dir: 'desc' }, limit: 500 });
    const state: Record<string, unknown> = {};
    for (const row of rows.rows) {
      const offer = store.getOffer(row.localId)!;
      const key = row.serverId !== null ? String(row.serverId) : `new ${row.pricePerStep}`;
      state[key] = {
        price: offer.fields.price_per_step,
        status: row.status,
        syncState: row.syncState,
        pendingDelete: row.pendingDelete,
        changedFields: [...offer.changedFields].sort(),
        pending: offer.pending.map((p) => `${p.kind}:${p.state}`).sort(),
      };
    }
    return state;
  } finally {
    store.close();
  }
}

type Refused = { offer: string; problems: { field: string; message: string }[] };
const sorted = (list: Refused[]) =>
  list
    .map((r) => ({ offer: r.offer, problems: r.problems.map((p) => p.message).sort() }))
    .sort((a, b) => a.offer.localeCompare(b.offer));

interface CliBulk {
  changed: number;
  refused: Refused[];
}

/** The CLI's outcome document: a result (exit 0 or 3), or the error of "all refused" (exit 2). */
async function cliBulk(args: string[]): Promise<{ code: number | null; result: CliBulk }> {
  const run = await runSellerDesk([...args, '--json'], cli);
  const doc = jsonOf<{ ok: boolean; result: CliBulk }>(run);
  expect(doc.ok, run.stdout).toBe(true);
  return { code: run.code, result: doc.result };
}

/** A gold offer of product 1 with its required fields, as the app's form and a CSV give it. */
function newGoldOffer() {
  const product = sandbox.control.products().find((p) => p.id === 1)!;
  const field = (title: string) => product.product_fields.find((f) => f.title === title)!;
  return {
    app: {
      productId: 1,
      fields: {
        price_per_step: 0.5,
        amount: 1000,
        min_purchase_amount: product.step_size,
        data: { [field('Realm').id]: 'Ashbringer', [field('Faction').id]: 'Horde' },
      },
      deliveryTimeMs: 3_600_000,
    },
    csv: [
      'price_per_step,amount,min_purchase_amount,Realm,Faction',
      `0.5,1000,${product.step_size},Ashbringer,Horde`,
    ],
  };
}

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: WINDOW_MS, seed: 'demo' });
  root = mkdtempSync(join(tmpdir(), 'sd-offers-parity-'));
  appDir = join(root, 'app');
  cli = { baseUrl: sandbox.baseUrl, dataDir: join(root, 'cli'), token: seller().token };
  core = await createTestCore(appDir, sandbox.baseUrl, {
    windowMs: WINDOW_MS,
    syncDebounceMs: 3_600_000,
  });
  await core.start();
  await call('session.connect', { token: seller().token });
  await syncNow();
  expect((await runSellerDesk(['pull', '--quiet'], cli)).code).toBe(0);
  expect(stateOf(cli.dataDir)).toEqual(stateOf(appDir));
});

afterEach(async () => {
  await core.close();
  await sandbox.close();
  rmSync(root, { recursive: true, force: true });
});

describe('offers: the app and the command line give the same outcome', { timeout: 90_000 }, () => {
  it('sets a status on several offers: same changes; what we only expect is said, not refused', async () => {
    const ids = serverIds();
    const local = await appIds();
    const app = await call('offers.setStatus', {
      localIds: ids.map((id) => local.get(id)!),
      status: 5,
    });
    const { code, result } = await cliBulk(['offers', 'set-status', '5', ...ids.map(String)]);

    // A sold offer, an account offer without screenshots: the API document does not say they
    // are refused, so neither front refuses them; the marketplace decides.
    expect(app.refused).toEqual([]);
    expect(app.changed).toBeGreaterThan(0);
    expect(code).toBe(0);
    expect(result.changed).toBe(app.changed);
    const expected = (result as unknown as { expected: { offer: string; reason: string }[] })
      .expected;
    expect(expected.length).toBeGreaterThan(0);
    for (const e of expected) {
      expect(e.offer).toMatch(/^Offer \d{4}/);
      expect(e.reason).toMatch(/^We expect /);
    }
    expect(stateOf(cli.dataDir)).toEqual(stateOf(appDir));
  });

  it('changes prices by an amount: same prices rounded the same, same refusals', async () => {
    const ids = serverIds();
    const local = await appIds();
    const app = await call('offers.changePrice', {
      localIds: ids.map((id) => local.get(id)!),
      mode: 'amount',
      value: -40.123456,
    });
    const { code, result } = await cliBulk([
      'offers',
      'change-price',
      '--amount',
      '-40.123456',
      ...ids.map(String),
    ]);

    expect(app.changed).toBeGreaterThan(0);
    expect(app.refused.length).toBeGreaterThan(0); // prices that would fall below the minimum
    expect(code).toBe(3);
    expect(result.changed).toBe(app.changed);
    expect(sorted(result.refused)).toEqual(sorted(app.refused));
    const state = stateOf(appDir) as Record<string, { price: number }>;
    expect(stateOf(cli.dataDir)).toEqual(state);
    // Account prices keep two decimals (60 - 40.123456 → 19.88).
    const manual = sandbox.control.offers(seller().id).find((o) => o.price_per_step === 60)!;
    expect(state[String(manual.id)]!.price).toBe(19.88);
  });

  it('changes prices by a percentage with the --product filter: the same offers change', async () => {
    const local = await appIds();
    const ofProduct = sandbox.control.offers(seller().id).filter((o) => o.product_id === 1);
    expect(ofProduct.length).toBeGreaterThan(0);
    const app = await call('offers.changePrice', {
      localIds: ofProduct.map((o) => local.get(o.id)!),
      mode: 'percent',
      value: 3.33,
    });
    const { code, result } = await cliBulk([
      'offers',
      'change-price',
      '--percent',
      '3.33',
      '--product',
      '1',
    ]);
    expect(code).toBe(0);
    expect(result).toMatchObject({ changed: app.changed, refused: [] });
    expect(stateOf(cli.dataDir)).toEqual(stateOf(appDir));
  });

  it('deletes several offers, one never sent: same counts, same queue', async () => {
    const fresh = newGoldOffer();
    await call('offers.save', fresh.app);
    const file = join(root, 'new.csv');
    writeFileSync(file, fresh.csv.join('\n') + '\n');
    expect((await runSellerDesk(['offers', 'import', file, '--product', '1'], cli)).code).toBe(0);

    const [a, b] = serverIds();
    const local = await appIds();
    const newLocal = [...local].find(([key]) => key < 0)![1];
    const newLabel = jsonOf<{ result: { offers: { id: string; serverId: number | null }[] } }>(
      await runSellerDesk(['offers', 'list', '--json'], cli),
    ).result.offers.find((o) => o.serverId === null)!.id;
    const app = await call('offers.delete', {
      localIds: [local.get(a!)!, local.get(b!)!, newLocal],
    });
    const { code, result } = await cliBulk(['offers', 'delete', String(a), String(b), newLabel]);

    expect(app).toEqual({ changed: 3, refused: [] });
    expect(code).toBe(0);
    expect(result).toMatchObject({
      changed: 3,
      refused: [],
      queued: [String(a), String(b)],
      cancelled: [newLabel],
    });
    const state = stateOf(appDir);
    expect(Object.keys(state).some((k) => k.startsWith('new'))).toBe(false);
    expect(state[String(a)]).toMatchObject({ pendingDelete: true, pending: ['delete:queued'] });
    expect(stateOf(cli.dataDir)).toEqual(state);
  });

  it('discards local changes of several offers: same counts, same data afterwards', async () => {
    const ids = serverIds();
    const local = await appIds();
    const changedLocally = ids.slice(0, 3);
    await call('offers.changePrice', {
      localIds: changedLocally.map((id) => local.get(id)!),
      mode: 'percent',
      value: 10,
    });
    await cliBulk(['offers', 'change-price', '--percent', '10', ...changedLocally.map(String)]);
    expect(stateOf(cli.dataDir)).toEqual(stateOf(appDir));

    const toDiscard = [...changedLocally.slice(0, 2), ids[5]!]; // the last one has no change
    const app = await call('offers.discardLocal', {
      localIds: toDiscard.map((id) => local.get(id)!),
    });
    const { code, result } = await cliBulk(['offers', 'discard', ...toDiscard.map(String)]);
    expect(app).toEqual({ changed: 3, refused: [] });
    expect(code).toBe(0);
    expect(result).toMatchObject({ changed: 3, refused: [] });
    const state = stateOf(appDir) as Record<string, { changedFields: string[] }>;
    expect(state[String(changedLocally[0])]!.changedFields).toEqual([]);
    expect(state[String(changedLocally[2])]!.changedFields).toEqual(['price_per_step']);
    expect(stateOf(cli.dataDir)).toEqual(state);
  });

  it('a sold offer: both queue the change and say what we expect, not a refusal', async () => {
    const sold = sandbox.control.offers(seller().id).find((o) => o.status === 6)!;
    const local = await appIds();
    const app = await call('offers.setStatus', { localIds: [local.get(sold.id)!], status: 2 });
    const run = await runSellerDesk(['offers', 'set-status', '2', String(sold.id), '--json'], cli);
    const doc = jsonOf<{ result: { changed: number; expected: { reason: string }[] } }>(run);
    expect(app).toMatchObject({ changed: 1, refused: [] });
    expect(run.code).toBe(0);
    expect(doc.result.changed).toBe(1);
    expect(doc.result.expected.map((e) => e.reason)).toEqual([
      'We expect a sold offer to keep its status.',
    ]);
    expect(stateOf(cli.dataDir)).toEqual(stateOf(appDir));
    const human = await runSellerDesk(['offers', 'set-status', '1', String(sold.id)], cli);
    expect(human.code).toBe(0);
    expect(human.stdout, human.stdout + human.stderr).toContain(
      'Queued anyway; the marketplace decides',
    );
    expect(human.stdout).toMatch(/Offer \d+.*: We expect a sold offer to keep its status\./);
  });
});

describe('duplicating offers in the app', { timeout: 60_000 }, () => {
  it('copies a gold offer (no account-only fields) and an account offer, queued as new', async () => {
    const local = await appIds();
    const originals = new Set(serverIds());
    const rows = await call('offers.duplicate', { localIds: [local.get(1001)!, local.get(1010)!] });
    expect(rows).toMatchObject([
      { serverId: null, productId: 1, marketplaceType: 1, pricePerStep: 0.05, syncState: 'local' },
      { serverId: null, marketplaceType: 2, outerName: 'Manual delivery', syncState: 'local' },
    ]);
    const gold = await call('offers.get', { localId: rows[0]!.localId });
    expect(gold.fields).not.toHaveProperty('outer_name');
    expect(gold.fields.data).toEqual({ '101': 'Gehennas', '102': 'Horde' });
    await syncNow();
    const copies = sandbox.control.offers(seller().id).filter((o) => !originals.has(o.id));
    expect(copies.map((o) => o.price_per_step).sort()).toEqual([0.05, 60]);
  });

  it('names the offer and the field when a copy cannot be made, and makes no copy', async () => {
    const local = await appIds();
    const before = await call('offers.counts');
    const result = await dispatch(core.handlers, 'offers.duplicate', {
      localIds: [local.get(1001)!, local.get(1005)!],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('validation');
    // The offer by its marketplace id and name, the field by the label the form shows.
    expect(result.error.message).toBe(
      'Offer 1005 "Gold account (needs title)" could not be copied: Account title: required',
    );
    expect(result.error.fields).toEqual([
      expect.objectContaining({ field: expect.stringMatching(/^data\.\d+$/) }),
    ]);
    expect(await call('offers.counts')).toEqual(before); // not even the gold copy
  });
});
