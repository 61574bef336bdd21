// One door for credentials: the same account files through the app's IPC handlers (the app core
// against one sandbox) and through the `seller-desk` binary (against a twin sandbox, seeded
// alike) give the same outcome — queued, duplicates in the file and against what was uploaded,
// problems by line, the same error kinds — and leave the two marketplaces holding the same
// accounts. Then `credentials update|delete` against the sandbox: the password comes from stdin,
// reaches the marketplace, and is never printed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppCore } from '../../electron/core/app';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { jsonOf, runInProcess, runSellerDesk, WINDOW_MS, type CliTarget } from '../cli/harness';
import { windows1251 } from '../imports/encodings';
import { startRecordingProxy, type RecordingProxy } from './recordingProxy';
import { coreCalls, createTestCore } from '../app/coreHarness';

/** Seeded alike in both sandboxes: an account offer with several credentials (system 3)… */
const OFFER = 1009;
/** …and one with none (system 1), where "replace all" does not apply. */
const SINGLE_OFFER = 1010;

let appSandbox: Sandbox;
let cliSandbox: Sandbox;
let proxy: RecordingProxy;
let core: AppCore;
const { call, failureOf, syncNow, localIdOf } = coreCalls(() => core);
let dir: string;
let cli: CliTarget;
const localIds = new Map<number, number>();

function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

function logins(sandbox: Sandbox, offerId = OFFER): string[] {
  return sandbox.control
    .credentials(offerId)
    .map((c) => c.login)
    .sort();
}

/** What both fronts are asked to agree on, in one shape. */
interface Outcome {
  queued: number;
  duplicatesInFile: number;
  duplicatesUploaded: number;
  invalid: number;
  problems: { line: number; message: string }[];
}

/** The app: preview, then confirm (which leaves out the refused rows the preview showed). */
async function importInApp(path: string, mode: 'add' | 'replace'): Promise<Outcome> {
  const preview = await call('credentials.preview', { localId: localIds.get(OFFER), file: path });
  if (preview.state !== 'ready') throw new Error(`preview: ${preview.state}`);
  expect(JSON.stringify(preview)).not.toMatch(/-Pass/);
  const committed = await call('credentials.commit', { previewId: preview.previewId, mode });
  // The confirmation's "Remove all and add N" is the number a replace queues.
  if (mode === 'replace') expect(committed.queued).toBe(preview.replaceTotal);
  // On a replace, a row the offer already has is sent again; the preview (made before the mode
  // was chosen) counted it as uploaded.
  const uploaded = mode === 'replace' ? 0 : preview.totals.duplicatesUploaded;
  expect(committed.skipped).toBe(preview.totals.rows - committed.queued);
  return {
    queued: committed.queued,
    duplicatesInFile: preview.totals.duplicatesInFile,
    duplicatesUploaded: uploaded,
    invalid: preview.totals.invalid,
    problems: preview.rows.flatMap((row) =>
      row.problems.map((p) => ({ line: row.line, message: p.message })),
    ),
  };
}

/** The command line: the same file with --skip-invalid (the app's confirmation does the same). */
async function importInCli(path: string, mode: 'add' | 'replace'): Promise<Outcome> {
  const run = await runSellerDesk(
    [
      'credentials',
      'import',
      path,
      '--offer',
      String(OFFER),
      '--skip-invalid',
      ...(mode === 'replace' ? ['--replace'] : []),
      '--json',
    ],
    cli,
  );
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout + run.stderr).not.toMatch(/-Pass/);
  const result = jsonOf<{
    result: Omit<Outcome, 'problems' | 'invalid'> & {
      skipped: number;
      problems: { line: number; reason: string }[];
    };
  }>(run).result;
  return {
    queued: result.queued,
    duplicatesInFile: result.duplicatesInFile,
    duplicatesUploaded: result.duplicatesUploaded,
    invalid: result.skipped,
    problems: result.problems.map((p) => ({ line: p.line, message: p.reason })),
  };
}

beforeAll(async () => {
  [appSandbox, cliSandbox] = await Promise.all([
    startSandbox({ windowMs: WINDOW_MS }),
    startSandbox({ windowMs: WINDOW_MS }),
  ]);
  proxy = await startRecordingProxy(cliSandbox.baseUrl);
  dir = mkdtempSync(join(tmpdir(), 'sd-credentials-parity-'));
  core = await createTestCore(join(dir, 'app'), appSandbox.baseUrl, {
    windowMs: WINDOW_MS,
    syncDebounceMs: 3_600_000,
  });
  await core.start();
  await call('session.connect', { token: appSandbox.sellers[0]!.token });
  await syncNow();
  for (const serverId of [OFFER, SINGLE_OFFER]) localIds.set(serverId, await localIdOf(serverId));
  cli = { baseUrl: proxy.baseUrl, dataDir: join(dir, 'cli'), token: cliSandbox.sellers[0]!.token };
  const pulled = await runInProcess(['pull'], cli);
  expect(pulled.code, pulled.stderr).toBe(0);
  expect(logins(appSandbox)).toEqual(logins(cliSandbox));
}, 60_000);

