// Canary credentials and a canary token, planted and driven through every path that fails: an
// offers import of an account file, a 409 KB header, a credentials import with bad rows, a push
// the marketplace refuses while quoting the credentials back (JSON-escaped the PHP way,
// URL-encoded, HTML-escaped, in base64, upper-cased), a push answered by a 500 that quotes the
// token, an unreachable marketplace, `offers show`, `status`, `push --json` — through the command
// line as a child process and through the app core. Then every byte the seller could see or that
// stays on disk is searched for them in every spelling: stdout, stderr, each table of each
// profile (every column of every row, as text and as a blob), every file of the data folders
// (databases, their journals, logs, settings), the app core's answers and its log.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch, type ChannelName } from '../../electron/contract/ipc';
import { createAppCore, createEncryptedTokenVault, type AppCore } from '../../electron/core/app';
import { createKeyFileProtector, openSecretBox } from '../../electron/core/secrets';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { runSellerDesk, tempDir, type CliRun, type CliTarget } from '../cli/harness';
import { fakeKeychain } from './fakeKeychain';

const CANARY = {
  login: 'Kanarëyka"\\/+login7',
  password: 'Pässw0rd"\\/+ÿ~!Q',
  email: 'kanarëyka.mail+7@example.test',
  emailPassword: 'EmPw"\\/+ö9$z',
  token: 'cAnArYt0k3n"\\/+=Zx9QrT',
};
const CANARIES = [
  ...Object.values(CANARY),
  `${CANARY.login}:${CANARY.password}`,
  `${CANARY.email}:${CANARY.emailPassword}`,
];
const ACCOUNT_LINE = `${CANARY.login}:${CANARY.password}:${CANARY.email}:${CANARY.emailPassword}`;

