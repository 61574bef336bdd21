// The second half of the screens in Russian, in Chromium through the browser host: the Sync view
// (an unreachable marketplace, the seller's queue counted in Russian plurals, the connection
// line, the sync summary), Activity, Sales, the Catalogue with its import dialog and export menu, the
// profile switcher, and an account offer's credentials and screenshots. The seller switches the
// app to Russian (app.setLanguage, as Settings does); no English is left in headings, buttons,
// labels, table heads, placeholders or dialogs, and each screen is shot at 1280 and 1024 wide,
// light and dark.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import { connectWithToken, localIdOf, openHarness, type Harness } from './harness';
import { internalWordsIn } from './internalWords';

type PageApi = { sellerDesk: SellerDeskApi };
/** The little of the DOM these checks read (the tests are typed without the DOM library). */
interface El {
  innerText: string;
  offsetParent: unknown;
  closest(selector: string): El | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { right: number };
  querySelectorAll(selector: string): Iterable<El>;
}
type PageDom = {
  document: { querySelector(selector: string): El | null; documentElement: { lang: string } };
};

let desk: Harness;
/** Words the marketplace's data brings (product titles, offer names): content, not the app's. */
let dataWords: Set<string>;

/** Latin words that read the same in a Russian app: names of formats, encodings and the brand. */
const SAME_IN_RUSSIAN = new Set(
  'Seller Desk CSV TSV XLSX JSON Excel API UTF LE BE KOI R Windows JPEG PNG id png jpg txt'.split(
    ' ',
  ),
);

/**
 * English words left in the app's own wording under `root`: headings, buttons, labels, table
 * heads, options, summaries, hints and the words of placeholders, titles and aria-labels.
 */
