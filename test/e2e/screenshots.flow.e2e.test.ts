// Screenshots end to end: the real renderer in Chromium, through the browser host, on the real
// core, against the sandbox. Two image files dropped on an account offer's drop zone show as
// queued tiles with their pictures at once (served from the staged copies), are uploaded and
// attached on sync, and the sandbox holds exactly the dropped bytes; a renamed non-image is
// refused with its reason; removing down to the last screenshot asks first and, once confirmed,
// the offer is Draft on the marketplace; a link from a domain the account may not use shows its
// likely reason after sync.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Offer } from '../../electron/contract/marketplace/wire';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { jpegBytes, pngBytes } from '../screenshots/images';
import type { Harness } from './harness';
import { openHarness, connectWithToken } from './harness';

// Seller 1's Fortnite account offer: Active, one screenshot (electron/sandbox/seed.ts).
const OFFER_NAME = '44 skins, PC';

let desk: Harness;
let offerId: number;

type PageGlobals = {
  DataTransfer: new () => { items: { add(file: unknown): void } };
  File: new (parts: unknown[], name: string, options: { type: string }) => unknown;
  Uint8Array: Uint8ArrayConstructor;
  atob(text: string): string;
};

/** The part of an <img> the test reads (this file is compiled without the DOM types). */
interface ImageLike {
  complete: boolean;
  naturalWidth: number;
}

interface DroppedFile {
  name: string;
  type: string;
  bytes: Buffer;
}

function dataTransferOf(page: Page, files: DroppedFile[]) {
  return page.evaluateHandle(
    (list) => {
      const g = globalThis as unknown as PageGlobals;
      const dt = new g.DataTransfer();
      for (const f of list) {
        const raw = g.atob(f.base64);
        const bytes = g.Uint8Array.from(raw, (c) => c.charCodeAt(0));
        dt.items.add(new g.File([bytes], f.name, { type: f.type }));
      }
      return dt;
    },
    files.map((f) => ({ name: f.name, type: f.type, base64: f.bytes.toString('base64') })),
  );
}

/** Files dragged over `target` and held there (dragenter, dragover), not dropped. */
async function dragOver(page: Page, target: Locator, files: DroppedFile[]) {
  const transfer = await dataTransferOf(page, files);
  await target.dispatchEvent('dragenter', { dataTransfer: transfer });
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
}

/** A real drag of files onto `target`: dragenter, dragover, drop, with a page-built DataTransfer. */
async function dropFiles(page: Page, target: Locator, files: DroppedFile[]) {
  const transfer = await dataTransferOf(page, files);
  await target.dispatchEvent('dragenter', { dataTransfer: transfer });
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
}

function sandboxOffer(): Offer {
  const offer = desk.sandbox.control.offers(1).find((o) => o.id === offerId);
  if (!offer) throw new Error(`the sandbox lost offer ${offerId}`);
  return offer;
}

beforeAll(async () => {
  desk = await openHarness({ name: 'screenshots', viewport: { width: 1280, height: 900 } });
  const { page, sandbox } = desk;
  page.setDefaultTimeout(8000);
  const seeded = sandbox.control.offers(1).find((o) => o.outer_name === OFFER_NAME);
  if (!seeded || seeded.status !== OfferStatus.Active || seeded.screenshots.length !== 1) {
    throw new Error('the sandbox seed no longer has the active account offer with one screenshot');
  }
  offerId = seeded.id;
  await connectWithToken(page, sandbox.sellers[0]!.token);
}, 60_000);

afterAll(async () => {
  await desk?.close();
});

