// A guard on the words the seller reads: the real renderer in Chromium through the browser host,
// against the sandbox, walked through every view and the main dialogs — the offers list, the
// editor (new and existing, with a marketplace refusal), the catalogue, the Sync view with a
// refused offer, the activity log, the settings, the offers import dialog with a preview, and the
// credentials panel with a preview — and a refused duplicate. None of them may show an internal
// word (test/e2e/internalWords.ts): the visible text, and every accessible name and tooltip.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { connectWithToken, localIdOf, openHarness, SCREENS_DIR, type Harness } from './harness';
import { dropTextFile } from './flowSteps';
import { internalWordsIn } from './internalWords';

let desk: Harness;

type PageGlobals = { sellerDesk: SellerDeskApi };

/** What the seller can read or hear on the page now: its text, accessible names and tooltips. */
async function wordsOnScreen(page: Page): Promise<string> {
  // A string, run in the page: this file is typed for Node, without the DOM's names.
  return page.evaluate<string>(`(() => {
    const attributes = [...document.querySelectorAll('[aria-label], [title], [placeholder]')]
      .flatMap((el) => ['aria-label', 'title', 'placeholder'].map((a) => el.getAttribute(a)))
      .filter((v) => !!v);
    return [document.body.innerText, ...attributes].join('\\n');
  })()`);
}

async function expectSellerWords(page: Page, where: string): Promise<string> {
  const text = await wordsOnScreen(page);
  expect(internalWordsIn(text), where).toEqual([]);
  return text;
}

