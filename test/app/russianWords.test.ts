// The core's sentences speak the app's language: with Russian chosen, the connection line, the
// native notifications and the failure sentences the app shows come in Russian; switched back,
// in English; and the command line, on the same profile, keeps its English. Real sandbox over a
// socket, real SQLite, the real core; the CLI as a child process.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../electron/contract/ipc';
import type { AppCore } from '../../electron/core/app';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { runSellerDesk } from '../cli/harness';
import { coreCalls, createTestCore, fileTokenVault } from './coreHarness';

let sandbox: Sandbox;
let core: AppCore;
let dataDir: string;
let notes: { title: string; body: string }[];
let statuses: SyncStatus[];
const { call, failureOf, syncNow } = coreCalls(() => core);

const CYRILLIC = /[А-Яа-яЁё]/;

async function until<T>(what: () => T | undefined, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = what();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: 1000 });
  dataDir = mkdtempSync(join(tmpdir(), 'seller-desk-ru-'));
  notes = [];
  statuses = [];
  core = await createTestCore(dataDir, sandbox.baseUrl, {
    notify: (title, body) => void notes.push({ title, body }),
    syncDebounceMs: 3_600_000,
    retryDelaysMs: [400, 800],
    syncHoldMs: 0,
    systemLanguages: ['en-US'],
  });
  core.on('sync.status', (s) => void statuses.push(s));
  await core.start();
  await call('session.connect', { token: sandbox.sellers[0]!.token });
  await syncNow();
});

afterEach(async () => {
  await core.close();
  await sandbox.close();
});

