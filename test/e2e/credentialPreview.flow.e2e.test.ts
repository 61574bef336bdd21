// A long account file's preview in the real renderer through the browser host: the table holds
// only the rows in view, asks the core for further pages as the seller scrolls, and reaches the
// file's last row (its line, masked login, never a password); the Problems filter narrows to the
// refused row. Screenshots at 1280 and 1024, light and dark, English and Russian.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc/api';
import type { Offer } from '../../electron/contract/marketplace/wire';
import type { Harness } from './harness';
import { connectWithToken, localIdOf, openHarness, SCREENS_DIR } from './harness';
import { accountOfferWithCredentials, dropTextFile, shots } from './flowSteps';
import { internalWordsIn } from './internalWords';

let desk: Harness;
let offer: Offer;
const LINES = 3000;
const BAD_LINE = 1500;
const tag = `pv${Date.now().toString(36)}`;

type PageGlobals = { sellerDesk: SellerDeskApi };

function accountFile(): string {
  const lines: string[] = [];
  for (let line = 1; line <= LINES; line++) {
    lines.push(line === BAD_LINE ? 'a-login-alone' : `${tag}-buyer-${line}:Hidden-pw-${line}`);
  }
  return `${lines.join('\n')}\n`;
}

const dropFile = (page: Page, name: string, text: string) =>
  dropTextFile(page, '[data-testid="credentials-panel"] .zone', name, text);

/** The credentials panel alone, at 1280 and 1024, light and dark. */
const panelShots = (page: Page, name: string) =>
  shots(desk, name, {
    height: 900,
    shoot: async (shot) => {
      const panel = page.locator('[data-testid="credentials-panel"]');
      await panel.scrollIntoViewIfNeeded();
      await panel.screenshot({ path: join(SCREENS_DIR, `credential-preview-${shot}.png`) });
    },
  });

const setLanguage = (page: Page, choice: 'ru' | 'en') =>
  page.evaluate(
    (c) => (globalThis as unknown as PageGlobals).sellerDesk.app.setLanguage({ choice: c }),
    choice,
  );

beforeAll(async () => {
  desk = await openHarness({ name: 'credential-preview', viewport: { width: 1280, height: 900 } });
  const { page, sandbox } = desk;
  page.setDefaultTimeout(20_000);
  await connectWithToken(page, sandbox.sellers[0]!.token);
  offer = accountOfferWithCredentials(sandbox);
}, 90_000);

afterAll(async () => {
  await desk?.close();
});

describe('a long credential preview, in Chromium', () => {
  it('scrolls to the last row, a page asked for at a time, and filters to the refused row', async () => {
    const { page } = desk;
    const localId = await localIdOf(page, offer.id);
    await page.fill('input[aria-label="Search offers"], .filters input.input', offer.outer_name);
    await page.locator(`[data-local-id="${localId}"]`).dblclick();
    await page.waitForSelector('[data-testid="credentials-panel"]');
    await dropFile(page, 'long-list.txt', accountFile());

    const preview = page.locator('[data-testid="credential-preview"]');
    await preview.waitFor();
    const body = preview.getByTestId('credential-rows');
    const shown = preview.getByTestId('credential-rows-shown');
    await expect.poll(() => shown.textContent()).toMatch(/^\s*Rows 1–\d+ of 3,000\s*$/);
    // Only the rows in view (and a margin) are in the DOM.
    const rendered = await body.locator('tbody tr[data-line]').count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(40);
    await panelShots(page, 'top');

    // To the end: the pages on the way are asked for, the last row is the file's last line.
    await body.evaluate((el) => {
      (el as unknown as { scrollTop: number; scrollHeight: number }).scrollTop = (
        el as unknown as { scrollHeight: number }
      ).scrollHeight;
    });
    const last = body.locator(`tr[data-line="${LINES}"]`);
    await last.waitFor();
    expect(await last.locator('td').nth(1).textContent()).toMatch(/^pv•+0$/);
    expect(await last.textContent()).toContain('To send');
    await expect.poll(() => shown.textContent()).toMatch(/^\s*Rows \d[\d,]*–3,000 of 3,000\s*$/);
    expect(await body.locator('tbody tr[data-line]').count()).toBeLessThan(40);
    await panelShots(page, 'end');

    // Part way back up: the rows there come too, in the file's order.
    await body.evaluate((el) => {
      (el as unknown as { scrollTop: number }).scrollTop = 1490 * 34;
    });
    await body.locator(`tr[data-line="${BAD_LINE}"]`).waitFor();
    const lines = await body
      .locator('tbody tr[data-line]')
      .evaluateAll((rows) =>
        rows.map((r) => Number((r as unknown as { dataset: { line: string } }).dataset.line)),
      );
    expect(lines).toEqual(lines.map((_, i) => lines[0]! + i));

    // The refused row alone under Problems.
    await preview.locator('.preview-table select').selectOption('problem');
    await expect.poll(() => body.locator('tbody tr[data-line]').count()).toBe(1);
    expect(await body.locator('tr.problem').getAttribute('data-line')).toBe(String(BAD_LINE));
    await expect.poll(() => shown.textContent()).toMatch(/^\s*Rows 1–1 of 1\s*$/);
    await preview.locator('.preview-table select').selectOption('all');

    const text = (await preview.textContent()) ?? '';
    expect(text).not.toContain('Hidden-pw');
    expect(text).not.toContain(`${tag}-buyer`);
    expect(internalWordsIn(text)).toEqual([]);

    // The same preview in Russian.
    await setLanguage(page, 'ru');
    await expect.poll(() => shown.textContent()).toMatch(/^\s*Строки 1–\d+ из 3\s000\s*$/);
    await panelShots(page, 'ru');
    await setLanguage(page, 'en');
  });
});
