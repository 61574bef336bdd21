// The activity log against the sandbox over a real socket, through the real CLI binary: a sync's
// requests are recorded one for one, a refusal with its reason, filters work, and the canary
// token and credentials the requests carry (and a refusal quotes back) are never stored or shown.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { profileFile } from '../../electron/core/usecases/paths';
import { openSellerProfile } from '../../electron/core/usecases/openSellerProfile';
import { exportActivityCsv } from '../../electron/core/usecases/activity';
import { startSandbox, type RecordedRequest, type Sandbox } from '../../electron/sandbox';
import { jsonOf, runSellerDesk, tempDir, WINDOW_MS, type CliTarget } from '../cli/harness';

const CANARY = {
  login: 'Kanarëyka"\\/+login7',
  password: 'Pässw0rd"\\/+ÿ~!Q',
  email: 'kanarëyka.mail+7@example.test',
  emailPassword: 'EmPw"\\/+ö9$z',
  token: 'cAnArYt0k3n"\\/+=Zx9QrT',
};

function spellings(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const base64 = Buffer.from(secret).toString('base64');
  return [secret, json, encodeURIComponent(secret), base64, base64.replace(/=+$/, '')];
}
const NEEDLES = [
  ...Object.values(CANARY),
  `${CANARY.login}:${CANARY.password}`,
  `${CANARY.email}:${CANARY.emailPassword}`,
]
  .flatMap(spellings)
  .map((n) => n.toLowerCase());
const leaks = (text: string) => NEEDLES.filter((n) => text.toLowerCase().includes(n));

interface Entry {
  at: string;
  operation: string;
  offers: string[];
  outcome: string;
  message: string;
}

let sandbox: Sandbox;
const dir = tempDir('sd-activity-');
let cli: CliTarget;

beforeAll(async () => {
  sandbox = await startSandbox({
    windowMs: WINDOW_MS,
    tokens: [CANARY.token, 'other-seller-token', 'third-seller-token'],
  });
  cli = { baseUrl: sandbox.baseUrl, dataDir: join(dir.path, 'data'), token: CANARY.token };
  mkdirSync(join(dir.path, 'inputs'), { recursive: true });
});
afterAll(async () => {
  await sandbox.close();
  dir.remove();
});

const sellerDesk = (args: string[]) => runSellerDesk([...args, '--window-ms', `${WINDOW_MS}`], cli);

async function log(args: string[] = []): Promise<Entry[]> {
  const run = await sellerDesk(['log', ...args, '--json']);
  expect(run.code, run.stderr).toBe(0);
  return jsonOf<{ result: { entries: Entry[] } }>(run).result.entries;
}

function activityTable(): string {
  const db = new Database(profileFile(cli.dataDir, cli.baseUrl), { readonly: true });
  try {
    return JSON.stringify(db.prepare('SELECT * FROM activity').all());
  } finally {
    db.close();
  }
}

const sent = (from: number): RecordedRequest[] => sandbox.requests.slice(from);