describe("the core's sentences in the app's language", { timeout: 60_000 }, () => {
  it('a refused token: the connection line and the notification in Russian, then in English again', async () => {
    expect((await call('sync.status')).connection.title).toBe('Online');
    await call('app.setLanguage', { choice: 'ru' });
    expect(core.locale()).toBe('ru');
    // The status is said again in the new language at once, not at the next sync.
    const online = await until(() => statuses.at(-1));
    expect(online.connection.title).toBe('В сети');

    fileTokenVault(dataDir).set('a-token-the-marketplace-never-issued');
    await call('sync.now');
    const refused = await until(() =>
      statuses.find((s) => !s.running && s.connection.state === 'token_refused'),
    );
    expect(refused.connection).toMatchObject({
      title: 'Токен отклонён',
      reason:
        'Маркетплейс больше не принимает ваш API-токен. Ваши изменения сохранены; вставьте новый токен, чтобы отправить их.',
    });
    expect(notes).toEqual([
      {
        title: 'Seller Desk нужен новый токен',
        body: refused.connection.reason,
      },
    ]);

    await call('app.setLanguage', { choice: 'en' });
    const english = await call('sync.status');
    expect(english.connection).toMatchObject({
      title: 'Token refused',
      reason:
        'The marketplace no longer accepts your API token. Your changes are kept; paste a new token to send them.',
    });
  });

  it('an unreachable marketplace: the reason and the notification, counted in Russian plurals', async () => {
    await call('app.setLanguage', { choice: 'ru' });
    const page = await call('offers.query', {
      sort: { column: 'updated_at', dir: 'desc' },
      offset: 0,
      limit: 2,
    });
    await call('offers.changePrice', {
      localIds: page.rows.map((r) => r.localId),
      mode: 'amount',
      value: 1,
    });
    await sandbox.close();
    const down = await syncNow();
    expect(down.connection).toMatchObject({
      state: 'unreachable',
      title: 'Нет связи с маркетплейсом',
      reason: 'Маркетплейс не отвечает.',
      countdown: { label: 'следующая попытка' },
    });
    expect(notes).toEqual([
      {
        title: 'Seller Desk не может связаться с маркетплейсом',
        body: 'Маркетплейс не отвечает. 2 изменения ждут здесь; Seller Desk сам попробует снова.',
      },
    ]);
    // Started again for afterEach's close.
    sandbox = await startSandbox({ port: 0, windowMs: 1000 });
  });

  it('a failure sentence: Russian in the app, the same English as ever from the command line', async () => {
    await call('app.setLanguage', { choice: 'ru' });
    const wrongToken = 'wrong-token-5e1b7c';
    const inRussian = await failureOf('session.connect', { token: wrongToken });
    expect(inRussian).toMatchObject({
      kind: 'unauthorized',
      message:
        'Маркетплейс не принял этот токен. Проверьте, что скопировали его целиком, или создайте новый в личном кабинете.',
    });

    // A file that is not there: said in Russian, naming the file.
    const products = await call('catalogue.list', {});
    const gone = join(dataDir, 'нет-такого.csv');
    const missing = await failureOf('imports.offersPreview', {
      productId: products[0]!.id,
      file: gone,
      deliveryTimeMs: 3_600_000,
    });
    expect(missing).toMatchObject({ kind: 'bad_input', message: `Файл не найден: ${gone}` });

    // The command line on the same data folder: English, the kind and exit code unchanged.
    const cli = await runSellerDesk(['pull'], {
      baseUrl: sandbox.baseUrl,
      dataDir: join(dataDir, 'cli'),
      token: wrongToken,
    });
    expect(cli.code, cli.stderr).toBe(4);
    expect(cli.stderr).toContain(
      'seller-desk: The marketplace refused the API token (401). Check SELLER_DESK_TOKEN or the token file; queued changes are kept.',
    );
    expect(cli.stderr + cli.stdout).not.toMatch(CYRILLIC);

    await call('app.setLanguage', { choice: 'en' });
    const inEnglish = await failureOf('session.connect', { token: wrongToken });
    expect(inEnglish.message).toBe(
      'The marketplace did not accept this token. Check that you copied all of it, or generate a new one in your dashboard.',
    );
  });

  it("use cases' refusals: Russian in the app, their English word for word in English and from the command line", async () => {
    await call('app.setLanguage', { choice: 'ru' });
    expect(await failureOf('undo.undo')).toMatchObject({
      kind: 'not_found',
      message: 'Отменять нечего.',
    });
    expect((await failureOf('offers.get', { localId: 987_654 })).message).toBe(
      'Этого предложения больше нет.',
    );
    const [first] = (
      await call('offers.query', {
        sort: { column: 'updated_at', dir: 'asc' },
        offset: 0,
        limit: 1,
      })
    ).rows;
    expect(
      (
        await failureOf('offers.resolveConflict', {
          localId: first!.localId,
          field: 'price_per_step',
          choice: 'mine',
        })
      ).message,
    ).toBe('У этого предложения нет конфликта в поле price_per_step.');

    // A bulk change the rules refuse, before anything is read.
    expect(
      (
        await failureOf('offers.preview', {
          localIds: [first!.localId],
          change: { kind: 'price', mode: 'percent', value: -100 },
        })
      ).message,
    ).toBe('Цена не может упасть на 100 % и больше.');
    // The app's own refusals (core/app), said in Russian too.
    expect((await failureOf('shell.openExternal', { url: 'http://example.com' })).message).toBe(
      'В браузере открываются только ссылки https.',
    );
    // A refused draft: the sentence in Russian, each field's problem beside it.
    const products = await call('catalogue.list', {});
    const refused = await failureOf('offers.save', {
      productId: products[0]!.id,
      fields: { price_per_step: -1 },
      deliveryTimeMs: 3_600_000,
    });
    expect(refused.message).toBe('Предложение не сохранено: некоторые поля нужно исправить.');

    await call('app.setLanguage', { choice: 'en' });
    expect((await failureOf('undo.undo')).message).toBe('There is nothing to undo.');
    expect((await failureOf('shell.openExternal', { url: 'http://example.com' })).message).toBe(
      'Only https links open in the browser.',
    );
    expect((await failureOf('offers.get', { localId: 987_654 })).message).toBe(
      'This offer no longer exists.',
    );
    expect(
      (
        await failureOf('offers.resolveConflict', {
          localId: first!.localId,
          field: 'price_per_step',
          choice: 'mine',
        })
      ).message,
    ).toBe('This offer has no conflict on price_per_step.');

    const cli = await runSellerDesk(['undo'], {
      baseUrl: sandbox.baseUrl,
      dataDir: join(dataDir, 'cli'),
      token: sandbox.sellers[0]!.token,
    });
    expect(cli.code).not.toBe(0);
    expect(cli.stderr).toContain('There is nothing to undo.');
    expect(cli.stderr + cli.stdout).not.toMatch(CYRILLIC);
  });

  it("undo's step labels in the app's language; the command line's stay English", async () => {
    await call('app.setLanguage', { choice: 'ru' });
    const page = await call('offers.query', {
      sort: { column: 'updated_at', dir: 'desc' },
      offset: 0,
      limit: 20,
    });
    // Neither sold (left as it is) nor Not Active already (the status step would skip it).
    const ids = page.rows.filter((r) => r.status !== 6 && r.status !== 3).map((r) => r.localId);
    const two = ids.slice(0, 2);
    const steps: [() => Promise<unknown>, string][] = [
      [
        () => call('offers.changePrice', { localIds: two, mode: 'percent', value: -10 }),
        'Цена −10 % у 2 предложений',
      ],
      [
        () => call('offers.changePrice', { localIds: two.slice(0, 1), mode: 'amount', value: 0.5 }),
        'Цена +0,5 у 1 предложения',
      ],
      [
        () => call('offers.setStatus', { localIds: two, status: 3 }),
        'Статус «Неактивно» у 2 предложений',
      ],
      [() => call('offers.duplicate', { localIds: two }), 'Копирование 2 предложений'],
      [() => call('offers.delete', { localIds: two }), 'Удаление 2 предложений'],
    ];
    for (const [change, label] of steps) {
      await change();
      expect(await call('undo.last')).toMatchObject({ label });
      expect(await call('undo.undo')).toMatchObject({ label });
    }

    await call('app.setLanguage', { choice: 'en' });
    await call('offers.changePrice', { localIds: two, mode: 'percent', value: -10 });
    expect(await call('undo.last')).toMatchObject({ label: 'Price −10 % on 2 offers' });
    await call('undo.undo');
  });
});
