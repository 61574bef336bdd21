// The rules' problems in Russian, in Chromium with a Russian browser: the editor says a price
// below the marketplace's bound beside its field and in its list of what to fix ("Должно быть не
// меньше 0,0001."), and an offers file's bad rows are said by line in Russian in the import
// preview ("Должно быть числом."). Both come from the problems' catalogue messages (contract/rules
// FieldProblem.say), not from the English text. Screenshots at 1280 and 1024, light and dark.
import { describe, expect, it } from 'vitest';
import { translate } from '../../electron/contract/i18n';
import { allowedValuesOf } from '../../electron/contract/rules';
import { connectWithToken, localIdOf, openHarness } from './harness';
import { dropTextFile, shots } from './flowSteps';

const ru = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) =>
  translate('ru', key, values);

describe("the rules' problems in Russian", () => {
  it('says a field problem in the editor and an import row problem by line in Russian', async () => {
    const desk = await openHarness({ name: 'russian-problems', locale: 'ru-RU' });
    desk.page.setDefaultTimeout(20_000);
    try {
      const { page, sandbox } = desk;
      const mine = sandbox.control.offers(1);
      const gold = sandbox.control
        .products()
        .find((p) => p.marketplace_type === 1 && mine.some((o) => o.product_id === p.id))!;
      await connectWithToken(page, sandbox.sellers[0]!.token, { rows: true });
      expect(await page.getAttribute('html', 'lang')).toBe('ru');

      // A gold offer of that product, opened in the editor from the list.
      const serverId = mine.find((o) => o.product_id === gold.id)!.id;
      const localId = await localIdOf(page, serverId);
      expect(localId).toBeGreaterThan(0);
      await page.fill('[data-testid="offers-search"]', String(serverId));
      const row = page.locator(`[data-testid="offers-grid"] [data-local-id="${localId}"]`);
      await row.dblclick();
      const editor = page.locator('[data-testid="offer-editor"]');
      await editor.waitFor();
      await expect
        .poll(() => page.textContent('label[for="f-price_per_step"]'))
        .toBe('Цена за шаг');

      // Below the gold bound (0.0001), typed the Russian way: said beside the field in Russian.
      await page.fill('#f-price_per_step', '0,00001');
      await page.locator('#f-price_per_step').blur();
      const beside = page.locator('[data-field="price_per_step"] [role="alert"]');
      await expect.poll(() => beside.textContent()).toContain('Должно быть не меньше 0,0001.');
      expect(await beside.textContent()).not.toMatch(/must|field|price/i);

      // Saving lists what to fix: the label and the reason, both in Russian.
      await page.click('dialog[open] footer button.primary');
      const list = editor.locator('li', { hasText: 'Цена за шаг' });
      await expect
        .poll(() => list.first().textContent())
        .toMatch(/Цена за шаг:\s*должно быть не меньше 0,0001/);
      await shots(desk, 'editor-field-problem');
      await page.keyboard.press('Escape');
      const discard = page.locator('dialog[open] button', { hasText: ru('editor.discardConfirm') });
      if (await discard.isVisible().catch(() => false)) await discard.click();
      await page.fill('[data-testid="offers-search"]', '');

      // An offers file with a price that is no number and one below the bound.
      await page.click(`nav button:has-text("${ru('app.navCatalogue')}")`);
      await page.click(
        `ul[aria-label="${ru('catalogue.products')}"] button:has-text("${gold.title}")`,
      );
      await page.click(`button:has-text("${ru('imports.importOffers')}")`);
      await page.locator('dialog[open] .zone').waitFor();
      const fields = gold.product_fields.filter((f) => f.is_required);
      const header = [
        'price_per_step',
        'amount',
        'min_purchase_amount',
        ...fields.map((f) => f.title),
      ];
      const good = (f: (typeof fields)[number]) => allowedValuesOf(f)[0] ?? 'x';
      const rest = [String(gold.step_size * 10), String(gold.step_size), ...fields.map(good)];
      const csv = [header, ['двенадцать', ...rest], ['0,00001', ...rest]]
        .map((cells) =>
          cells.map((c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','),
        )
        .join('\n');
      await dropTextFile(page, 'dialog[open] .zone', 'плохие-цены.csv', csv, 'text/csv');
      const problems = page.locator('[data-testid="offer-import-problems"] tbody tr');
      await problems.first().waitFor();
      const rows = await problems.evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
      );
      expect(rows).toEqual([
        ['2', 'price_per_step', 'Должно быть числом.'],
        ['3', 'price_per_step', 'Должно быть не меньше 0,0001.'],
      ]);
      await shots(desk, 'import-row-problems');
    } finally {
      await desk.close();
    }
  }, 180_000);
});