describe('screenshots of an account offer, in Chromium', () => {
  it('drops files, sends them, refuses a non-image, removes to Draft and explains a bad link', async () => {
    const { page, sandbox } = desk;
    const before = sandboxOffer().screenshots;
    await page.locator('[data-local-id]', { hasText: OFFER_NAME }).dblclick();
    const editor = page.locator('[data-testid="offer-editor"]');
    const strip = editor.locator('section[aria-label="Screenshots"]');
    const tiles = strip.locator('[data-state]');
    const zone = editor.locator('.zone[aria-label="Add screenshots"]');
    // The editor scrolls inside its dialog: bring the Screenshots section into the picture.
    const shoot = async (name: string) => {
      await editor.locator('[data-testid="offer-screenshots"]').scrollIntoViewIfNeeded();
      await desk.screenshot(name);
    };
    await expect.poll(() => tiles.count()).toBe(1);
    expect(await tiles.first().getAttribute('data-state')).toBe('attached');
    // A live account offer: the seller is told before dropping that it goes back to review.
    expect(await zone.locator('[role="note"]').textContent()).toMatch(/back to review/);

    // Sync may send the files within a few hundred ms, so the page records every tile state it
    // shows, with the tile count, from before the drop (a script string: this file has no DOM types).
    await page.evaluate(`(() => {
      const tiles = () => document.querySelectorAll('section[aria-label="Screenshots"] [data-state]');
      const seen = (window.seenTileStates = new Set());
      new MutationObserver(() => {
        for (const tile of tiles()) seen.add(tile.getAttribute('data-state') + ':' + tiles().length);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    })()`);
    const png = pngBytes('e2e-dropped-png');
    const jpeg = jpegBytes();
    // A slow marketplace holds the uploads back, so the queued tiles can be looked at.
    sandbox.setFaults({ latencyMs: 2500 });
    await dropFiles(page, zone, [
      { name: 'inventory.png', type: 'image/png', bytes: png },
      { name: 'lobby.jpg', type: 'image/jpeg', bytes: jpeg },
    ]);
    await expect.poll(() => zone.locator('.summary').textContent()).toBe('2 screenshots added.');
    await expect.poll(() => tiles.count()).toBe(3);
    const seenQueued = await page.evaluate(() =>
      [...(globalThis as unknown as { seenTileStates: Set<string> }).seenTileStates].filter((s) =>
        s.startsWith('queued:3'),
      ),
    );
    expect(seenQueued.length).toBeGreaterThan(0);
    // Shown at once: each queued tile's image is its staged copy, loaded before any upload, and
    // still marked Queued.
    const queuedTiles = strip.locator('[data-state="queued"]');
    await expect.poll(() => queuedTiles.count()).toBe(2);
    await expect
      .poll(() =>
        queuedTiles.locator('img').evaluateAll((imgs) =>
          imgs.map((i) => {
            const img = i as unknown as ImageLike & { currentSrc: string };
            return (
              img.complete &&
              img.naturalWidth > 0 &&
              img.currentSrc.includes('/staged-screenshots/')
            );
          }),
        ),
      )
      .toEqual([true, true]);
    expect(await queuedTiles.locator('.queued-badge').allTextContents()).toEqual([
      'Queued',
      'Queued',
    ]);
    expect(sandboxOffer().screenshots).toEqual(before);
    await shoot('1-dropped');
    sandbox.resetFaults();

    // After sync: three attached tiles whose images loaded, and the sandbox holds the bytes.
    await expect
      .poll(() => tiles.evaluateAll((els) => els.map((e) => e.getAttribute('data-state'))), {
        timeout: 15_000,
      })
      .toEqual(['attached', 'attached', 'attached']);
    const after = sandboxOffer().screenshots;
    expect(after).toHaveLength(3);
    expect(after.slice(0, 1)).toEqual(before);
    const added = after.slice(1).map((path) => sandbox.control.screenshotBytes(path));
    expect(added.map((b) => b?.toString('base64'))).toEqual([
      png.toString('base64'),
      jpeg.toString('base64'),
    ]);
    await expect
      .poll(
        () =>
          strip
            .locator('img')
            .evaluateAll((imgs) =>
              imgs.map(
                (i) =>
                  (i as unknown as ImageLike).complete &&
                  (i as unknown as ImageLike).naturalWidth > 0,
              ),
            ),
        { timeout: 10_000 },
      )
      .toEqual([true, true, true]);
    await shoot('2-attached');

    // A text file renamed to .png is refused by its bytes, with the reason, and nothing is queued.
    await dropFiles(page, zone, [
      { name: 'not-a-picture.png', type: 'image/png', bytes: Buffer.from('just some notes\n') },
    ]);
    const refusal = zone.locator('.refusals li');
    await expect.poll(() => refusal.count()).toBe(1);
    expect(await refusal.locator('.item').textContent()).toContain('not-a-picture.png');
    expect(await refusal.locator('.reason').textContent()).toMatch(/JPEG|PNG/);
    expect(await zone.locator('.summary').textContent()).toBe('Nothing added: 1 item was refused.');
    expect(await tiles.count()).toBe(3);
    await shoot('3-refused');

    // Remove two without a question, then the last one asks about Draft.
    const dialog = page.locator('dialog[aria-label="Remove the last screenshot?"]');
    for (const left of [2, 1]) {
      await tiles.last().locator('button[aria-label^="Remove"]').click();
      await expect.poll(() => tiles.count()).toBe(left);
      expect(await dialog.count()).toBe(0);
    }
    await tiles.first().locator('button[aria-label^="Remove"]').click();
    await dialog.waitFor();
    await desk.screenshot('4-draft-question');
    await dialog.locator('button:has-text("Remove and move to Draft")').click();
    await expect.poll(() => tiles.count()).toBe(0);
    await expect
      .poll(() => [sandboxOffer().status, sandboxOffer().screenshots.length], { timeout: 15_000 })
      .toEqual([OfferStatus.Draft, 0]);

    // A link from a domain the account may not use: its likely reason after sync.
    await zone.getByLabel('Image links').fill('https://unapproved.example/shots/lobby.png');
    await zone.locator('button:has-text("Add links")').click();
    await expect.poll(() => zone.locator('.summary').textContent()).toBe('1 screenshot added.');
    const attention = editor.locator('.box.attention');
    await expect
      .poll(() => attention.textContent(), { timeout: 15_000 })
      .toMatch(/unapproved\.example.*ask marketplace support to approve unapproved\.example/);
    expect(sandboxOffer().screenshots).toHaveLength(0);
    await attention.scrollIntoViewIfNeeded();
    await desk.screenshot('5-unapproved-link');
    expect(desk.console.filter((line) => line.startsWith('pageerror'))).toEqual([]);
    expect(desk.console.filter((line) => /Content Security Policy/i.test(line))).toEqual([]);
    await page.locator('dialog[aria-label^="Offer "] button:has-text("Close")').click();
  }, 45_000);

  it('takes a file dropped on an offers-table row and says so in a notice', async () => {
    const { page, sandbox } = desk;
    const target = sandbox.control.offers(1).find((o) => o.outer_name === 'Starter account');
    if (!target) throw new Error('the sandbox seed has no "Starter account" offer');
    const before = target.screenshots.length;
    const row = page.locator('[data-local-id]', { hasText: 'Starter account' });
    const png = pngBytes('e2e-row-drop');
    const file = { name: 'starter.png', type: 'image/png', bytes: png };
    // While files hover, the row is marked (and outlined) as the drop target.
    await dragOver(page, row, [file]);
    expect(await row.getAttribute('data-screenshot-drop')).toBe('files');
    await desk.screenshot('6-row-hover');
    await dropFiles(page, row, [file]);
    await expect
      .poll(() => page.locator('.notices').textContent())
      .toContain('Starter account: 1 screenshot added.');
    expect(await row.getAttribute('data-screenshot-drop')).toBeNull();
    await desk.screenshot('7-row-drop');
    await expect
      .poll(() => sandbox.control.offers(1).find((o) => o.id === target.id)?.screenshots.length, {
        timeout: 15_000,
      })
      .toBe(before + 1);
    const path = sandbox.control
      .offers(1)
      .find((o) => o.id === target.id)!
      .screenshots.at(-1)!;
    expect(sandbox.control.screenshotBytes(path)?.equals(png)).toBe(true);
  });
});
