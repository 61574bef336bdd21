// The screens the other Russian walks do not reach, in Chromium with a Russian browser (ru-RU):
// the connect screen's refusal, a window with no core behind it, the offers list filtered and
// matching nothing, its columns menu and a delete's preview, a new account offer's field
// problems, an account offer with its Advanced section, its credentials preview and encoding
// question, the catalogue with a product and an offer import with problem rows, a conflict in the
// Sync view (numbers as Russian writes them), the profile switcher's add and rename, an empty
// seller (offers and sales), the list count, the selection and the price dialog for 1, 2, 5 and
// 21 offers, Settings in every section, the notice that the background worker was restarted, and
// the Sync view while the marketplace asks to wait and after it refused the token. Then English
// chosen in Settings itself: every view follows at once, toasts included, with no Russian left. No
// English word of the app's own and no internal word is left on any Russian screen (the
// marketplace's data aside).
// Screenshots at 1280 and 1024, light and dark.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dispatch, type SellerDeskApi } from '../../electron/contract/ipc';
import { catalogues } from '../../electron/contract/i18n';
import { MarketplaceType } from '../../electron/contract/marketplace/wire';
import { delimitedRecords, formatDelimited } from '../../electron/core/imports/text/delimited';
import { windows1251 } from '../imports/encodings';
import { dataWords, englishLeft, navigationAndDialogs } from './englishLeft';
import { SCREENS_DIR, connectWithToken, localIdOf, openHarness, type Harness } from './harness';
import { internalWordsIn } from './internalWords';

type PageGlobals = {
  sellerDesk: SellerDeskApi;
  DataTransfer: new () => { items: { add(file: unknown): void } };
  File: new (parts: (string | Uint8Array)[], name: string, options: { type: string }) => unknown;
  document: {
    body: { innerText: string };
    querySelectorAll(selector: string): Iterable<{ innerText: string }>;
  };
};

/**
 * Paragraphs, table heads and list lines too. The seller's own: screenshots, the data folder, the
 * credentials and an imported file's column names.
 */
const everywhere = {
  chosen: `${navigationAndDialogs.chosen}, [role="note"], p, li, th, dt, dd, .empty`,
  skip: `${navigationAndDialogs.skip}, [data-testid="offer-screenshots"], [data-testid="data-folder"], [data-testid="credential-preview"] td, td.column`,
};

const ru = catalogues.ru;
const RETAIL_GOLD = 2;
/** The navigation's catalogue key of a view. */
const navKey = (id: string) =>
  `app.nav${id[0]!.toUpperCase()}${id.slice(1)}` as `app.nav${'Offers' | 'Catalogue' | 'Sync' | 'Sales' | 'Activity' | 'Settings'}`;

let desk: Harness;
let words: string[] = [];