afterAll(async () => {
  await core?.close();
  await proxy?.close();
  await Promise.all([appSandbox?.close(), cliSandbox?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('credentials import: the app and the command line agree', { timeout: 120_000 }, () => {
  it('counts duplicates in the file and against what was uploaded, and lists problems by line, alike', async () => {
    const first = file(
      'first.txt',
      'parity-alpha:Alpha-Pass-1\nparity-bravo:Bravo-Pass-2:bravo@mail.test:Mail-Pass-2\n',
    );
    const firstApp = await importInApp(first, 'add');
    expect(await importInCli(first, 'add')).toEqual(firstApp);
    expect(firstApp.queued).toBe(2);
    await syncNow();
    expect((await runInProcess(['push'], cli)).code).toBe(0);

    const second = file(
      'second.txt',
      [
        'parity-alpha:Other-Pass-1', // uploaded already (same login)
        'parity-charlie:Charlie-Pass-3',
        'a-line-without-any-password',
        'PARITY-CHARLIE:Another-Pass-4', // charlie but for case: warned and left out
        'parity-echo:Echo-Pass-5:bravo@mail.test:Mail-Pass-5', // uploaded already (same email)
        'parity-foxtrot:Foxtrot-Pass-6',
      ].join('\n'),
    );
    const inApp = await importInApp(second, 'add');
    const inCli = await importInCli(second, 'add');
    expect(inCli).toEqual(inApp);
    expect(inApp).toMatchObject({
      queued: 2,
      duplicatesInFile: 0,
      duplicatesUploaded: 2,
      invalid: 1,
      problems: [{ line: 3 }],
    });
    await syncNow();
    expect((await runInProcess(['push'], cli)).code).toBe(0);
    expect(logins(cliSandbox)).toEqual(logins(appSandbox));
    expect(logins(appSandbox)).toEqual(
      expect.arrayContaining(['parity-alpha', 'parity-bravo', 'parity-charlie', 'parity-foxtrot']),
    );
    expect(logins(appSandbox)).not.toContain('parity-echo');
  });

  it('a replace sends the whole file again, rows already uploaded included, alike', async () => {
    const third = file('third.txt', 'parity-alpha:New-Pass-7\nparity-golf:Golf-Pass-8\n');
    const inApp = await importInApp(third, 'replace');
    expect(await importInCli(third, 'replace')).toEqual(inApp);
    expect(inApp).toMatchObject({ queued: 2, duplicatesUploaded: 0 });
    await syncNow();
    expect((await runInProcess(['push'], cli)).code).toBe(0);
    expect(logins(appSandbox)).toEqual(['parity-alpha', 'parity-golf']);
    expect(logins(cliSandbox)).toEqual(logins(appSandbox));
  });

  it('refuses alike: bad rows without consent, replace on a single-credential offer, an empty file, an unknown offer', async () => {
    const bad = file('bad.txt', 'parity-hotel:Hotel-Pass-9\njust-a-login\n');
    const refused = await runSellerDesk(
      ['credentials', 'import', bad, '--offer', String(OFFER), '--json'],
      cli,
    );
    expect(refused.code).toBe(2);
    const preview = await call('credentials.preview', { localId: localIds.get(OFFER), file: bad });
    if (preview.state !== 'ready') throw new Error(preview.state);
    const appProblems = preview.rows.flatMap((r) =>
      r.problems.map((p) => ({ line: r.line, reason: p.message })),
    );
    const cliProblems = jsonOf<{ error: { kind: string; problems: object[] } }>(refused).error;
    expect(cliProblems.kind).toBe('bad_input');
    expect(
      cliProblems.problems.map((p) => ({
        line: (p as { line: number }).line,
        reason: (p as { reason: string }).reason,
      })),
    ).toEqual(appProblems);
    await call('credentials.discardPreview', { previewId: preview.previewId });

    const one = file('one.txt', 'parity-india:India-Pass-10\n');
    const single = await call('credentials.preview', {
      localId: localIds.get(SINGLE_OFFER),
      file: one,
    });
    if (single.state !== 'ready') throw new Error(single.state);
    const appReplace = await failureOf('credentials.commit', {
      previewId: single.previewId,
      mode: 'replace',
    });
    const cliReplace = await runInProcess(
      ['credentials', 'import', one, '--offer', String(SINGLE_OFFER), '--replace', '--json'],
      cli,
    );
    expect(cliReplace.code).toBe(2);
    const cliReplaceError = jsonOf<{ error: { kind: string; message: string } }>(cliReplace).error;
    expect([appReplace.kind, cliReplaceError.kind]).toEqual(['bad_input', 'bad_input']);
    expect(cliReplaceError.message).toContain(appReplace.message);

    const empty = file('empty.csv', 'login,password\n');
    const appEmpty = await failureOf('credentials.preview', {
      localId: localIds.get(OFFER),
      file: empty,
    });
    const cliEmpty = await runInProcess(
      ['credentials', 'import', empty, '--offer', String(OFFER), '--json'],
      cli,
    );
    expect(cliEmpty.code).toBe(2);
    expect(jsonOf<{ error: { kind: string } }>(cliEmpty).error.kind).toBe(appEmpty.kind);

    const appUnknown = await failureOf('credentials.preview', { localId: 999_999, file: one });
    const cliUnknown = await runInProcess(
      ['credentials', 'import', one, '--offer', 'L999999', '--json'],
      cli,
    );
    expect([appUnknown.kind, jsonOf<{ error: { kind: string } }>(cliUnknown).error.kind]).toEqual([
      'not_found',
      'not_found',
    ]);
  });

  it('asks for an encoding it cannot tell, alike, and reads the file in the one named', async () => {
    const capitals = file('capitals.txt', windows1251('ИВАН:ПАРОЛЬ-1\nПЕТЯ:СЕКРЕТ-2\n'));
    const unsure = await call('credentials.preview', {
      localId: localIds.get(OFFER),
      file: capitals,
    });
    expect(unsure).toMatchObject({ state: 'choose-encoding' });
    const refused = await runInProcess(
      ['credentials', 'import', capitals, '--offer', String(OFFER), '--json'],
      cli,
    );
    expect(refused.code).toBe(2);
    expect(jsonOf<{ error: { message: string } }>(refused).error.message).toMatch(
      /Name it with --encoding NAME/,
    );
    const chosen = await call('credentials.preview', {
      localId: localIds.get(OFFER),
      file: capitals,
      encoding: 'windows-1251',
    });
    if (chosen.state !== 'ready') throw new Error(chosen.state);
    const committed = await call('credentials.commit', {
      previewId: chosen.previewId,
      mode: 'add',
    });
    const named = await runInProcess(
      [
        'credentials',
        'import',
        capitals,
        '--offer',
        String(OFFER),
        '--encoding',
        'windows-1251',
        '--json',
      ],
      cli,
    );
    expect(named.code, named.stderr).toBe(0);
    expect(jsonOf<{ result: { queued: number } }>(named).result.queued).toBe(committed.queued);
    expect(committed.queued).toBe(2);
  });
});

describe('credentials update and delete from the command line', { timeout: 120_000 }, () => {
  const credentialOf = (login: string) =>
    cliSandbox.control.credentials(OFFER).find((c) => c.login === login)!;
  const lastRequest = (method: string) => proxy.requests.filter((r) => r.method === method).at(-1)!;

  it('changes the fields given, the passwords read from stdin, and never prints one', async () => {
    const golf = credentialOf('parity-golf');
    const run = await runSellerDesk(
      [
        'credentials',
        'update',
        '--offer',
        String(OFFER),
        '--credential',
        String(golf.id),
        '--login',
        'parity-golf-2',
        '--email',
        'golf@mail.test',
        '--password-stdin',
        '--email-password-stdin',
        '--2fa',
        'on',
        '--comment',
        'moved to a new phone',
        '--json',
      ],
      cli,
      { stdin: 'Stdin-Secret-777\nStdin-Mail-888\n' },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(jsonOf<{ result: Record<string, unknown> }>(run).result).toMatchObject({
      offer: String(OFFER),
      credential: golf.id,
      updated: expect.arrayContaining(['login', 'game_password', 'email_password']),
    });
    const sent = lastRequest('PUT');
    expect(sent.path).toBe(`/api/shop/marketplace/offers/${OFFER}/credentials/${golf.id}`);
    expect(JSON.parse(sent.body)).toEqual({
      login: 'parity-golf-2',
      email: 'golf@mail.test',
      game_password: 'Stdin-Secret-777',
      email_password: 'Stdin-Mail-888',
      is_2fa_active: true,
      comment: 'moved to a new phone',
    });
    expect(run.stdout + run.stderr).not.toMatch(/Stdin-Secret-777|Stdin-Mail-888/);
    expect(credentialOf('parity-golf-2').email).toBe('golf@mail.test');

    // A field left out keeps its value: a new password alone sends the password alone.
    const alone = await runSellerDesk(
      [
        'credentials',
        'update',
        '--offer',
        String(OFFER),
        '--credential',
        String(golf.id),
        '--password-stdin',
      ],
      cli,
      { stdin: 'Only-The-Password-999\n' },
    );
    expect(alone.code, alone.stderr).toBe(0);
    expect(JSON.parse(lastRequest('PUT').body)).toEqual({ game_password: 'Only-The-Password-999' });
    expect(alone.stdout).toContain(`Credential ${golf.id} of offer ${OFFER} updated`);
    expect(alone.stdout + alone.stderr).not.toContain('Only-The-Password-999');
  });

  it('never takes a password from an argument, nor an empty line from stdin', async () => {
    const id = String(credentialOf('parity-alpha').id);
    const requestsBefore = proxy.requests.length;
    const argument = await runInProcess(
      [
        'credentials',
        'update',
        '--offer',
        String(OFFER),
        '--credential',
        id,
        '--password=Argv-Pass-1',
      ],
      cli,
    );
    expect(argument.code).toBe(2);
    expect(argument.stderr).toMatch(/--password-stdin/);
    expect(argument.stdout + argument.stderr).not.toContain('Argv-Pass-1');
    const empty = await runInProcess(
      ['credentials', 'update', '--offer', String(OFFER), '--credential', id, '--password-stdin'],
      cli,
      { stdin: '\n' },
    );
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/standard input is empty/);
    expect(proxy.requests.length).toBe(requestsBefore);
  });

  it('keeps a password the marketplace quotes back out of what it prints', async () => {
    const id = String(credentialOf('parity-alpha').id);
    cliSandbox.control.quoteValuesInErrors(true);
    try {
      const run = await runSellerDesk(
        [
          'credentials',
          'update',
          '--offer',
          String(OFFER),
          '--credential',
          id,
          '--login',
          'parity-alpha',
          '--password-stdin',
          '--json',
        ],
        cli,
        { stdin: 'Quoted-Back-Pass-555\n' },
      );
      expect(run.code).not.toBe(0);
      expect(JSON.parse(lastRequest('PUT').body)).toMatchObject({
        game_password: 'Quoted-Back-Pass-555',
      });
      const printed = run.stdout + run.stderr;
      expect(printed).not.toContain('Quoted-Back-Pass-555');
      expect(printed).not.toContain(Buffer.from('Quoted-Back-Pass-555').toString('base64'));
      expect(printed).toMatch(/refused/);
    } finally {
      cliSandbox.control.quoteValuesInErrors(false);
    }
  });

  it('deletes one credential, and says not found for one that is not there', async () => {
    const alpha = credentialOf('parity-alpha');
    const run = await runSellerDesk(
      [
        'credentials',
        'delete',
        '--offer',
        String(OFFER),
        '--credential',
        String(alpha.id),
        '--json',
      ],
      cli,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(jsonOf<{ result: Record<string, unknown> }>(run).result).toEqual({
      offer: String(OFFER),
      credential: alpha.id,
      deleted: true,
    });
    expect(lastRequest('DELETE').path).toBe(
      `/api/shop/marketplace/offers/${OFFER}/credentials/${alpha.id}`,
    );
    expect(logins(cliSandbox)).not.toContain('parity-alpha');

    const again = await runInProcess(
      [
        'credentials',
        'delete',
        '--offer',
        String(OFFER),
        '--credential',
        String(alpha.id),
        '--json',
      ],
      cli,
    );
    expect(again.code).toBe(2);
    expect(jsonOf<{ error: { kind: string } }>(again).error.kind).toBe('not_found');
    // The app says the same of the same credential on its own marketplace.
    const appAlpha = appSandbox.control.credentials(OFFER).find((c) => c.login === 'parity-alpha')!;
    await call('credentials.delete', { localId: localIds.get(OFFER), credentialId: appAlpha.id });
    const appAgain = await failureOf('credentials.delete', {
      localId: localIds.get(OFFER),
      credentialId: appAlpha.id,
    });
    expect(appAgain.kind).toBe('not_found');
  });
});