/** How the canaries could be spelled where they leak: written here, not taken from the code. */
function spellings(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const phpJson = json
    .replace(/\//g, '\\/')
    .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const base64 = Buffer.from(secret).toString('base64');
  return [
    secret,
    json,
    phpJson,
    encodeURIComponent(secret),
    new URLSearchParams({ v: secret }).toString().slice(2),
    base64,
    base64.replace(/=+$/, ''),
    Buffer.from(secret).toString('base64url'),
  ];
}
const NEEDLES = [...new Set(CANARIES.flatMap(spellings))].map((n) => n.toLowerCase());

/** Everything looked at, with where it came from. */
const seen: { where: string; text: string }[] = [];
function look(where: string, text: string) {
  seen.push({ where, text });
}
function lookAtRun(what: string, run: CliRun) {
  look(`${what}: stdout`, run.stdout);
  look(`${what}: stderr`, run.stderr);
}

function leaksIn(text: string): string[] {
  const lower = text.toLowerCase();
  return NEEDLES.filter((needle) => lower.includes(needle));
}

let sandbox: Sandbox;
const dir = tempDir('sd-canaries-');
const inputs = join(dir.path, 'inputs');
let cli: CliTarget;
let accountOfferId: number;
let goldOffer: { id: number; productId: number; price: number };

function input(name: string, content: string): string {
  const path = join(inputs, name);
  writeFileSync(path, content);
  return path;
}

async function sellerDesk(args: string[], target: CliTarget = cli): Promise<CliRun> {
  const run = await runSellerDesk(args, target);
  lookAtRun(`seller-desk ${args.join(' ')}`, run);
  return run;
}

/** The command as a person runs it, then as a script does (`--json`). */
async function inBothModes(args: string[]): Promise<[CliRun, CliRun]> {
  return [await sellerDesk(args), await sellerDesk([...args, '--json'])];
}

beforeAll(async () => {
  mkdirSync(inputs, { recursive: true });
  sandbox = await startSandbox({
    windowMs: 1000,
    tokens: [CANARY.token, 'other-seller-token', 'new-seller-token'],
  });
  cli = { baseUrl: sandbox.baseUrl, dataDir: join(dir.path, 'cli-data'), token: CANARY.token };
  const mine = sandbox.control.offers(1);
  accountOfferId = mine.find(
    (o) => o.marketplace_type === 2 && o.credential_system_type_id === 3 && o.status !== 6,
  )!.id;
  const gold = mine.find((o) => o.marketplace_type === 1 && o.status === 2)!;
  goldOffer = { id: gold.id, productId: gold.product_id, price: gold.price_per_step };
});
afterAll(async () => {
  await sandbox.close();
  dir.remove();
});

describe('canary credentials and token', { timeout: 120_000 }, () => {
  it('pulls with the canary token', async () => {
    const pulled = await sellerDesk(['pull']);
    expect(pulled.code, pulled.stderr).toBe(0);
  });

  it('refuses an account file read as offers without repeating a line of it', async () => {
    const accounts = input('accounts.txt', `${ACCOUNT_LINE}\n${ACCOUNT_LINE.replace('7', '8')}\n`);
    const [human, script] = await inBothModes(['offers', 'import', accounts, '--product', '10']);
    expect([human.code, script.code]).toEqual([2, 2]);
    expect(human.stderr).toMatch(/looks like account credentials/);
    expect(script.stdout).toMatch(/looks like account credentials/);
    // One account-like column among real ones is named by its position only.
    const mixed = input('mixed.csv', `price_per_step,${CANARY.login}:${CANARY.password}\n1,2\n`);
    const run = await sellerDesk(['offers', 'import', mixed, '--product', '10', '--json']);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('"column":"#2"');
  });

  it('bounds what it says of a 409 KB header', async () => {
    const oneCell = input('wide-cell.csv', `${'x'.repeat(409 * 1024)}\n1\n`);
    const manyColumns = input(
      'many-columns.csv',
      `price_per_step,${Array.from({ length: 52_000 }, (_, i) => `c${i}`).join(',')}\n1\n`,
    );
    const longKnown = input('long-known.csv', `price${' '.repeat(409 * 1024)}per step\nabc\n`);
    for (const file of [oneCell, manyColumns, longKnown]) {
      for (const run of await inBothModes(['offers', 'import', file, '--product', '10'])) {
        expect(run.code).toBe(2);
        expect(run.stderr.length + run.stdout.length).toBeLessThan(10 * 1024);
      }
    }
  });

  it('reports bad credential rows by line and column only, then queues the good one', async () => {
    const bad = input(
      'bad-accounts.txt',
      [
        `${CANARY.login}:${CANARY.password.repeat(20)}`,
        `${CANARY.login}x:${CANARY.password}:${CANARY.email}`,
        `:${CANARY.password}`,
        ACCOUNT_LINE,
      ].join('\n'),
    );
    const refused = await inBothModes([
      'credentials',
      'import',
      bad,
      '--offer',
      `${accountOfferId}`,
    ]);
    expect(refused.map((run) => run.code)).toEqual([2, 2]);
    const queued = await sellerDesk([
      'credentials',
      'import',
      bad,
      '--offer',
      String(accountOfferId),
      '--skip-invalid',
      '--json',
    ]);
    expect(queued.code, queued.stdout).toBe(0);
    expect(JSON.parse(queued.stdout).result.queued).toBe(1);
  });

  it('keeps the credentials a marketplace quotes back out of push, show and status', async () => {
    sandbox.control.quoteValuesInErrors(true);
    const pushed = await sellerDesk(['push', '--json']);
    expect(pushed.code).not.toBe(0);
    const doc = JSON.parse(pushed.stdout) as { result: { failed: number; attention: unknown[] } };
    expect(doc.result.failed).toBe(1);
    // The marketplace did quote them: the refusal is there, redacted.
    expect(JSON.stringify(doc.result.attention)).toContain('[redacted]');
    const shown = await inBothModes(['offers', 'show', `${accountOfferId}`]);
    expect(shown[0].stdout).toMatch(/refused: .*\[redacted\]/);
    await inBothModes(['status']);
  });

  it('keeps the token a 500 quotes back out of push and status', async () => {
    const edit = input('edit.csv', `id,price_per_step\n${goldOffer.id},${goldOffer.price + 1}\n`);
    const queued = await sellerDesk([
      'offers',
      'import',
      edit,
      '--product',
      String(goldOffer.productId),
    ]);
    expect(queued.code, queued.stderr).toBe(0);
    const [human, script] = await inBothModes(['push']);
    expect([human.code, script.code]).toEqual([5, 5]);
    expect(human.stderr).toMatch(/server error .*Bearer \[redacted\]/);
    await inBothModes(['status']);
  });

  it('says nothing of the token when the marketplace cannot be reached', async () => {
    const closed = await startSandbox({ windowMs: 1000 });
    const baseUrl = closed.baseUrl;
    await closed.close();
    const run = await sellerDesk(['pull', '--json'], { ...cli, baseUrl });
    expect(run.code).toBe(5);
  });

  it('keeps them out of the app core’s answers and log', async () => {
    const appData = join(dir.path, 'app-data');
    mkdirSync(appData, { recursive: true });
    const box = openSecretBox(createKeyFileProtector(join(appData, 'token.key')));
    const logged: string[] = [];
    const core: AppCore = await createAppCore({
      dataDir: appData,
      baseUrl: sandbox.baseUrl,
      tokenVault: createEncryptedTokenVault(
        {
          encrypt: (text) => box.seal(Buffer.from(text)),
          decrypt: (sealed) => box.open(sealed).toString(),
          backend: () => 'file',
        },
        join(appData, 'token.bin'),
      ),
      keychain: fakeKeychain(),
      dialogs: { pickFiles: async () => [], saveFile: async () => null },
      openExternal: async () => {},
      resolveFileRef: async (ref) => ref,
      releaseFileRef: async () => {},
      windowMs: 1000,
      syncIntervalMs: 3_600_000,
      syncDebounceMs: 3_600_000,
      log: (message: string, error?: unknown) =>
        logged.push(`${message} ${error === undefined ? '' : describeValue(error)}`),
    });
    const call = async (channel: ChannelName, payload?: unknown) => {
      const result = await dispatch(core.handlers, channel, payload, (name, error) =>
        logged.push(`${name}: ${describeValue(error)}`),
      );
      look(`app ${channel}`, JSON.stringify(result));
      return result;
    };
    const syncNow = async () => {
      await call('sync.now');
      for (let i = 0; i < 600; i++) {
        const status = await call('sync.status');
        if (status.ok && !(status.value as { running: boolean }).running) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('sync did not finish');
    };
    try {
      await core.start();
      sandbox.control.quoteValuesInErrors(false);
      expect((await call('session.connect', { token: CANARY.token })).ok).toBe(true);
      await syncNow();
      const page = await call('offers.query', {
        sort: { column: 'updated_at', dir: 'desc' },
        offset: 0,
        limit: 500,
      });
      const rows = (page as { value: { rows: { localId: number; serverId: number | null }[] } })
        .value.rows;
      const account = rows.find((r) => r.serverId === accountOfferId)!.localId;
      const gold = rows.find((r) => r.serverId === goldOffer.id)!.localId;

      const offersFile = input('app-accounts.csv', `${ACCOUNT_LINE}\n`);
      const offersPreview = await call('imports.offersPreview', {
        productId: 10,
        file: offersFile,
      });
      expect(JSON.stringify(offersPreview)).toMatch(/looks like account credentials/);
      await call('credentials.preview', {
        localId: account,
        file: input(
          'app-bad.txt',
          `:${CANARY.password}\n${CANARY.login}:${CANARY.password}:x@y.z\n`,
        ),
      });
      const preview = await call('credentials.preview', {
        localId: account,
        file: input('app-good.txt', `${ACCOUNT_LINE.replace('login7', 'login9')}\n`),
      });
      const previewId = (preview as { value: { previewId: string } }).value.previewId;
      expect((await call('credentials.commit', { previewId, mode: 'add' })).ok).toBe(true);

      // The credentials refused with their values quoted back.
      sandbox.control.quoteValuesInErrors(true);
      await syncNow();
      const refused = await call('credentials.update', {
        localId: account,
        credentialId: sandbox.control.credentials(accountOfferId)[0]!.id,
        credential: {
          login: CANARY.login,
          game_password: CANARY.password,
          email: CANARY.email,
          email_password: CANARY.emailPassword,
        },
      });
      expect(refused.ok).toBe(false);
      expect(JSON.stringify(refused)).toContain('[redacted]');

      // A 500 quoting the token; the marketplace recovers, and the retry goes through.
      await call('offers.changePrice', { localIds: [gold], mode: 'amount', value: 2 });
      const before = sandbox.requests.length;
      const syncing = syncNow();
      while (!sandbox.requests.slice(before).some((r) => r.status === 500)) {
        await new Promise((r) => setTimeout(r, 20));
      }
      sandbox.control.quoteValuesInErrors(false);
      await syncing;
      await call('offers.get', { localId: account });
      await call('offers.get', { localId: gold });
      await call('sync.status');
    } finally {
      sandbox.control.quoteValuesInErrors(false);
      await core.close();
    }
    look('app log', logged.join('\n'));
  });

  it('finds no canary in any output, table or file', () => {
    const leaks: string[] = [];
    for (const { where, text } of seen) {
      for (const needle of leaksIn(text)) leaks.push(`${where}: ${needle}`);
    }
    for (const dataDir of [cli.dataDir, join(dir.path, 'app-data')]) {
      for (const file of filesUnder(dataDir)) {
        for (const needle of leaksIn(readFileSync(file).toString('utf8'))) {
          leaks.push(`${file}: ${needle}`);
        }
        if (isSqlite(file)) {
          for (const [where, text] of everyCell(file)) {
            for (const needle of leaksIn(text)) leaks.push(`${file} ${where}: ${needle}`);
          }
        }
      }
    }
    expect(seen.length).toBeGreaterThan(30);
    expect(leaks).toEqual([]);
  });
});

function describeValue(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}\n${value.stack ?? ''}`;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function isSqlite(file: string): boolean {
  return readFileSync(file).subarray(0, 16).toString('latin1') === 'SQLite format 3\u0000';
}

/** Every cell of every table, as text and as the bytes SQLite holds. */
function everyCell(file: string): [string, string][] {
  const cells: [string, string][] = [];
  const db = new Database(file, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
      name: string;
    }[];
    for (const { name } of tables) {
      const columns = (db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[]).map(
        (c) => c.name,
      );
      const select = columns.map((c) => `"${c}", CAST("${c}" AS BLOB)`).join(', ');
      for (const row of db.prepare(`SELECT ${select} FROM "${name}"`).raw().all() as unknown[][]) {
        row.forEach((cell, i) => {
          const where = `${name}.${columns[Math.floor(i / 2)]}`;
          if (typeof cell === 'string') cells.push([where, cell]);
          else if (Buffer.isBuffer(cell)) cells.push([where, cell.toString('utf8')]);
        });
      }
    }
  } finally {
    db.close();
  }
  return cells;
}