/** Light and dark, 1280 and 1024 wide, of a screen whose words this wave changed. */
async function shootAllWays(page: Page, name: string) {
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 860 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: join(SCREENS_DIR, `wording-${name}-${width}-${scheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 860 });
}

async function callApi<T>(page: Page, fn: string, arg: unknown): Promise<T> {
  return page.evaluate(
    async ({ fn, arg }) => {
      const api = (globalThis as unknown as PageGlobals).sellerDesk as unknown as Record<
        string,
        Record<string, (a: unknown) => Promise<{ ok: boolean; value?: unknown }>>
      >;
      const [area, name] = fn.split('.');
      const result = await api[area!]![name!]!(arg);
      if (!result.ok) throw new Error(`${fn}: ${JSON.stringify(result)}`);
      return result.value;
    },
    { fn, arg },
  ) as Promise<T>;
}

/** Selects an offer's row and opens it as the seller does: a click, then Enter. */
async function openOffer(page: Page, localId: number) {
  await page.locator(`[data-local-id="${localId}"]`).click();
  await page.keyboard.press('Enter');
  await page.waitForSelector('dialog[open]');
}

async function nav(page: Page, view: string) {
  await page.click(`nav button:has-text("${view}")`);
}

async function closeDialogs(page: Page) {
  for (let i = 0; i < 3 && (await page.locator('dialog[open]').count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(250);
    const discard = page.locator('dialog[open] button:has-text("Discard edits")');
    if (await discard.count()) await discard.first().click();
  }
}

beforeAll(async () => {
  desk = await openHarness({ name: 'wording', viewport: { width: 1280, height: 860 } });
  desk.page.setDefaultTimeout(15_000);
  const { page, sandbox } = desk;
  await connectWithToken(page, sandbox.sellers[0]!.token, { rows: true });

  // Two refusals for the Sync view: a status change for an offer deleted on the marketplace
  // meanwhile, and a screenshot link the marketplace will not fetch.
  const mine = sandbox.control.offers(sandbox.sellers[0]!.id);
  const gold = mine.find((o) => o.marketplace_type === 1 && o.status === OfferStatus.Active)!;
  const account = mine.find((o) => o.id === 1004) ?? mine.find((o) => o.marketplace_type === 2)!;
  await callApi(page, 'offers.setStatus', {
    localIds: [await localIdOf(page, gold.id)],
    status: OfferStatus.NotActive,
  });
  sandbox.control.deleteOfferAsServer(gold.id);
  await callApi(page, 'screenshots.add', {
    localId: await localIdOf(page, account.id),
    files: [],
    urls: ['https://images.sandbox.test/fail.png'],
  });
  await callApi(page, 'sync.now', undefined);
  // Wait (outside any test, so by hand) for the refusals to come back.
  for (let i = 0; i < 200; i++) {
    const status = await callApi<{ problems: unknown[]; running: boolean }>(
      page,
      'sync.status',
      undefined,
    );
    if (status.problems.length >= 1 && !status.running) break;
    await page.waitForTimeout(100);
  }
}, 90_000);

afterAll(async () => {
  await desk?.close();
});

describe('the seller reads no internal word', { timeout: 120_000 }, () => {
  it('in every view', async () => {
    const { page } = desk;
    await nav(page, 'Offers');
    await page.waitForSelector('[data-testid="offers-grid"] [data-local-id]');
    await expectSellerWords(page, 'offers');

    await nav(page, 'Catalogue');
    await page.waitForSelector('ul[aria-label="Products"] button');
    await page.click('ul[aria-label="Products"] button:has-text("Valorant Accounts")');
    await expectSellerWords(page, 'catalogue');

    await nav(page, 'Sync');
    await page.waitForSelector('#problems-title');
    const sync = await expectSellerWords(page, 'sync');
    expect(sync).toMatch(/Needs attention \([1-9]/);
    await shootAllWays(page, 'sync');

    await nav(page, 'Activity');
    await page.waitForSelector('table[aria-label="Requests sent"] tbody tr');
    await expectSellerWords(page, 'activity');

    await nav(page, 'Settings');
    await page.waitForTimeout(300);
    await expectSellerWords(page, 'settings');
  });

  it('in the editor: a new offer with problems, an existing offer the marketplace refused', async () => {
    const { page } = desk;
    await nav(page, 'Offers');
    await page.keyboard.press('Control+n');
    await page.click('dialog button:has-text("Valorant Accounts")');
    await page.fill('#f-price_per_step', '0.01');
    await page.keyboard.press('Control+s');
    // Each problem beside its field, under the field's label: the reason alone.
    const rank = page.locator('[data-field="data.1001"] [role="alert"]');
    await expect.poll(() => rank.textContent()).toMatch(/^\s*Required\./);
    expect(await page.locator('#f-price_per_step-problems').textContent()).toMatch(
      /^\s*Must be at least 0\.1\.\s*$/,
    );
    await expectSellerWords(page, 'new offer editor');
    await shootAllWays(page, 'editor-new');
    await closeDialogs(page);

    // The offer whose screenshot link was refused.
    const refused = (
      await callApi<{ problems: { localId: number }[] }>(page, 'sync.status', undefined)
    ).problems[0]!;
    await openOffer(page, refused.localId);
    await page.waitForTimeout(300);
    await expectSellerWords(page, 'existing offer editor');
    await shootAllWays(page, 'editor-refused');
    await closeDialogs(page);
  });

  it('in the credentials panel with a preview', async () => {
    const { page, sandbox } = desk;
    const offer = sandbox.control
      .offers(sandbox.sellers[0]!.id)
      .find(
        (o) => o.marketplace_type === 2 && o.credential_system_type_id === 3 && o.status !== 6,
      )!;
    const localId = await localIdOf(page, offer.id);
    await openOffer(page, localId);
    await page.waitForSelector('[data-testid="credentials-panel"]');
    await dropTextFile(
      page,
      '[data-testid="credentials-panel"] .zone',
      'accounts.txt',
      'wording_one:pw-1\nwording_two:pw-2\nbroken line without a password\n',
    );
    await page.waitForSelector('[data-testid="credential-preview"]');
    const text = await expectSellerWords(page, 'credentials panel');
    expect(text).toMatch(/Lines · text encoding UTF-8/);
    expect(text).toMatch(/Game password: required/);
    const panel = page.locator('[data-testid="credentials-panel"]');
    await panel.scrollIntoViewIfNeeded();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await panel.screenshot({ path: join(SCREENS_DIR, `wording-credentials-${scheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await closeDialogs(page);
  });

  it('in the offers import dialog with a preview', async () => {
    const { page } = desk;
    await nav(page, 'Catalogue');
    await page.click('ul[aria-label="Products"] button:has-text("WoW Classic Era Gold")');
    await page.click('button:has-text("Import offers…")');
    const dialog = page.locator('dialog[aria-label^="Import offers"]');
    await dialog.waitFor();
    await expectSellerWords(page, 'import dialog');
    // One good row, one with a faction the product does not have.
    const csv = [
      'price_per_step,amount,min_purchase_amount,Realm,Faction',
      '0.0611,1000,1000,Gehennas,Horde',
      '0.0612,1000,1000,Gehennas,Purple',
    ].join('\n');
    await dropTextFile(page, 'dialog[aria-label^="Import offers"] .zone', 'offers.csv', csv);
    await dialog.locator('[data-testid="offer-import-summary"], [role="alert"]').first().waitFor();
    await expectSellerWords(page, 'import preview');
    await shootAllWays(page, 'import-preview');
    await closeDialogs(page);
  });

  it('when a duplicate cannot be made', async () => {
    const { page } = desk;
    await nav(page, 'Offers');
    const localId = await localIdOf(page, 1005);
    await page.locator(`[data-local-id="${localId}"]`).click();
    await page.waitForSelector('[data-testid="selected-count"]');
    await page.click('[aria-label="Selected offers"] button:has-text("Duplicate")');
    const toast = page.locator('.notices .notice').last();
    await expect
      .poll(() => toast.textContent())
      .toMatch(
        /Offer 1005 "Gold account \(needs title\)" could not be copied: Account title: required/,
      );
    await expectSellerWords(page, 'duplicate refused');
    await shootAllWays(page, 'duplicate-refused');
  });
});
