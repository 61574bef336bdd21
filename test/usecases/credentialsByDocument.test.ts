// Credentials by the API document. A single update (PUT …/credentials/{id}) needs neither login
// nor password: the app sends only the fields the seller changed, so a comment or the 2FA flag
// changes without the password (the request body, seen through a recording hop, has none).
// Replace all, update and delete are "only for credential_system_type_id = 3": an offer without
// a credential system is refused here, in the app and on the command line, before any request.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppCore } from '../../electron/core/app';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { jsonOf, runInProcess, WINDOW_MS, type CliTarget } from '../cli/harness';
import { startRecordingProxy, type RecordingProxy } from './recordingProxy';
import { coreCalls, createTestCore } from '../app/coreHarness';
import { accountFields } from '../sync/harness';

/** Seeded: an account offer with several credentials (system 3), and one with none (system 1). */
const OFFER = 1009;
const SINGLE_OFFER = 1010;

let sandbox: Sandbox;
let proxy: RecordingProxy;
let core: AppCore;
const { call, failureOf, syncNow, localIdOf } = coreCalls(() => core);
let dir: string;
let cli: CliTarget;
const localIds = new Map<number, number>();

beforeAll(async () => {
  sandbox = await startSandbox({ windowMs: WINDOW_MS });
  proxy = await startRecordingProxy(sandbox.baseUrl);
  dir = mkdtempSync(join(tmpdir(), 'sd-credentials-doc-'));
  core = await createTestCore(join(dir, 'app'), proxy.baseUrl, {
    windowMs: WINDOW_MS,
    syncDebounceMs: 3_600_000,
  });
  await core.start();
  await call('session.connect', { token: sandbox.sellers[0]!.token });
  await syncNow();
  for (const serverId of [OFFER, SINGLE_OFFER]) localIds.set(serverId, await localIdOf(serverId));
  // Two accounts on the offer, sent the ordinary way, to change one of.
  const file = join(dir, 'two.csv');
  writeFileSync(file, 'login,password\ndoc-alpha,Alpha-Pass-1\ndoc-beta,Beta-Pass-2\n');
  const preview = await call('credentials.preview', { localId: localIds.get(OFFER), file });
  if (preview.state !== 'ready') throw new Error(preview.state);
  await call('credentials.commit', { previewId: preview.previewId, mode: 'add' });
  await syncNow();
  expect(sandbox.control.credentials(OFFER).map((c) => c.login)).toContain('doc-beta');
  cli = { baseUrl: proxy.baseUrl, dataDir: join(dir, 'cli'), token: sandbox.sellers[0]!.token };
  const pulled = await runInProcess(['pull'], cli);
  expect(pulled.code, pulled.stderr).toBe(0);
}, 60_000);

afterAll(async () => {
  await core?.close();
  await proxy?.close();
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a single credential update sends only what changes', () => {
  it('a comment and the 2FA flag change without the login or the password', async () => {
    const target = sandbox.control.credentials(OFFER).find((c) => c.login === 'doc-beta')!;
    const before = proxy.requests.length;
    const answer = await call('credentials.update', {
      localId: localIds.get(OFFER),
      credentialId: target.id,
      credential: { comment: 'moved to a new phone', is_2fa_active: true },
    });
    expect(answer.message).toBe(`Credential ${target.id} updated.`);
    const puts = proxy.requests.slice(before).filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]!.path).toBe(`/api/shop/marketplace/offers/${OFFER}/credentials/${target.id}`);
    // Exactly the two fields: no password (nor login) is resent.
    expect(JSON.parse(puts[0]!.body)).toEqual({
      comment: 'moved to a new phone',
      is_2fa_active: true,
    });
    // The marketplace kept the login it had.
    expect(sandbox.control.credentials(OFFER).find((c) => c.id === target.id)!.login).toBe(
      target.login,
    );
  });

  it('a new email with its email password emptied is refused before any request', async () => {
    const target = sandbox.control.credentials(OFFER).find((c) => c.login === 'doc-beta')!;
    const before = proxy.requests.length;
    const failure = await failureOf('credentials.update', {
      localId: localIds.get(OFFER),
      credentialId: target.id,
      credential: { email: 'new@mail.test', email_password: '' },
    });
    expect(failure.kind).toBe('validation');
    expect(proxy.requests.length).toBe(before);
  });
});