async function englishIn(page: Page, root: string): Promise<string[]> {
  const texts = await page.evaluate((selector) => {
    const scope = (globalThis as unknown as PageDom).document.querySelector(selector);
    if (!scope) return [`(nothing matches ${selector})`];
    const own = [
      'h1',
      'h2',
      'h3',
      'th',
      'button',
      'label',
      'option',
      'summary',
      'p',
      '.lead',
      '.hint',
      'strong',
      '.chip',
    ];
    const found: string[] = [];
    for (const el of scope.querySelectorAll(own.join(','))) {
      if (el.closest('td.message, td.offers, [data-testid="sales-offers"] td')) continue;
      found.push(el.innerText);
    }
    for (const el of scope.querySelectorAll('[placeholder],[title],[aria-label]')) {
      for (const name of ['placeholder', 'title', 'aria-label']) {
        const value = el.getAttribute(name);
        if (value) found.push(value);
      }
    }
    return found;
  }, root);
  // "API-токен": the Latin part of a Russian compound stands alone.
  const words = (texts.join(' ').match(/[A-Za-z][A-Za-z'-]{2,}/g) ?? []).map((w) =>
    w.replace(/-+$/, ''),
  );
  return [...new Set(words.filter((w) => !SAME_IN_RUSSIAN.has(w) && !dataWords.has(w)))];
}

async function shoot(name: string) {
  const { page } = desk;
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await desk.screenshot(`${name}-${width}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Nothing of the view spills out sideways: long Russian words wrap or shrink, they do not push. */
async function overflowsSideways(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((s) => {
    const root = (globalThis as unknown as PageDom).document.querySelector(s);
    if (!root) return [`(nothing matches ${s})`];
    const edge = root.getBoundingClientRect().right + 1;
    return [...root.querySelectorAll('button, h1, h2, h3, label')]
      .filter((el) => el.getBoundingClientRect().right > edge && el.offsetParent !== null)
      .map((el) => el.innerText.slice(0, 40));
  }, selector);
}

/** The machine is shared: a screen may take a while to answer. */
function poll<T>(fn: () => T | Promise<T>, options: { timeout?: number } = {}) {
  return expect.poll(fn, { timeout: 30_000, ...options });
}

/** The form Russian counts `n` with (1 изменение, 2 изменения, 5 изменений, 21 изменение). */
function russianPlural(n: number, one: string, few: string, many: string): string {
  const form = new Intl.PluralRules('ru').select(n);
  return form === 'one' ? one : form === 'few' ? few : many;
}

async function until(check: () => boolean | Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until no sync runs (the page asks its own API). */
async function syncIdle(page: Page) {
  await page.evaluate(async () => {
    const api = (globalThis as unknown as PageApi).sellerDesk;
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < 300; i++) {
      const s = await api.sync.status();
      if (s.ok && !s.value.running) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  });
}

async function view(label: string) {
  await desk.page.click(`nav button:has-text("${label}")`);
}

beforeAll(async () => {
  desk = await openHarness({ name: 'russian-sync', viewport: { width: 1280, height: 900 } });
  const { page, sandbox } = desk;
  page.setDefaultTimeout(40_000);
  await connectWithToken(page, sandbox.sellers[0]!.token);
  dataWords = new Set(
    [
      ...sandbox.control.products().map((p) => p.title),
      ...sandbox.control.offers(sandbox.sellers[0]!.id).map((o) => o.outer_name),
      ...sandbox.control
        .products()
        .flatMap((p) =>
          p.product_fields.flatMap((f) => [f.title, ...f.field_values.map((v) => v.value)]),
        ),
    ].flatMap((text) => String(text).match(/[A-Za-z][A-Za-z'-]{2,}/g) ?? []),
  );
  // Buyers between two syncs, so the Sales view has figures.
  await until(() => sandbox.requests.some((r) => r.path.endsWith('/my_offers')));
  await syncIdle(page);
  sandbox.control.simulateBuyers(1001, 400);
  sandbox.control.simulateBuyers(1007, 1);
  await page.evaluate(() => (globalThis as unknown as PageApi).sellerDesk.sync.now());
  await syncIdle(page);

  // The seller chooses Russian; the window follows at once.
  await page.evaluate(() =>
    (globalThis as unknown as PageApi).sellerDesk.app.setLanguage({ choice: 'ru' }),
  );
  await until(
    async () =>
      (await page.evaluate(
        () => (globalThis as unknown as PageDom).document.documentElement.lang,
      )) === 'ru',
  );
}, 90_000);

afterAll(async () => {
  await desk?.close();
});

// The machine is shared: a sync against a failing marketplace may take a while.
describe('the second half of the screens in Russian', { timeout: 120_000 }, () => {
  it('Sync: an unreachable marketplace, the changes waiting, all in Russian', async () => {
    const { page, sandbox } = desk;
    await syncIdle(page);
    sandbox.setFaults({ errorRate: 1 });
    const { changed, kept } = await page.evaluate(async () => {
      const api = (globalThis as unknown as PageApi).sellerDesk;
      const page = await api.offers.query({
        sort: { column: 'updated_at', dir: 'desc' },
        offset: 0,
        limit: 100,
      });
      if (!page.ok) throw new Error('no offers');
      const done = await api.offers.changePrice({
        localIds: page.value.rows.map((r) => r.localId),
        mode: 'amount',
        value: 1,
      });
      await api.sync.now();
      // A Not Active gold offer's edit goes with a status change back to Not Active.
      const kept = page.value.rows.filter((r) => r.marketplaceType === 1 && r.status === 3).length;
      return { changed: done.ok ? done.value.changed : 0, kept };
    });
    expect(changed).toBeGreaterThan(4);
    const changes = `${changed} ${russianPlural(changed, 'изменение', 'изменения', 'изменений')}`;
    await view('Синхронизация');
    await poll(() => page.locator('.sync h1').textContent()).toBe('Синхронизация');
    await poll(() => page.getByTestId('connection-status').getAttribute('data-connection'), {
      timeout: 60_000,
    }).toBe('unreachable');
    const status = (await page.getByTestId('connection-status').innerText()).replace(/\s+/g, ' ');
    expect(status).toContain('Нет связи с маркетплейсом');
    expect(status).toContain('Маркетплейс ответил ошибкой.');
    expect(status).toMatch(/Следующая попытка через \d+ (с|мин)\.|Пробуем снова…/);
    expect(await page.locator('#queue-title').innerText()).toBe(`Очередь · ${changes} к отправке`);
    await poll(() => page.getByTestId('sync-summary').innerText(), { timeout: 30_000 }).toMatch(
      new RegExp(`^Не удалось связаться с маркетплейсом: ${changes} жд`),
    );
    expect(await page.locator('.sync button:has-text("Повторить сейчас")').count()).toBe(1);
    // The sidebar's line counts down in Russian too.
    expect(await page.getByTestId('connection-line').innerText()).toMatch(
      /Нет связи с маркетплейсом/,
    );

    expect(await englishIn(page, '.sync')).toEqual([]);
    expect(internalWordsIn(await page.locator('.sync').innerText())).toEqual([]);
    expect(await overflowsSideways(page, '.sync')).toEqual([]);
    await shoot('sync');

    // Back online: the queue goes out, and the summary says so in Russian.
    sandbox.resetFaults();
    await page.click(
      '.sync button:has-text("Синхронизировать"), .sync button:has-text("Повторить сейчас")',
    );
    // Sent: each edit, and the status change behind each Not Active gold offer's.
    const sent = changed + kept;
    const sentChanges = `${sent} ${russianPlural(sent, 'изменение', 'изменения', 'изменений')}`;
    await poll(() => page.getByTestId('sync-summary').innerText(), { timeout: 30_000 }).toMatch(
      new RegExp(`^Отправлено: ${sentChanges}`),
    );
    // The summary and the queue's title are two answers: the title may follow a moment later.
    await poll(() => page.locator('#queue-title').innerText()).toBe('Очередь · отправлять нечего');
  });

  it('Activity and Sales: headings, filters, tables and the estimate note in Russian', async () => {
    const { page } = desk;
    await view('Журнал');
    await poll(() => page.locator('.activity h1').textContent()).toBe('Журнал');
    await poll(() => page.locator('.activity tbody tr').count()).toBeGreaterThan(1);
    expect(await page.locator('.activity thead').innerText()).toMatch(/Время\s+Операция/);
    expect(await page.locator('.activity select option').allInnerTexts()).toEqual([
      'Все результаты',
      'Принят',
      'Отклонён',
      'Нет связи',
      'Превышен лимит',
    ]);
    expect(await englishIn(page, '.activity header')).toEqual([]);
    // What the log keeps in English is said in Russian: "Чтение предложений", "Принято 2 …".
    const operations = await page.locator('.activity tbody tr td:nth-child(2)').allInnerTexts();
    expect(operations).toContain('Чтение предложений');
    expect(operations.filter((o) => /[A-Za-z]/.test(o))).toEqual([]);
    const answers = await page.locator('.activity tbody td.message').allInnerTexts();
    expect(answers.some((a) => /^Прочитано предложений: \d+ из \d+$/.test(a))).toBe(true);
    expect(await overflowsSideways(page, '.activity')).toEqual([]);
    await shoot('activity');

    await view('Продажи');
    await poll(() => page.locator('.sales h1').textContent()).toBe('Продажи');
    await poll(() => page.getByTestId('gold-sold').textContent()).toBe('400');
    expect(await page.getByTestId('accounts-sold').textContent()).toBe('1');
    expect(await page.getByTestId('net-margin').textContent()).toMatch(
      /^\s*маржа [\d,]+ %\s+· за вычетом комиссии/,
    );
    expect(await page.getByTestId('net-estimate').textContent()).toMatch(
      /401 проданной единицы не указана себестоимость/,
    );
    // Russian money: a comma before the kopecks, a space between thousands.
    expect(await page.getByTestId('revenue').textContent()).toMatch(/^\d[\d\s\u00a0]*,\d\d$/);
    expect(await page.getByTestId('estimate-note').textContent()).toMatch(/^Выручка оценочная/);
    expect(await page.locator('.sales select[aria-label="Период"] option').allInnerTexts()).toEqual(
      ['Последние 7 дней', 'Последние 30 дней', 'Последние 12 недель', 'Последние 52 недели'],
    );
    expect(await page.getByTestId('top-sellers').innerText()).toMatch(/\d+ единиц/);
    expect(await englishIn(page, '.sales')).toEqual([]);
    expect(await overflowsSideways(page, '.sales')).toEqual([]);
    await shoot('sales');
  });

  it('Catalogue: the list, the import dialog and the export menu in Russian', async () => {
    const { page } = desk;
    await view('Каталог');
    await poll(() => page.locator('.catalogue .list h1').textContent()).toBe('Каталог');
    await poll(() => page.locator('.catalogue ul[aria-label="Товары"] li').count()).toBeGreaterThan(
      1,
    );
    const counts = await page.locator('.catalogue .meta .muted').allInnerTexts();
    for (const count of counts) {
      expect(count).toMatch(/^\d+ предложени(е|я|й)$/);
    }
    expect(await englishIn(page, '.catalogue .list')).toEqual([]);
    await shoot('catalogue');

    await page.click('button:has-text("Экспорт…")');
    expect(await page.locator('[role="menu"] [role="menuitem"]').allInnerTexts()).toEqual([
      'Предложения в CSV',
      'Предложения в Excel (XLSX)',
    ]);
    await desk.screenshot('catalogue-export-menu');
    await page.keyboard.press('Escape');

    await page.click('button:has-text("Импорт предложений…")');
    const dialog = page.getByTestId('offer-import');
    await dialog.waitFor();
    expect(await page.locator('dialog[open] h2').first().innerText()).toMatch(
      /^Импорт предложений: /,
    );
    expect(
      await dialog.locator('select[aria-label="Единица времени выдачи"] option').allInnerTexts(),
    ).toEqual(['минуты', 'часы', 'дни']);
    expect(await englishIn(page, 'dialog[open]')).toEqual([]);
    expect(await overflowsSideways(page, 'dialog[open]')).toEqual([]);
    await shoot('catalogue-import');
    await page.click('dialog[open] button:has-text("Отмена")');
  });

  it('the profile switcher in Russian', async () => {
    const { page } = desk;
    const switcher = page.getByTestId('profile-switcher');
    await switcher.locator('button.current').click();
    await page.locator('#profile-list').waitFor();
    expect(await page.locator('#profile-list').innerText()).toContain('Добавить продавца…');
    expect(await page.locator('#profile-list .sub').first().innerText()).toMatch(
      /^Продавец \d+ · [А-Яа-яЁё …]+$/,
    );
    expect(await englishIn(page, '[data-testid="profile-switcher"]')).toEqual([]);
    await shoot('profiles');

    // Removing asks first, in Russian, saying what would go.
    await page.locator('#profile-list button.link.danger').first().click();
    const dialog = page.locator('dialog[open]');
    await poll(() => dialog.innerText()).toMatch(/^Удалить .*\?/);
    expect(await dialog.innerText()).toContain('(на маркетплейсе ничего не меняется)');
    expect(await englishIn(page, 'dialog[open]')).toEqual([]);
    await shoot('profiles-remove');
    await dialog.locator('button:has-text("Отмена")').click();
    await page.keyboard.press('Escape');
  });

  it("an account offer's credentials and screenshots in Russian", async () => {
    const { page, sandbox } = desk;
    const accountProducts = new Set(
      sandbox.control
        .products()
        .filter((p) => p.marketplace_type === 2)
        .map((p) => p.id),
    );
    const offer = sandbox.control
      .offers(sandbox.sellers[0]!.id)
      .find(
        (o) =>
          accountProducts.has(o.product_id) &&
          o.credential_system_type_id === 3 &&
          o.outer_name.trim() !== '',
      )!;
    await view('Предложения');
    const localId = await localIdOf(page, offer.id);
    await page.fill('.filters input.input', offer.outer_name);
    await page.locator(`[data-local-id="${localId}"]`).dblclick();
    const panel = page.getByTestId('credentials-panel');
    await panel.waitFor();
    expect(await panel.locator('h3').innerText()).toBe('Данные аккаунтов');
    expect(await panel.innerText()).toContain('Перетащите сюда файл с аккаунтами');
    expect(await englishIn(page, '[data-testid="credentials-panel"]')).toEqual([]);
    const strip = page.locator('section.strip');
    expect(await strip.locator('h3').innerText()).toBe('Скриншоты');
    expect(await englishIn(page, 'section.strip')).toEqual([]);
    const zone = page.locator('.zone[role="group"]').last();
    expect(await zone.getAttribute('aria-label')).toMatch(
      /^(Добавить скриншоты|Добавить аккаунты из файла)$/,
    );

    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await panel.scrollIntoViewIfNeeded();
        await panel.screenshot({
          path: `test-output/screens/russian-sync-credentials-${width}-${scheme}.png`,
        });
        await strip.scrollIntoViewIfNeeded();
        await desk.screenshot(`screenshots-${width}-${scheme}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
