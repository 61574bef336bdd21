// Keyboard and dialog behaviour that only a real page shows: Enter on a row
// opens the editor and only opens it, Enter in the product picker picks, Escape clears the
// selection, a new form is quiet until touched, the editor's body scrolls under a fixed header
// and footer, and toasts are drawn above a modal. Screenshots land in test-output/screens/.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openHarness, type Harness, connectWithToken } from './harness';

const FLOW_TIMEOUT = 90_000;

async function withDesk(
  name: string,
  flow: (desk: Harness) => Promise<void>,
  viewport = { width: 1280, height: 800 },
) {
  const desk = await openHarness({ name: `keys-${name}`, viewport });
  desk.page.setDefaultTimeout(20_000);
  try {
    await flow(desk);
  } finally {
    await desk.close();
  }
}

const openDialogs = (page: Page) => page.locator('dialog[open]').count();

/** The page's DOM as seen from here (the test program has no DOM library). */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface El {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
  getBoundingClientRect(): Box & { toJSON(): Box };
  querySelector(selector: string): El | null;
  contains(other: unknown): boolean;
}
interface PageDom {
  document: {
    querySelector(selector: string): El | null;
    elementFromPoint(x: number, y: number): El | null;
  };
}

/** Where the editor's parts are on screen, and how far the dialog and its body scrolled. */
function editorBoxes(page: Page) {
  return page.evaluate(() => {
    const { document } = globalThis as unknown as PageDom;
    const dialog = document.querySelector('dialog[open]')!;
    const rect = (sel: string) => dialog.querySelector(sel)!.getBoundingClientRect();
    return {
      dialogScroll: dialog.scrollTop,
      bodyScroll: dialog.querySelector('.body')!.scrollTop,
      bodyScrollable:
        dialog.querySelector('.body')!.scrollHeight > dialog.querySelector('.body')!.clientHeight,
      dialog: dialog.getBoundingClientRect().toJSON() as Box,
      header: rect('header').toJSON() as Box,
      footer: rect('footer').toJSON() as Box,
    };
  });
}

