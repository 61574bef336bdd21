// The app core end to end: every call goes through the same dispatch as Electron main and the
// browser host, against the sandbox marketplace over a real socket and a real SQLite file.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppCore } from '../../electron/core/app';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { windows1251 } from '../imports/encodings';
import { coreCalls, createTestCore } from './coreHarness';

let sandbox: Sandbox;
let core: AppCore;
const { call, failureOf, syncNow } = coreCalls(() => core);
let dataDir: string;
let released: string[];

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: 1000 });
  dataDir = mkdtempSync(join(tmpdir(), 'seller-desk-core-'));
  released = [];
  core = await createTestCore(dataDir, sandbox.baseUrl, {
    releaseFileRef: async (ref) => void released.push(ref),
    syncDebounceMs: 3_600_000,
  });
  await core.start();
});

afterEach(async () => {
  await core.close();
  await sandbox.close();
});

const token = () => sandbox.sellers[0]!.token;

describe('app core', () => {
  it('refuses a wrong token with a clear unauthorized answer and keeps nothing', async () => {
    const error = await failureOf('session.connect', { token: 'not-a-real-token' });
    expect(error.kind).toBe('unauthorized');
    expect(error.message).toMatch(/did not accept this token/);
    const status = await call('session.status');
    expect(status).toMatchObject({ mode: 'none', tokenSet: false });
    expect(readdirSync(dataDir)).not.toContain('token.bin');
  });

  it('says a token with a control character is malformed, without asking the marketplace', async () => {
    const before = sandbox.requests.length;
    const error = await failureOf('session.connect', { token: `${token()}\u0001` });
    expect(error.kind).toBe('bad_input');
    expect(error.message).toMatch(/^The API token is malformed: it contains a control character/);
    expect(error.message).not.toContain(token());
    expect(sandbox.requests.length).toBe(before);
    expect(await call('session.status')).toMatchObject({ mode: 'none', tokenSet: false });
  });

  it('tells the seller when the marketplace asks for a year-long pause, and waits only the bound', async () => {
    await call('session.connect', { token: token() });
    await syncNow();
    const told =
      'The marketplace asked us to pause for 1 year; Seller Desk waits at most 5 s and then tries again.';
    const progressReasons: (string | null)[] = [];
    core.on('sync.progress', (p) => progressReasons.push(p.waitReason));
    sandbox.setFaults({ tooManyRequests: 1, retryAfter: String(365 * 24 * 3600) });
    const started = Date.now();
    await call('sync.now');
    const waits: { ms: number; reason: string }[] = [];
    let status = await call('sync.status');
    while (status.running && Date.now() - started < 30_000) {
      if (status.waiting) waits.push(status.waiting);
      await new Promise((r) => setTimeout(r, 50));
      status = await call('sync.status');
    }
    expect(status).toMatchObject({ running: false, lastRunOk: true });
    expect(Date.now() - started).toBeLessThan(5_000 + 4_000); // 5 windows of 1 s, not a year
    expect(sandbox.requests.filter((r) => r.status === 429)).toHaveLength(1);
    expect(progressReasons).toContain(told);
    expect(waits.length).toBeGreaterThan(0);
    for (const w of waits) expect(w).toEqual({ ms: expect.any(Number), reason: told });
    expect(Math.max(...waits.map((w) => w.ms))).toBeLessThanOrEqual(5_000);
    expect(status.budget.nextRoomInMs).toBeLessThanOrEqual(5_000);
  });

  it('connects, pulls the catalogue and the offers, and never hands the token out', async () => {
    const status = await call('session.connect', { token: token() });
    expect(status).toMatchObject({ mode: 'marketplace', tokenSet: true, tokenValid: true });
    await syncNow();
    const products = await call('catalogue.list', {});
    expect(products.length).toBe(sandbox.control.products().length);
    const page = await call('offers.query', {
      sort: { column: 'updated_at', dir: 'desc' },
      offset: 0,
      limit: 500,
    });
    expect(page.total).toBe(sandbox.control.offers(sandbox.sellers[0]!.id).length);
    const everything = JSON.stringify([status, products, page, await call('sync.status')]);
    expect(everything).not.toContain(token());
  });

  it('creates a gold offer offline-first and sees it Active after sync', async () => {
    await call('session.connect', { token: token() });
    await syncNow();
    const gold = sandbox.control.products().find((p) => p.marketplace_type === 1 && p.is_active)!;
    const data: Record<string, string> = {};
    for (const field of gold.product_fields.filter((f) => f.is_required && !f.deleted_at)) {
      data[String(field.id)] = field.field_values[0]?.value ?? 'x';
    }
    const saved = await call('offers.save', {
      productId: gold.id,
      fields: { price_per_step: 1.25, amount: 500, min_purchase_amount: gold.step_size, data },
      deliveryTimeMs: 3_600_000,
    });
    expect(saved.expectedStatus).toBe(2);
    const before = await call('offers.get', { localId: saved.localId });
    expect(before.row.syncState).toBe('local');
    await syncNow();
    const after = await call('offers.get', { localId: saved.localId });
    expect(after.row).toMatchObject({ syncState: 'synced', status: 2 });
    const onServer = sandbox.control.offers(1).find((o) => o.id === after.row.serverId);
    expect(onServer).toMatchObject({ price_per_step: 1.25, amount: 500, status: 2 });
  });

  it('refuses an invalid offer with problems per field and queues nothing', async () => {
    await call('session.connect', { token: token() });
    await syncNow();
    const account = sandbox.control
      .products()
      .find((p) => p.marketplace_type === 2 && p.is_active)!;
    const select = account.product_fields.find((f) => f.component_edit === 2 && !f.deleted_at)!;
    const error = await failureOf('offers.save', {
      productId: account.id,
      fields: {
        price_per_step: 0.01,
        amount: 1,
        min_purchase_amount: 1,
        data: { [select.id]: 'Not one of the values' },
      },
      deliveryTimeMs: 60_000,
    });
    expect(error.kind).toBe('validation');
    const fields = error.fields!.map((f) => f.field);
    expect(fields).toContain('price_per_step');
    expect(fields).toContain(`data.${select.id}`);
    const counts = await call('offers.counts');
    expect(counts.bySyncState.local ?? 0).toBe(0);
  });

  it('changes prices in bulk and sends them', async () => {
    await call('session.connect', { token: token() });
    await syncNow();
    const page = await call('offers.query', {
      status: 2,
      sort: { column: 'updated_at', dir: 'desc' },
      offset: 0,
      limit: 50,
    });
    const ids = page.rows.map((r) => r.localId);
    const outcome = await call('offers.changePrice', { localIds: ids, mode: 'percent', value: 10 });
    expect(outcome.changed + outcome.refused.length).toBe(ids.length);
    expect(outcome.changed).toBeGreaterThan(0);
    await syncNow();
    const server = new Map(sandbox.control.offers(1).map((o) => [o.id, o.price_per_step]));
    for (const row of page.rows) {
      if (outcome.refused.some((r) => r.localId === row.localId)) continue;
      expect(server.get(row.serverId!)).toBeCloseTo(
        Math.round(row.pricePerStep! * 1.1 * 1e4) / 1e4,
        4,
      );
    }
  });

  /** Connects, syncs, and finds a demo account offer that takes several credentials. */
  async function accountOffer() {
    await call('session.connect', { token: token() });
    await syncNow();
    const offer = sandbox.control
      .offers(1)
      .find((o) => o.marketplace_type === 2 && o.credential_system_type_id === 3)!;
    const page = await call('offers.query', {
      text: String(offer.id),
      sort: { column: 'updated_at', dir: 'desc' },
      offset: 0,
      limit: 10,
    });
    return { offer, localId: page.rows.find((r) => r.serverId === offer.id)!.localId };
  }

  it('imports an account file: masked preview, duplicates skipped, only good rows reach the marketplace, nothing left in clear', async () => {
    const { offer, localId } = await accountOffer();
    const file = join(dataDir, 'accounts.txt');
    writeFileSync(
      file,
      [
        'hunter-alpha:Pa55word!one',
        'hunter-bravo:Pa55word!two:bravo@mail.test:mailpass2',
        'hunter-alpha:Another!pass',
        ':missing-login',
        'hunter-charlie:Pa55word!three',
      ].join('\n'),
    );
    const preview = await call('credentials.preview', { localId, file });
    if (preview.state !== 'ready') throw new Error(`preview: ${preview.state}`);
    expect(preview.totals).toMatchObject({ rows: 5, valid: 3, invalid: 1, duplicatesInFile: 1 });
    expect(JSON.stringify(preview)).not.toMatch(/hunter-alpha|Pa55word/);
    const committed = await call('credentials.commit', {
      previewId: preview.previewId,
      mode: 'add',
    });
    expect(committed.queued).toBe(3);
    expect(released).toEqual([file]);
    await syncNow();
    const logins = sandbox.control.credentials(offer.id).map((c) => c.login);
    expect(logins).toEqual(
      expect.arrayContaining(['hunter-alpha', 'hunter-bravo', 'hunter-charlie']),
    );
    expect(logins.filter((l) => l === 'hunter-alpha')).toHaveLength(1);
    for (const name of readdirSync(join(dataDir, 'profiles'))) {
      const bytes = readFileSync(join(dataDir, 'profiles', name));
      expect(bytes.includes(Buffer.from('Pa55word'))).toBe(false);
      expect(bytes.includes(Buffer.from('hunter-bravo'))).toBe(false);
    }
  });

  it('previews a damaged account file by line, asks for an encoding it cannot tell, refuses a file without accounts', async () => {
    const { offer, localId } = await accountOffer();
    const file = (name: string, bytes: Buffer) => {
      const path = join(dataDir, name);
      writeFileSync(path, bytes);
      return path;
    };
    const damaged = file(
      'damaged.txt',
      Buffer.concat([
        Buffer.from('whole-one:pw1\nbroken'),
        Buffer.of(0xff),
        Buffer.from('-two:pw2\nwhole-three:pw3\n'),
      ]),
    );
    const preview = await call('credentials.preview', { localId, file: damaged });
    if (preview.state !== 'ready') throw new Error(`preview: ${preview.state}`);
    expect(preview).toMatchObject({
      encoding: 'utf-8',
      damagedRows: 1,
      totals: { rows: 3, valid: 2, invalid: 1 },
    });
    expect(preview.rows[1]).toMatchObject({
      line: 2,
      problems: [{ message: 'not valid UTF-8 — the file may be damaged; fix or remove this line' }],
    });
    await call('credentials.commit', { previewId: preview.previewId, mode: 'add' });
    await syncNow();
    const logins = sandbox.control.credentials(offer.id).map((c) => c.login);
    expect(logins).toEqual(expect.arrayContaining(['whole-one', 'whole-three']));
    expect(logins.filter((l) => l.includes('two') || l.includes('\ufffd'))).toEqual([]);

    const capitals = file('capitals.txt', windows1251('ИВАН:ПАРОЛЬ\nПЕТЯ:СЕКРЕТ\n'));
    const unsure = await call('credentials.preview', { localId, file: capitals });
    expect(unsure).toEqual({
      state: 'choose-encoding',
      candidates: expect.arrayContaining(['windows-1251', 'koi8-r']),
    });
    const chosen = await call('credentials.preview', {
      localId,
      file: capitals,
      encoding: 'windows-1251',
    });
    expect(chosen).toMatchObject({
      state: 'ready',
      encoding: 'windows-1251',
      totals: { valid: 2 },
    });

    const empty = await failureOf('credentials.preview', {
      localId,
      file: file('header-only.csv', Buffer.from('login,password\n')),
    });
    expect(empty.kind).toBe('bad_input');
    expect(empty.message).toContain('the file has no credentials');
  });

  it('keeps local changes when the token is removed and the session reopens', async () => {
    await call('session.connect', { token: token() });
    await syncNow();
    const page = await call('offers.query', {
      status: 2,
      sort: { column: 'updated_at', dir: 'desc' },
      offset: 0,
      limit: 1,
    });
    const row = page.rows[0]!;
    await call('offers.changePrice', { localIds: [row.localId], mode: 'amount', value: 1 });
    await call('session.disconnect');
    expect(
      (
        await failureOf('offers.query', {
          sort: { column: 'updated_at', dir: 'desc' },
          offset: 0,
          limit: 1,
        })
      ).kind,
    ).toBe('unauthorized');
    await call('session.connect', { token: token() });
    const detail = await call('offers.get', { localId: row.localId });
    expect(detail.fields.price_per_step).toBeCloseTo(row.pricePerStep! + 1, 4);
    await syncNow();
    const onServer = sandbox.control.offers(1).find((o) => o.id === row.serverId)!;
    expect(onServer.price_per_step).toBeCloseTo(row.pricePerStep! + 1, 4);
  });
});