describe('an offer without a credential system: replace all, update and delete refused here', () => {
  const refusal = /works only for offers with several credentials \(credential system Multiple\)/;

  it('in the app', async () => {
    const before = proxy.requests.length;
    const localId = localIds.get(SINGLE_OFFER);
    for (const [channel, input] of [
      ['credentials.update', { localId, credentialId: 1, credential: { comment: 'x' } }],
      ['credentials.delete', { localId, credentialId: 1 }],
    ] as const) {
      const failure = await failureOf(channel, input);
      expect(failure.kind).toBe('bad_input');
      expect(failure.message).toMatch(refusal);
      expect(failure.message).not.toMatch(/credential_system_type_id|\b3\b/);
    }
    const file = join(dir, 'one.csv');
    writeFileSync(file, 'login,password\nsingle-one,Single-Pass-1\n');
    const preview = await call('credentials.preview', { localId, file });
    if (preview.state !== 'ready') throw new Error(preview.state);
    const replace = await failureOf('credentials.commit', {
      previewId: preview.previewId,
      mode: 'replace',
    });
    expect(replace.message).toMatch(/^Replace all works only/);
    // Nothing reached the marketplace, and nothing was queued to learn it from a 403 later.
    expect(proxy.requests.length).toBe(before);
    const offer = await call('offers.get', { localId });
    expect(JSON.stringify(offer)).not.toMatch(/"queuedCredentials":[1-9]/);
  });

  it('on the command line', async () => {
    const before = proxy.requests.length;
    const update = await runInProcess(
      [
        'credentials',
        'update',
        '--offer',
        String(SINGLE_OFFER),
        '--credential',
        '1',
        '--comment',
        'x',
        '--json',
      ],
      cli,
    );
    expect(update.code).toBe(2);
    expect(jsonOf<{ error: { message: string } }>(update).error.message).toMatch(refusal);
    const remove = await runInProcess(
      ['credentials', 'delete', '--offer', String(SINGLE_OFFER), '--credential', '1', '--json'],
      cli,
    );
    expect(remove.code).toBe(2);
    expect(jsonOf<{ error: { message: string } }>(remove).error.message).toMatch(refusal);
    expect(proxy.requests.length).toBe(before);
  });
});

describe('a new account offer with credentials, through the app', () => {
  it('is forecast On Review once it has credentials, and lands there in one manage request', async () => {
    const fields = accountFields('Forecast smurf');
    const saved = await call('offers.save', {
      productId: 10,
      fields,
      deliveryTimeMs: 600_000,
    });
    // No credentials yet: the credential system Multiple leaves it Not Active.
    expect(saved.expectedStatus).toBe(3);
    const file = join(dir, 'smurf.csv');
    writeFileSync(file, 'login,password\nsmurf-a,Smurf-Pass-1\nsmurf-b,Smurf-Pass-2\n');
    const preview = await call('credentials.preview', { localId: saved.localId, file });
    if (preview.state !== 'ready') throw new Error(preview.state);
    await call('credentials.commit', { previewId: preview.previewId, mode: 'add' });
    // Saved again before it is sent: its queued credentials ride in the create.
    const again = await call('offers.save', {
      localId: saved.localId,
      productId: 10,
      fields: { ...fields, price_per_step: 26 },
      deliveryTimeMs: 600_000,
    });
    expect(again.expectedStatus).toBe(5);
    const before = proxy.requests.length;
    await syncNow();
    const sent = proxy.requests.slice(before).map((r) => `${r.method} ${r.path}`);
    expect(sent.filter((r) => r.endsWith('/offers/manage'))).toHaveLength(1);
    expect(sent.filter((r) => r.includes('add_batch'))).toHaveLength(0);
    const offer = await call('offers.get', { localId: saved.localId });
    const onServer = sandbox.control
      .offers(sandbox.sellers[0]!.id)
      .find((o) => o.id === offer.row.serverId)!;
    expect(onServer.status).toBe(5);
    expect(
      sandbox.control
        .credentials(onServer.id)
        .map((c) => c.login)
        .sort(),
    ).toEqual(['smurf-a', 'smurf-b']);
  });
});

describe('an account offer on the marketplace holding no credentials, through the app', () => {
  it('counts the accounts queued for it: they ride in its next edit, which goes to review', async () => {
    const fields = accountFields('Empty smurf');
    const saved = await call('offers.save', { productId: 10, fields, deliveryTimeMs: 600_000 });
    await syncNow();
    const sent = await call('offers.get', { localId: saved.localId });
    expect(sent.row.serverId).not.toBeNull();
    expect(sent.row.status).toBe(3);
    const file = join(dir, 'empty-smurf.csv');
    writeFileSync(file, 'login,password\nempty-a,Empty-Pass-1\nempty-b,Empty-Pass-2\n');
    const preview = await call('credentials.preview', { localId: saved.localId, file });
    if (preview.state !== 'ready') throw new Error(preview.state);
    await call('credentials.commit', { previewId: preview.previewId, mode: 'add' });
    // Before an edit is saved they would go by add_batch; once one is, they ride in it.
    const queued = await call('offers.get', { localId: saved.localId });
    expect(queued.credentials).toMatchObject({ queued: 2, riding: 2, uploadedHashes: 0 });
    const edited = await call('offers.save', {
      localId: saved.localId,
      productId: 10,
      fields: { ...fields, price_per_step: 27 },
      deliveryTimeMs: 600_000,
    });
    expect(edited.expectedStatus).toBe(5);
    await syncNow();
    const onServer = sandbox.control
      .offers(sandbox.sellers[0]!.id)
      .find((o) => o.id === sent.row.serverId)!;
    expect(onServer.status).toBe(5);
    expect((await call('offers.get', { localId: saved.localId })).credentials.riding).toBe(0);
  });
});