describe('keyboard and dialogs in Chromium', () => {
  it(
    'Enter on a selected row opens the editor and keeps it open; Escape then clears the selection',
    () =>
      withDesk('enter', async (desk) => {
        const { page } = desk;
        await connectWithToken(page, desk.sandbox.sellers[0]!.token, { rows: true });
        const row = page.locator('[data-local-id]').first();
        await row.click();
        expect(await row.getAttribute('aria-selected')).toBe('true');
        await page.keyboard.press('Enter');
        await page.waitForSelector('dialog[open] [data-testid="offer-editor"] #f-price_per_step');
        // The keystroke used to reach the dialog's close button and close it within 2 ms.
        await page.waitForTimeout(400);
        expect(await openDialogs(page)).toBe(1);

        await page.keyboard.press('Escape');
        await expect.poll(() => openDialogs(page)).toBe(0);
        // The Escape that closed the dialog left the selection alone…
        expect(await row.getAttribute('aria-selected')).toBe('true');
        await page.locator('[data-testid="offers-grid"]').focus();
        // …one with no dialog open clears it.
        await page.keyboard.press('Escape');
        await expect.poll(() => page.locator('[aria-selected="true"]').count()).toBe(0);
      }),
    FLOW_TIMEOUT,
  );

  it(
    'Enter in the product picker picks the highlighted product; the new form is quiet until touched',
    () =>
      withDesk('picker', async (desk) => {
        const { page } = desk;
        await connectWithToken(page, desk.sandbox.sellers[0]!.token, { rows: true });
        await page.keyboard.press('Control+n');
        await page.waitForSelector('dialog[open] [aria-label="Filter products"]');
        await page.keyboard.type('Valorant');
        await page.keyboard.press('Enter');
        const editor = page.locator('dialog[open] [data-testid="offer-editor"]');
        await page.waitForSelector('dialog[open] #f-price_per_step');
        expect(await page.locator('dialog[open] h2').textContent()).toMatch(/Valorant Accounts/);

        // Blank and untouched: nothing red, nothing marked invalid.
        expect(await editor.locator('[aria-invalid="true"]').count()).toBe(0);
        expect(await page.locator('dialog[open] .error-text').count()).toBe(0);
        await desk.screenshot('new-form-quiet');

        // A field the seller touched and left broken speaks up, the others stay quiet.
        await page.fill('#f-price_per_step', '-1');
        await expect
          .poll(() => page.getAttribute('#f-price_per_step', 'aria-invalid'))
          .toBe('true');
        expect(await page.getAttribute('#data-1001', 'aria-invalid')).not.toBe('true');

        // Save shows every problem.
        await page.keyboard.press('Control+s');
        await expect.poll(() => page.getAttribute('#data-1001', 'aria-invalid')).toBe('true');
        expect(await page.locator('dialog[open] .error-text').count()).toBeGreaterThan(0);
      }),
    FLOW_TIMEOUT,
  );

  it(
    'Enter typed before the product list arrived takes the highlighted product once it does',
    () =>
      withDesk('picker-slow-list', async (desk) => {
        const { page } = desk;
        await connectWithToken(page, desk.sandbox.sellers[0]!.token, { rows: true });
        // The catalogue's answer is held back, as a busy core would be slow to give it.
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let asked = 0;
        await page.route('**/invoke/catalogue.list', async (route) => {
          asked += 1;
          await held;
          await route.continue();
        });
        await page.keyboard.press('Control+n');
        await page.waitForSelector('dialog[open] [aria-label="Filter products"]');
        await page.keyboard.type('Valorant');
        await page.keyboard.press('Enter');
        await expect.poll(() => asked).toBeGreaterThan(0);
        expect(await page.locator('dialog[open] #f-price_per_step').count()).toBe(0);
        release();
        await page.waitForSelector('dialog[open] #f-price_per_step');
        expect(await page.locator('dialog[open] h2').textContent()).toMatch(/Valorant Accounts/);
      }),
    FLOW_TIMEOUT,
  );

  for (const width of [1280, 1024]) {
    it(
      `the editor's body scrolls under a fixed header and footer, and toasts show above it (${width} wide)`,
      () =>
        withDesk(
          `dialog-${width}`,
          async (desk) => {
            const { page } = desk;
            await connectWithToken(page, desk.sandbox.sellers[0]!.token, { rows: true });
            await page.locator('[data-local-id]').first().dblclick();
            await page.waitForSelector('dialog[open] #f-price_per_step');
            await page.waitForTimeout(200);
            const before = await editorBoxes(page);
            expect(before.bodyScrollable).toBe(true);

            // The wheel over the title: the dialog itself never scrolls.
            await page.mouse.move(before.header.x + 40, before.header.y + before.header.height / 2);
            await page.mouse.wheel(0, 600);
            await page.waitForTimeout(200);
            const overTitle = await editorBoxes(page);
            expect(overTitle.dialogScroll).toBe(0);
            expect(overTitle.header.y).toBe(before.header.y);

            // The wheel over the body scrolls the body; the footer stays at the dialog's bottom.
            await page.mouse.move(
              before.dialog.x + 60,
              before.header.y + before.header.height + 60,
            );
            await page.mouse.wheel(0, 800);
            await expect.poll(async () => (await editorBoxes(page)).bodyScroll).toBeGreaterThan(0);
            const scrolled = await editorBoxes(page);
            expect(scrolled.dialogScroll).toBe(0);
            expect(scrolled.header.y).toBe(before.header.y);
            expect(scrolled.footer.y + scrolled.footer.height).toBeCloseTo(
              scrolled.dialog.y + scrolled.dialog.height - 1,
              0,
            );
            for (const scheme of ['light', 'dark'] as const) {
              await page.emulateMedia({ colorScheme: scheme });
              // Colours fade over 0.12 s: let them settle before the picture.
              await page.waitForTimeout(250);
              await desk.screenshot(`editor-scrolled-${scheme}`);
            }

            // A save keeps the editor open and shows a toast: it must be drawn above the modal.
            await page.emulateMedia({ colorScheme: 'light' });
            await page.fill('#f-price_per_step', '12.5');
            await page.keyboard.press('Control+s');
            const toast = page.locator('.notices .notice', { hasText: 'Saved on this computer' });
            await toast.waitFor();
            expect(await openDialogs(page)).toBe(1);
            const onTop = await toast.evaluate((node) => {
              const { document } = globalThis as unknown as PageDom;
              const el = node as unknown as El;
              const r = el.getBoundingClientRect();
              const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
              return Boolean(hit && el.contains(hit));
            });
            expect(onTop).toBe(true);
            for (const scheme of ['light', 'dark'] as const) {
              await page.emulateMedia({ colorScheme: scheme });
              // Colours fade over 0.12 s: let them settle before the picture.
              await page.waitForTimeout(250);
              await desk.screenshot(`toast-over-modal-${scheme}`);
            }
            // Its dismiss button answers while the modal is open.
            await toast.locator('button[aria-label="Dismiss"]').click();
            await expect.poll(() => toast.count()).toBe(0);
          },
          { width, height: 700 },
        ),
      FLOW_TIMEOUT,
    );
  }
});