async function shots(name: string) {
  const { page } = desk;
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await desk.screenshot(`${name}-${width}-${scheme}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

/** No English of the app's own, and no internal word, on what the window shows now. */
async function allRussian(page: Page) {
  // What the core says (the connection line) may arrive a moment after the screen.
  await expect.poll(() => englishLeft(page, words, everywhere), { timeout: 10_000 }).toEqual([]);
  // An imported file's column is named as the file names it (price_per_step): the seller's text.
  const text = await page.evaluate(() => {
    const { document } = globalThis as unknown as PageGlobals;
    let all = document.body.innerText;
    for (const cell of document.querySelectorAll('td.column')) {
      all = all.split(cell.innerText).join(' ');
    }
    return all;
  });
  expect.soft(internalWordsIn(text)).toEqual([]);
}

async function syncIdle(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const api = (globalThis as unknown as PageGlobals).sellerDesk;
          const status = await api.sync.status();
          return status.ok && !status.value.running;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

async function dropFile(page: Page, zone: string, name: string, content: string | Buffer) {
  const text = typeof content === 'string' ? content : null;
  const bytes = typeof content === 'string' ? null : [...content];
  const transfer = await page.evaluateHandle(
    ({ name, text, bytes }) => {
      const g = globalThis as unknown as PageGlobals;
      const dt = new g.DataTransfer();
      dt.items.add(new g.File([text ?? new Uint8Array(bytes!)], name, { type: 'text/plain' }));
      return dt;
    },
    { name, text, bytes },
  );
  const target = page.locator(zone).first();
  await target.dispatchEvent('dragenter', { dataTransfer: transfer });
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
}

/** Closes what is open (the editor, a picker) as the seller would: Escape, else its Close button. */
async function closeDialogs(page: Page) {
  const open = page.locator('dialog[open]');
  for (let i = 0; i < 4 && (await open.count()) > 0; i++) {
    const before = await open.count();
    await page.keyboard.press('Escape');
    const closed = await expect
      .poll(() => open.count(), { timeout: 3000 })
      .toBeLessThan(before)
      .then(() => true)
      .catch(() => false);
    if (!closed) {
      await open.last().locator(`footer button:has-text("${ru['editor.close']}")`).click();
    }
  }
}

async function view(label: string) {
  await desk.page
    .locator('nav ul button', { has: desk.page.locator(`span:text-is("${label}")`) })
    .click();
}

beforeAll(async () => {
  desk = await openHarness({ on: 'browser host', name: 'russian-screens', locale: 'ru-RU' });
  desk.page.setDefaultTimeout(20_000);
}, 60_000);

// One step's failure leaves no dialog over the next step's screen.
beforeEach(async () => {
  if (desk) await closeDialogs(desk.page);
});

afterAll(async () => {
  await desk?.close();
});

describe('every other screen in Russian', { timeout: 180_000 }, () => {
  it('the connect screen refuses a wrong token in Russian', async () => {
    const { page, sandbox } = desk;
    await expect.poll(() => page.textContent('h1')).toBe('Подключение к маркетплейсу');
    await page.fill('#token-input', 'not-a-real-token-0000000000');
    await page.click('form button[type=submit]');
    await page.locator('[role="alert"]').first().waitFor();
    await shots('connect-refused');
    await allRussian(page);
    await connectWithToken(page, sandbox.sellers[0]!.token, { rows: true });
    await syncIdle(page);
    words = await dataWords(page);
  });

  it('a window opened without the app behind it says so in Russian', async () => {
    // The address without its launch secret: no core answers this tab.
    const other = await desk.context.newPage();
    try {
      await other.goto(new URL(desk.host.url).origin + '/');
      await expect.poll(() => other.locator('h1').textContent()).toBe(ru['app.noCoreTitle']);
      for (const scheme of ['light', 'dark'] as const) {
        await other.emulateMedia({ colorScheme: scheme });
        await other.screenshot({
          path: join(SCREENS_DIR, `russian-screens-no-core-${scheme}.png`),
        });
      }
      expect(await englishLeft(other, [], everywhere)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('the offers list filtered, and matching nothing', async () => {
    const { page } = desk;
    await page.selectOption(`select[aria-label="${ru['offers.filterByStatus']}"]`, { index: 1 });
    await shots('offers-filtered');
    await allRussian(page);
    await page.fill('.filters input.input', 'zzzz-nothing');
    await page.getByText(ru['offers.noMatch']).waitFor();
    await shots('offers-no-match');
    await allRussian(page);
    await page.click(`button:has-text("${ru['offers.clearFilters']}")`);

    // The columns menu, and a delete's preview.
    await page.click(`summary:has-text("${ru['offers.columns']}")`);
    await shots('offers-columns');
    await allRussian(page);
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="offers-grid"] [data-local-id]').first().click();
    await page.click(`button:has-text("${ru['offers.deleteMenu']}")`);
    await page.getByTestId('bulk-preview').waitFor();
    await shots('delete-preview');
    await allRussian(page);
    await closeDialogs(page);
    await page.keyboard.press('Escape');
  });

  it('a new account offer with its field problems, and an existing one with credentials', async () => {
    const { page, sandbox } = desk;
    await page.click('main header button.primary');
    const account = sandbox.control
      .products()
      .find((p) => p.marketplace_type === MarketplaceType.Account)!;
    await page.click(`dialog[open] button:has-text("${account.title}")`);
    const editor = page.locator('[data-testid="offer-editor"]');
    await editor.waitFor();
    await page.click('dialog[open] footer button.primary');
    await page.locator('dialog[open] [role="alert"]').first().waitFor();
    await shots('editor-new-problems');
    await allRussian(page);
    await closeDialogs(page);

    const seller = sandbox.sellers[0]!;
    const accountIds = new Set(
      sandbox.control
        .products()
        .filter((p) => p.marketplace_type === MarketplaceType.Account)
        .map((p) => p.id),
    );
    const offer = sandbox.control
      .offers(seller.id)
      .find(
        (o) =>
          accountIds.has(o.product_id) &&
          o.credential_system_type_id === 3 &&
          o.outer_name.trim() !== '',
      )!;
    const localId = await localIdOf(page, offer.id);
    await page.fill('.filters input.input', offer.outer_name);
    await page.locator(`[data-local-id="${localId}"]`).dblclick();
    const panel = page.getByTestId('credentials-panel');
    await panel.waitFor();
    await shots('editor-account');
    await allRussian(page);
    // Advanced: the booster price.
    const advanced = page.getByTestId('editor-advanced');
    await advanced.locator('summary').click();
    await advanced.scrollIntoViewIfNeeded();
    await shots('editor-advanced');
    await allRussian(page);

    await dropFile(
      page,
      '[data-testid="credentials-panel"] .zone',
      'аккаунты.txt',
      'walk-one:Pa55-1\nwalk-two:Pa55-2\n:no-login\n',
    );
    await panel.getByTestId('credential-preview').waitFor();
    await allRussian(page);
    await panel.scrollIntoViewIfNeeded();
    await shots('credentials-preview');
    await panel.locator('button', { hasText: ru['credentials.discardPreview'] }).click();
    await dropFile(
      page,
      '[data-testid="credentials-panel"] .zone',
      'заглавные.txt',
      windows1251('ИВАН:ПАРОЛЬ-1\nПЕТЯ:СЕКРЕТ-2\n'),
    );
    await panel.getByTestId('credential-choose-encoding').waitFor();
    await allRussian(page);
    await panel.scrollIntoViewIfNeeded();
    await shots('credentials-encoding');
    await panel
      .getByTestId('credential-choose-encoding')
      .getByLabel(ru['credentials.encoding'])
      .selectOption('windows-1251');
    await panel.getByTestId('credential-preview').waitFor();
    await allRussian(page);
    await panel.locator('button', { hasText: ru['credentials.discardPreview'] }).click();
    await closeDialogs(page);
    await page.fill('.filters input.input', '');
  });

  it('the catalogue, and an offer import whose rows have problems', async () => {
    const { page, sandbox } = desk;
    await view(ru['app.navCatalogue']);
    const product = sandbox.control
      .products()
      .find((p) => p.marketplace_type === MarketplaceType.Account && p.is_active)!;
    await page.click(
      `ul[aria-label="${ru['catalogue.products']}"] button:has-text("${product.title}")`,
    );
    await page.locator('main h1', { hasText: product.title }).waitFor();
    await shots('catalogue-product');
    await allRussian(page);

    const exported = await dispatch(desk.core.handlers, 'exports.offers', {
      format: 'csv',
      productId: product.id,
    });
    if (!exported.ok) throw new Error(exported.error.message);
    const dir = join(desk.dataDir, 'exports');
    const csvName = readdirSync(dir).find((n) => n.endsWith('.csv'))!;
    const records = [...delimitedRecords(readFileSync(join(dir, csvName), 'utf8'), ',')];
    const header = records[0]!.cells;
    const priceAt = header.indexOf('Цена за шаг');
    const idAt = header.indexOf('Номер предложения');
    const row = records[1]!.cells;
    const broken = (price: string) =>
      row.map((c, i) => (i === priceAt ? price : i === idAt ? '' : c));
    const csv = formatDelimited([header, broken('abc'), broken('-5'), broken('12,5')], ',');
    await page.click(`button:has-text("${ru['imports.importOffers']}")`);
    const dialog = page.getByTestId('offer-import');
    await dialog.waitFor();
    await dropFile(page, '[data-testid="offer-import"] .zone', 'с-ошибками.csv', csv);
    await dialog.getByTestId('offer-import-problems').waitFor();
    await shots('import-problems');
    await allRussian(page);
    await closeDialogs(page);
    await view(ru['app.navOffers']);
  });

  it('a conflict between the seller and the marketplace', async () => {
    const { page, sandbox } = desk;
    await view(ru['app.navOffers']);
    const localId = await localIdOf(page, 1001);
    // The marketplace is unreachable while the seller edits, so both sides change.
    sandbox.setFaults({ dropBeforeRate: 1 });
    await page.fill('.filters input.input', '1001');
    await page.locator(`[data-local-id="${localId}"]`).dblclick();
    await page.fill('#f-price_per_step', '0,06');
    await page.fill('#f-amount', '600000');
    await page.keyboard.press('Control+s');
    await page.locator('.notice', { hasText: 'Сохранено на этом компьютере' }).first().waitFor();
    await closeDialogs(page);
    await page.fill('.filters input.input', '');
    sandbox.control.editOfferAsServer(1001, { price_per_step: 0.07, amount: 700000 });
    sandbox.resetFaults();
    await view(ru['app.navSync']);
    await page.evaluate(() => (globalThis as unknown as PageGlobals).sellerDesk.sync.now());
    const conflicts = page.getByTestId('conflicts').first();
    await conflicts.waitFor({ timeout: 30_000 });
    // Both sides written as Russian writes numbers.
    const table = ((await conflicts.innerText()) ?? '').replace(/\s/g, ' ');
    expect(table).toContain('Оставить 600 000');
    expect(table).toContain('Взять 0,07');
    await shots('sync-conflict');
    await allRussian(page);
    await view(ru['app.navOffers']);
  });

  it('the profile switcher: add and rename; an empty seller', async () => {
    const { page, sandbox } = desk;
    const switcher = page.getByTestId('profile-switcher');
    await switcher.locator('button.current').click();
    await page.locator('#profile-list').waitFor();
    await page.click('#profile-list button.add-open');
    await shots('profiles-add');
    await allRussian(page);
    await page.fill('#profile-list form input', sandbox.sellers[2]!.token);
    await page.click('#profile-list form button[type="submit"]');
    await page.getByText(ru['offers.none']).waitFor({ timeout: 40_000 });
    await syncIdle(page);
    words = [...words, ...(await dataWords(page))];
    await shots('offers-empty');
    await allRussian(page);

    await view(ru['app.navSales']);
    await page.locator('.sales h1').waitFor();
    await shots('sales-empty');
    await allRussian(page);
    await view(ru['app.navOffers']);

    await switcher.locator('button.current').click();
    await page
      .locator('#profile-list li.active button', { hasText: ru['profiles.rename'] })
      .click();
    await page.locator('#profile-list form.rename input').waitFor();
    await shots('profiles-rename');
    await allRussian(page);
    await page.fill('#profile-list form.rename input', 'Мой склад');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('active-profile').textContent()).toBe('Мой склад');
    await switcher.locator('button.current').click();
    await page.locator('#profile-list').waitFor({ state: 'detached' });
  });

  it('the list count and the price dialog say 1, 2, 5 and 21 offers in Russian', async () => {
    const { page } = desk;
    const forms: [number, string][] = [
      [1, '1 предложение'],
      [2, '2 предложения'],
      [5, '5 предложений'],
      [21, '21 предложение'],
    ];
    const total = page.getByTestId('offers-total');
    for (const [count, offers] of forms) {
      await page.evaluate(
        async ({ count, productId }) => {
          const api = (globalThis as unknown as PageGlobals).sellerDesk;
          const now = await api.offers.query({
            sort: { column: 'updated_at', dir: 'desc' },
            offset: 0,
            limit: 1,
          });
          const have = now.ok ? now.value.total : 0;
          for (let i = have; i < count; i++) {
            await api.offers.save({
              productId,
              fields: {
                price_per_step: 0.02 + i / 1000,
                amount: 100_000,
                min_purchase_amount: 1000,
                data: { '201': 'EU', '202': 'Silvermoon', '203': 'Horde' },
              },
              deliveryTimeMs: 3_600_000,
            });
          }
        },
        { count, productId: RETAIL_GOLD },
      );
      await expect.poll(() => total.getAttribute('data-total')).toBe(String(count));
      expect((await total.textContent())?.trim()).toBe(offers);
      // Every offer selected: the selection's count and the price dialog's title.
      await page.locator('[data-testid="offers-grid"] [data-local-id]').first().click();
      await page.keyboard.press('Control+a');
      await expect
        .poll(() => page.getByTestId('selected-count').textContent())
        .toBe(`Выбрано ${offers}`);
      await page.click(`button[aria-label="${ru['offers.changePriceOfSelected']}"]`);
      await expect
        .poll(() => page.locator('dialog[open] h2').textContent())
        .toBe(`Изменить цену: ${offers}`);
      if (count === 21) {
        await shots('price-dialog-21');
        await allRussian(page);
      }
      await closeDialogs(page);
      await page.keyboard.press('Escape');
    }
    await syncIdle(page);
  });

  it('Settings in every section', async () => {
    const { page } = desk;
    await view(ru['app.navSettings']);
    const about = page.getByTestId('settings-about');
    await about.waitFor();
    await expect.poll(() => page.getByTestId('data-folder').textContent()).not.toBe('');
    words = [
      ...words,
      (await page.getByTestId('data-folder').textContent()) ?? '',
      desk.sandbox.baseUrl,
    ];
    await shots('settings');
    await allRussian(page);
    await page.getByTestId('settings-notifications').scrollIntoViewIfNeeded();
    await shots('settings-middle');
    await about.scrollIntoViewIfNeeded();
    await shots('settings-end');
  });

  it('the notice that the background worker was started again', async () => {
    const { page } = desk;
    await desk.coreWorkers.at(-1)!.kill();
    const notice = page.locator('.notice', { hasText: ru['worker.restarted'] });
    await notice.waitFor({ timeout: 40_000 });
    await shots('worker-restarted');
    await allRussian(page);
  });

  it('the Sync view while the marketplace asks to wait (429)', async () => {
    const { page, sandbox } = desk;
    sandbox.setFaults({ tooManyRequests: Infinity, retryAfter: '5' });
    try {
      await page.evaluate(() => (globalThis as unknown as PageGlobals).sellerDesk.sync.now());
      await view(ru['app.navSync']);
      await expect
        .poll(() => page.getByTestId('connection-status').getAttribute('data-connection'), {
          timeout: 40_000,
        })
        .toBe('waiting');
      await shots('sync-waiting');
      await allRussian(page);
    } finally {
      sandbox.resetFaults();
    }
  });

  it('the Sync view when the marketplace refuses the token', async () => {
    const { page, sandbox } = desk;
    sandbox.control.regenerateToken(sandbox.sellers[2]!.id);
    await page.evaluate(() => (globalThis as unknown as PageGlobals).sellerDesk.sync.now());
    await view(ru['app.navSync']);
    await expect
      .poll(() => page.getByTestId('connection-status').getAttribute('data-connection'), {
        timeout: 40_000,
      })
      .toBe('token_refused');
    await shots('sync-refused');
    await allRussian(page);
    await view(ru['app.navOffers']);
    await page.locator('.banner[role="alert"]').waitFor();
    await shots('offers-token-refused');
    await allRussian(page);
  });

  it('English chosen in Settings: every screen follows, no Russian left', async () => {
    const { page } = desk;
    await view(ru['app.navSettings']);
    await page.locator('label:has([data-testid="language-en"])').click();
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en');
    const en = catalogues.en;
    const nav = page.locator('nav ul button > span:first-child');
    expect(await nav.allTextContents()).toEqual(
      (['offers', 'catalogue', 'sync', 'sales', 'activity', 'settings'] as const).map(
        (id) => en[navKey(id)],
      ),
    );
    for (const id of ['settings', 'offers', 'catalogue', 'sync', 'sales', 'activity'] as const) {
      await view(en[navKey(id)]);
      await expect.poll(() => page.locator('main h1').first().textContent()).toBeTruthy();
      const russian = await page.evaluate(
        () => (globalThis as unknown as PageGlobals).document.body.innerText,
      );
      // "Русский" names the language in Settings; the profile's name is the seller's own.
      const left = russian
        .replaceAll('Русский', '')
        .replaceAll('Мой склад', '')
        .match(/[А-Яа-яЁё]+/g);
      expect.soft(left, id).toBeNull();
      await shots(`en-${id}`);
    }
  });
});