describe('activity log', { timeout: 120_000 }, () => {
  it('records every request of a pull, one entry per request the marketplace received', async () => {
    const before = sandbox.requests.length;
    const pulled = await sellerDesk(['pull']);
    expect(pulled.code, pulled.stderr).toBe(0);
    const requests = sent(before);
    const entries = await log();
    expect(entries).toHaveLength(requests.length);
    const reads = requests.filter((r) => r.path.endsWith('/offers/my_offers')).length;
    expect(reads).toBeGreaterThan(0);
    expect(entries.filter((e) => e.operation === 'Read offers')).toHaveLength(reads);
    expect(entries.every((e) => e.outcome === 'accepted')).toBe(true);
    expect(entries.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
  });

  it('records a status change the marketplace refuses, as refused, with its reason', async () => {
    const offer = sandbox.control
      .offers(1)
      .find((o) => o.marketplace_type === 1 && o.status === OfferStatus.Active)!;
    const queued = await sellerDesk(['offers', 'set-status', '3', String(offer.id)]);
    expect(queued.code, queued.stderr).toBe(0);
    sandbox.control.deleteOfferAsServer(offer.id);
    const before = sandbox.requests.length;
    await sellerDesk(['push']);
    const statusRequests = sent(before).filter((r) => r.path.endsWith('/edit_status'));
    expect(statusRequests).toHaveLength(1);
    expect(statusRequests[0]!.status).toBe(404);

    const entries = await log(['--offer', String(offer.id)]);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.offers.includes(String(offer.id)))).toBe(true);
    const refused = entries.find((e) => e.operation === 'Set status to Not Active')!;
    expect(refused).toMatchObject({ outcome: 'refused', offers: [String(offer.id)] });
    expect(refused.message).toMatch(/not found/);
    expect(refused.message.length).toBeGreaterThan(4);
  });

  it('filters by --since and by words, and exports CSV guarded against formulas', async () => {
    const profile = openSellerProfile({
      dataDir: cli.dataDir,
      baseUrl: cli.baseUrl,
      token: () => '',
    });
    try {
      profile
        .store()
        .activityLog()
        .record({
          at: Date.now() - 2 * 86_400_000,
          operation: 'Delete offer',
          offers: ['=HYPERLINK("x")'],
          outcome: 'accepted',
          message: 'an old entry',
        });
      const { contents: csv, rows } = exportActivityCsv(profile, { text: 'old entry' });
      expect(rows).toBe(1);
      expect(csv.split('\r\n')[0]).toBe('Time,Operation,Offers,Outcome,Message');
      expect(csv).toContain(`'=HYPERLINK`);
      expect(csv).toContain('an old entry');
    } finally {
      await profile.close();
    }
    const all = await log();
    expect(all.some((e) => e.message === 'an old entry')).toBe(true);
    const recent = await log(['--since', '1d']);
    expect(recent.length).toBe(all.length - 1);
    expect(recent.some((e) => e.message === 'an old entry')).toBe(false);
    expect(await log(['--search', 'OLD ENTRY'])).toHaveLength(1);
    const bad = await sellerDesk(['log', '--since', 'yesterday']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/30m, 12h, 1d/);
  });

  it('never stores or prints the token or the credentials a refused upload quotes back', async () => {
    const account = sandbox.control
      .offers(1)
      .find(
        (o) => o.marketplace_type === 2 && o.credential_system_type_id === 3 && o.status !== 6,
      )!;
    expect([0, 3]).toContain((await sellerDesk(['pull'])).code); // 3: the refusal above
    const file = join(dir.path, 'inputs', 'accounts.txt');
    writeFileSync(
      file,
      `${CANARY.login}:${CANARY.password}:${CANARY.email}:${CANARY.emailPassword}\n`,
    );
    const queued = await sellerDesk(['credentials', 'import', file, '--offer', String(account.id)]);
    expect(queued.code, queued.stderr).toBe(0);
    const gold = sandbox.control
      .offers(1)
      .find((o) => o.marketplace_type === 1 && o.status !== OfferStatus.Sold)!;
    const edit = join(dir.path, 'inputs', 'edit.csv');
    writeFileSync(edit, `id,price_per_step\n${gold.id},${gold.price_per_step + 1}\n`);
    const edited = await sellerDesk(['offers', 'import', edit, '--product', `${gold.product_id}`]);
    expect(edited.code, edited.stderr).toBe(0);
    sandbox.control.quoteValuesInErrors(true);
    try {
      const before = sandbox.requests.length;
      await sellerDesk(['push']);
      // The marketplace was sent both and quoted them back (a 500 quotes the token).
      expect(sent(before).some((r) => r.path.includes('/credentials/'))).toBe(true);
      expect(sent(before).some((r) => r.path.endsWith('/manage') && r.status === 500)).toBe(true);
    } finally {
      sandbox.control.quoteValuesInErrors(false);
    }
    const run = await sellerDesk(['log', '--json']);
    const human = await sellerDesk(['log']);
    const entries = jsonOf<{ result: { entries: Entry[] } }>(run).result.entries;
    const upload = entries.find((e) => e.operation.startsWith('Upload'))!;
    expect(upload).toMatchObject({ outcome: 'refused', offers: [String(account.id)] });
    expect(upload.message).toMatch(/\[redacted\]|not shown/);
    const manage = entries.find((e) => e.operation === 'Edit 1 offer')!;
    expect(manage).toMatchObject({ outcome: 'refused', offers: [String(gold.id)] });
    expect(manage.message).toMatch(/^Server Error.*\[redacted\]/);
    expect(leaks(run.stdout)).toEqual([]);
    expect(leaks(human.stdout + human.stderr)).toEqual([]);
    expect(leaks(activityTable())).toEqual([]);
    // The refused upload's fields are kept as a message too (said in the app's language), as
    // redacted as the line: the table above includes that column.
    const kept = JSON.parse(activityTable()) as { operation: string; message_say: string | null }[];
    const said = kept.find((r) => r.operation.startsWith('Upload') && r.message_say !== null);
    expect(said?.message_say).toMatch(/"key":"activity\.answer\.fieldsRefused"/);
  });
});
