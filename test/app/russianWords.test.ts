// The core's sentences speak the app's language: with Russian chosen, the connection line, the
// native notifications and the failure sentences the app shows come in Russian; switched back,
// in English; and the command line, on the same profile, keeps its English. Real sandbox over a
// socket, real SQLite, the real core; the CLI as a child process.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../electron/contract/ipc';
import type { AppCore } from '../../electron/core/app';
import { problemSentence, reasonBesideField } from '../../electron/contract/rules/fieldLabels';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { runSellerDesk } from '../cli/harness';
import { coreCalls, fileTokenVault, startConnectedCore, type ConnectedCore } from './coreHarness';

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

let world: ConnectedCore;
beforeEach(async () => {
  notes = [];
  statuses = [];
  world = await startConnectedCore(
    'ru',
    {
      notify: (title, body) => void notes.push({ title, body }),
      syncDebounceMs: 3_600_000,
      retryDelaysMs: [400, 800],
      syncHoldMs: 0,
      systemLanguages: ['en-US'],
    },
    (core) => core.on('sync.status', (s) => void statuses.push(s)),
  );
  ({ sandbox, core, dataDir } = world);
  await syncNow();
});

afterEach(() => world.close());

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
    world.sandbox = sandbox = await startSandbox({ port: 0, windowMs: 1000 });
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

  it("a rule's problem beside its field, an import's row problems and a bulk change's refusals in Russian; English as ever", async () => {
    await call('app.setLanguage', { choice: 'ru' });
    const products = await call('catalogue.list', {});
    const gold = products.find((p) => p.marketplaceType === 1 && p.stepSize <= 5)!;

    // The editor's save: each field's problem carries its catalogue message, said in Russian.
    const refused = await failureOf('offers.save', {
      productId: gold.id,
      fields: { price_per_step: -1, amount: 5, min_purchase_amount: 5 },
      deliveryTimeMs: 3_600_000,
    });
    const price = refused.fields!.find((f) => f.field === 'price_per_step')!;
    expect(price.message).toBe('The price per step field must be at least 0.0001.');
    expect(price.say).toEqual({ key: 'editor.rule.atLeast', values: { min: 0.0001 } });
    expect(reasonBesideField(price.field, price.message, 'ru', price.say)).toBe(
      'Должно быть не меньше 0,0001.',
    );

    // An offers file with a price that is no number and one below the bound: Russian by line.
    const sheet = join(dataDir, 'плохие-цены.csv');
    writeFileSync(
      sheet,
      ['price_per_step,amount,min_purchase_amount', 'abc,5,5', '0.00001,5,5', ''].join('\n'),
    );
    const preview = (locale: string) =>
      call('imports.offersPreview', {
        productId: gold.id,
        file: sheet,
        deliveryTimeMs: 3_600_000,
      }).then((p) => {
        expect(core.locale()).toBe(locale);
        return p.problems.filter((x) => x.column === 'price_per_step');
      });
    expect(await preview('ru')).toEqual([
      { line: 2, column: 'price_per_step', message: 'Должно быть числом.' },
      { line: 3, column: 'price_per_step', message: 'Должно быть не меньше 0,0001.' },
    ]);

    // A bulk change leaves a sold offer out: the reason and the offer said in Russian.
    const all = await call('offers.query', {
      sort: { column: 'updated_at', dir: 'desc' },
      offset: 0,
      limit: 200,
    });
    const sold = all.rows.find((r) => r.status === 6)!;
    const bulk = await call('offers.changePrice', {
      localIds: [sold.localId],
      mode: 'percent',
      value: 5,
    });
    expect(bulk.changed).toBe(0);
    expect(bulk.refused[0]!.problems[0]!.message).toBe(
      'Продано: проданное предложение остаётся как есть.',
    );

    // Screenshot links refused before anything is queued: each reason in Russian.
    const links = await call('screenshots.add', {
      localId: sold.localId,
      files: [],
      urls: ['ftp://example.com/a.png', 'https://seller:secret@example.com/b.png'],
    });
    expect(links.refused.map((r) => r.reason)).toEqual([
      'ссылка ftp; маркетплейс скачивает только ссылки http и https',
      'в ссылке есть логин; нужна общедоступная ссылка',
    ]);

    // A token mangled on its way in is told as malformed, why said in Russian too.
    expect((await failureOf('session.connect', { token: 'abc def' })).message).toBe(
      'API-токен записан неверно: в нём есть пробел или перенос строки. Скопируйте его ещё раз из кабинета продавца.',
    );

    await call('app.setLanguage', { choice: 'en' });
    expect((await failureOf('session.connect', { token: 'abc def' })).message).toBe(
      'The API token is malformed: it contains a space or a line break. Copy it again from your seller dashboard.',
    );
    expect(await preview('en')).toEqual([
      { line: 2, column: 'price_per_step', message: 'Price per step must be a number' },
      {
        line: 3,
        column: 'price_per_step',
        message: 'The price per step field must be at least 0.0001.',
      },
    ]);
    const english = await call('offers.changePrice', {
      localIds: [sold.localId],
      mode: 'percent',
      value: 5,
    });
    expect(english.refused[0]!.problems[0]!.message).toBe('Sold: a sold offer is left as it is.');
  });
  it("a line the file's encoding cannot read, in an offers file and an account file: said in Russian from its key; English as ever", async () => {
    await call('app.setLanguage', { choice: 'ru' });
    const products = await call('catalogue.list', {});
    const gold = products.find((p) => p.marketplaceType === 1 && p.stepSize <= 5)!;
    const withBrokenByte = (name: string, before: string, after: string) => {
      const path = join(dataDir, name);
      writeFileSync(
        path,
        Buffer.concat([Buffer.from(before), Buffer.of(0xff), Buffer.from(after)]),
      );
      return path;
    };
    const sheet = withBrokenByte(
      'damaged-offers.csv',
      'price_per_step,amount,min_purchase_amount\n1,5,5\n2',
      ',5,5\n3,5,5\n',
    );
    // Only the whole line's problem (the gold product's other rules aside).
    const offersPreview = () =>
      call('imports.offersPreview', {
        productId: gold.id,
        file: sheet,
        deliveryTimeMs: 3_600_000,
      }).then((p) => ({ problems: p.problems.filter((x) => x.column === '') }));
    expect((await offersPreview()).problems).toEqual([
      {
        line: 3,
        column: '',
        message:
          'Строка не читается как UTF-8 — файл может быть повреждён; исправьте или удалите эту строку.',
      },
    ]);

    // An account file's row keeps the problem's key through the worker's packing: the renderer
    // says it in the language shown.
    const offer = sandbox.control
      .offers(1)
      .find((o) => o.marketplace_type === 2 && o.credential_system_type_id === 3)!;
    const page = await call('offers.query', {
      text: String(offer.id),
      sort: { column: 'updated_at', dir: 'desc' },
      offset: 0,
      limit: 10,
    });
    const localId = page.rows.find((r) => r.serverId === offer.id)!.localId;
    const accounts = withBrokenByte(
      'damaged.txt',
      'whole-one:pw1\nbroken',
      '-two:pw2\nthree:x:maybe\n',
    );
    const preview = await call('credentials.preview', { localId, file: accounts });
    if (preview.state !== 'ready') throw new Error(`preview: ${preview.state}`);
    const broken = preview.rows.find((r) => r.line === 2)!.problems[0]!;
    expect(broken).toMatchObject({
      message: 'not valid UTF-8 — the file may be damaged; fix or remove this line',
      say: { key: 'imports.row.brokenLine', values: { how: 'damaged', encoding: 'UTF-8' } },
    });
    expect(problemSentence(broken, 'ru')).toBe(
      'Строка не читается как UTF-8 — файл может быть повреждён; исправьте или удалите эту строку.',
    );
    // A page asked later is read from the packed rows: the key is still there.
    const rows = await call('credentials.previewRows', {
      previewId: preview.previewId,
      filter: 'problem',
      offset: 0,
      limit: 10,
    });
    expect(rows.rows[0]!.problems[0]!.say?.key).toBe('imports.row.brokenLine');

    await call('app.setLanguage', { choice: 'en' });
    expect((await offersPreview()).problems).toEqual([
      {
        line: 3,
        column: '',
        message: 'not valid UTF-8 — the file may be damaged; fix or remove this line',
      },
    ]);
  });
  it("links the marketplace failed to attach: the Sync view's line in Russian, the command line's English as written", async () => {
    await call('app.setLanguage', { choice: 'ru' });
    const offer = sandbox.control
      .offers(1)
      .find((o) => o.marketplace_type === 2 && o.status !== 6)!;
    const page = await call('offers.query', {
      text: String(offer.id),
      sort: { column: 'updated_at', dir: 'desc' },
      offset: 0,
      limit: 10,
    });
    const localId = page.rows.find((r) => r.serverId === offer.id)!.localId;
    const link = 'https://pics.unapproved.example/shot.png';
    await call('screenshots.add', { localId, files: [], urls: [link] });
    await syncNow();
    const problem = (await call('sync.status')).problems.find((p) => p.localId === localId)!;
    expect(problem.message).toBe(
      'Не удалось прикрепить ссылки на скриншоты (1 из 1): https://pics.unapproved.example/shot.png — либо pics.unapproved.example не одобрен для вашего аккаунта (изображения принимаются только с одобренных для аккаунта доменов; попросите поддержку маркетплейса одобрить pics.unapproved.example), либо изображение не удалось скачать',
    );

    // The editor's problem list says the same line in Russian (kept in English on the offer).
    const detail = await call('offers.get', { localId });
    const said = detail.problems.map((p) => reasonBesideField(p.field, p.message, 'ru', p.say));
    expect(said).toContain(`${problem.message}.`);

    await call('app.setLanguage', { choice: 'en' });
    const english = (await call('sync.status')).problems.find((p) => p.localId === localId)!;
    expect(english.message).toBe(
      `1 of 1 screenshot links could not be attached: ${link} — either pics.unapproved.example is not approved for your account (images are accepted only from domains approved for your account; ask marketplace support to approve pics.unapproved.example), or the image could not be downloaded`,
    );
  });
});
