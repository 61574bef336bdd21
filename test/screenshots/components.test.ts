// The screenshot components in real Chromium: built with Vite, driven with real drag events, and
// thumbnails loaded from the sandbox's storage (where attached images appear late). Pictures of
// each state land in test-output/ for a human to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Screenshot } from '../../electron/contract/ipc/models';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { buildHarness, harnessOutDir, serveDirectory } from './harness/harnessPage';
import { sellerClient } from './sellerClient';
import { steppedClock } from './steppedClock';
import { launchBrowser } from '../support/browser';

const picturesDir = join(harnessOutDir, '..', 'screenshots-pictures');

let browser: Browser;
let page: Page;
let site: { url: string; close(): Promise<void> };
let sandbox: Sandbox;
// The sandbox's time: a just-attached image stays invisible until the test moves it on.
const clock = steppedClock();

beforeAll(async () => {
  mkdirSync(picturesDir, { recursive: true });
  const [dir, started, launched] = await Promise.all([
    buildHarness(),
    startSandbox({ port: 0, windowMs: 1000, clock, attachVisibleAfterMs: 60_000 }),
    launchBrowser(),
  ]);
  sandbox = started;
  browser = launched;
  site = await serveDirectory(dir);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await sandbox?.close();
});

async function openHarness(): Promise<Page> {
  const fresh = await browser.newPage({ viewport: { width: 800, height: 700 } });
  const errors: string[] = [];
  fresh.on('pageerror', (e) => errors.push(e.message));
  await fresh.goto(site.url);
  await fresh.waitForFunction(() => 'harness' in globalThis);
  expect(errors).toEqual([]);
  return fresh;
}

/** The page's globals these tests touch; the Node-side type check has no DOM library. */
type PageGlobals = {
  DataTransfer: new () => {
    items: { add(file: unknown): void };
    setData(type: string, value: string): void;
  };
  File: new (parts: string[], name: string, options: { type: string }) => unknown;
  ClipboardEvent: new (type: string, init: Record<string, unknown>) => unknown;
  getComputedStyle(element: unknown): { borderTopColor: string };
  harness: Harness;
};

type Harness = {
  calls: { method: string; input: unknown }[];
  setScreenshots(list: Screenshot[]): void;
  setOffer(offer: { marketplaceType: 1 | 2; status: number | null }): void;
  setRoom(room: number | null): void;
  setWarnBackToReview(value: boolean): void;
  refuseItems(rules: Record<string, string>): void;
  screenshots: Screenshot[];
};

function calls(p: Page, method: string): Promise<unknown[]> {
  return p.evaluate(
    (m) =>
      (globalThis as unknown as PageGlobals).harness.calls
        .filter((c) => c.method === m)
        .map((c) => JSON.parse(JSON.stringify(c.input)) as unknown),
    method,
  );
}

/** Drags a payload onto the drop zone the way a browser does: enter, over, drop. */
async function dropOnZone(
  p: Page,
  payload: {
    files?: { name: string; type: string; text: string }[];
    data?: Record<string, string>;
  },
  release = true,
  selector = '.zone',
): Promise<void> {
  const transfer = await p.evaluateHandle((input) => {
    const dt = new (globalThis as unknown as PageGlobals).DataTransfer();
    for (const f of input.files ?? [])
      dt.items.add(
        new (globalThis as unknown as PageGlobals).File([f.text], f.name, { type: f.type }),
      );
    for (const [type, value] of Object.entries(input.data ?? {})) dt.setData(type, value);
    return dt;
  }, payload);
  const zone = p.locator(selector);
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  if (release) await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

describe('ScreenshotDropZone in Chromium', () => {
  beforeAll(async () => {
    page = await openHarness();
  });

  it('shows a visible drag-over state while files hover', async () => {
    await dropOnZone(page, { files: [{ name: 'a.png', type: 'image/png', text: 'x' }] }, false);
    await expect.poll(() => page.locator('.zone').getAttribute('data-dragging')).toBe('files');
    expect(await page.locator('.zone .lead').textContent()).toContain('Drop to add these files');
    const border = await page
      .locator('.zone')
      .evaluate((el) => (globalThis as unknown as PageGlobals).getComputedStyle(el).borderTopColor);
    await page
      .locator('#dropzone')
      .screenshot({ path: join(picturesDir, 'dropzone-dragover.png') });
    await page.locator('.zone').dispatchEvent('dragleave');
    await expect.poll(() => page.locator('.zone').getAttribute('data-dragging')).toBe('none');
    // The border eases back over 0.12 s, so the idle colour is read once the transition ends.
    await expect
      .poll(() =>
        page
          .locator('.zone')
          .evaluate(
            (el) => (globalThis as unknown as PageGlobals).getComputedStyle(el).borderTopColor,
          ),
      )
      .not.toBe(border);
  });

  it('turns dropped files into references, sends them, and lists each refusal with its reason', async () => {
    await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).harness.refuseItems({
        'notes.png': 'is not a JPEG or PNG image (its contents say so, whatever its name)',
        'huge.png': 'is 7.3 MB; the marketplace accepts screenshots up to 5.0 MB',
      }),
    );
    await dropOnZone(page, {
      files: [
        { name: 'front.png', type: 'image/png', text: 'png' },
        { name: 'notes.png', type: 'image/png', text: 'text' },
        { name: 'huge.png', type: 'image/png', text: 'big' },
      ],
      // A file manager also offers file:// addresses; they must not be sent as links.
      data: { 'text/uri-list': 'file:///home/me/front.png' },
    });
    await expect.poll(() => calls(page, 'screenshots.add')).toHaveLength(1);
    expect((await calls(page, 'screenshots.add'))[0]).toEqual({
      localId: 7,
      files: ['/dropped/front.png', '/dropped/notes.png', '/dropped/huge.png'],
      urls: [],
    });
    const refusals = page.locator('.refusals li');
    await expect.poll(() => refusals.count()).toBe(2);
    expect(await refusals.nth(0).textContent()).toContain('notes.png');
    expect(await refusals.nth(0).textContent()).toContain('is not a JPEG or PNG image');
    expect(await refusals.nth(1).textContent()).toContain('7.3 MB');
    expect(await page.locator('.summary').textContent()).toBe(
      '1 screenshot added; 2 items were refused.',
    );
    await page
      .locator('#dropzone')
      .screenshot({ path: join(picturesDir, 'dropzone-refusals.png') });
  });

  it('takes several links dragged out of a browser at once', async () => {
    await dropOnZone(page, {
      data: {
        'text/uri-list':
          '# two images\r\nhttps://images.sandbox.test/a.png\r\nhttps://cdn.sandbox.test/b.jpg',
        'text/plain': 'https://images.sandbox.test/a.png',
      },
    });
    await expect.poll(() => calls(page, 'screenshots.add')).toHaveLength(2);
    expect((await calls(page, 'screenshots.add'))[1]).toEqual({
      localId: 7,
      files: [],
      urls: ['https://images.sandbox.test/a.png', 'https://cdn.sandbox.test/b.jpg'],
    });
  });

  it('uses the image address when a browser drag brings a file without a path', async () => {
    await dropOnZone(page, {
      files: [{ name: 'no-path.png', type: 'image/png', text: 'x' }],
      data: {
        'text/uri-list': 'https://shop.test/item/1',
        'text/html':
          '<a href="https://shop.test/item/1"><img src="https://images.sandbox.test/i1.png"></a>',
      },
    });
    await expect.poll(() => calls(page, 'screenshots.add')).toHaveLength(3);
    expect((await calls(page, 'screenshots.add'))[2]).toEqual({
      localId: 7,
      files: [],
      urls: ['https://images.sandbox.test/i1.png'],
    });
    expect(await page.locator('.refusals li').count()).toBe(0);
  });

  it('is usable from the keyboard: a typed link with Enter, and Choose files…', async () => {
    const input = page.getByLabel('Image links');
    await input.focus();
    await page.keyboard.type('https://images.sandbox.test/k1.png');
    await page.keyboard.press('Enter');
    await expect.poll(() => calls(page, 'screenshots.add')).toHaveLength(4);
    expect((await calls(page, 'screenshots.add'))[3]).toEqual({
      localId: 7,
      files: [],
      urls: ['https://images.sandbox.test/k1.png'],
    });
    await expect.poll(() => input.inputValue()).toBe('');
    expect(await page.locator('.report').textContent()).toContain('may take a short time');

    await page.getByRole('button', { name: 'Choose files…' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => calls(page, 'dialogs.pickFiles')).toEqual([{ purpose: 'screenshots' }]);
    await expect.poll(() => calls(page, 'screenshots.add')).toHaveLength(5);
    expect((await calls(page, 'screenshots.add'))[4]).toEqual({
      localId: 7,
      files: ['/picked/a.png', '/picked/b.jpg'],
      urls: [],
    });
  });

  it('adds several pasted links at once, and a pasted image as a file', async () => {
    const input = page.getByLabel('Image links');
    await input.evaluate((el) => {
      const clip = new (globalThis as unknown as PageGlobals).DataTransfer();
      clip.setData(
        'text/plain',
        'https://images.sandbox.test/p1.png\nhttps://cdn.sandbox.test/p2.png\n',
      );
      el.dispatchEvent(
        new (globalThis as unknown as PageGlobals).ClipboardEvent('paste', {
          clipboardData: clip,
          bubbles: true,
          cancelable: true,
        }),
      );
    });
    await expect.poll(() => calls(page, 'screenshots.add')).toHaveLength(6);
    expect((await calls(page, 'screenshots.add'))[5]).toEqual({
      localId: 7,
      files: [],
      urls: ['https://images.sandbox.test/p1.png', 'https://cdn.sandbox.test/p2.png'],
    });
    expect(await input.inputValue()).toBe('');

    await input.evaluate((el) => {
      const clip = new (globalThis as unknown as PageGlobals).DataTransfer();
      clip.items.add(
        new (globalThis as unknown as PageGlobals).File(['png'], 'clipboard.png', {
          type: 'image/png',
        }),
      );
      el.dispatchEvent(
        new (globalThis as unknown as PageGlobals).ClipboardEvent('paste', {
          clipboardData: clip,
          bubbles: true,
          cancelable: true,
        }),
      );
    });
    await expect.poll(() => calls(page, 'screenshots.add')).toHaveLength(7);
    expect((await calls(page, 'screenshots.add'))[6]).toEqual({
      localId: 7,
      files: ['/dropped/clipboard.png'],
      urls: [],
    });
  });

  it('says when the offer is full and when files send it back to review', async () => {
    await page.evaluate(() => {
      const h = (globalThis as unknown as PageGlobals).harness;
      h.setRoom(0);
      h.setWarnBackToReview(true);
    });
    await expect
      .poll(() => page.locator('.zone .hint').textContent())
      .toContain('this offer is full');
    expect(await page.getByRole('button', { name: 'Choose files…' }).isDisabled()).toBe(true);
    expect(await page.locator('.zone .note').textContent()).toContain('back to review');
    await page.locator('#dropzone').screenshot({ path: join(picturesDir, 'dropzone-full.png') });
  });
});

describe('a table row as a drop target', () => {
  it('marks the row while files hover and hands it the dropped files and links', async () => {
    const p = await openHarness();
    const files = [{ name: 'row.png', type: 'image/png', text: 'x' }];
    await dropOnZone(p, { files }, false, '#row');
    expect(await p.locator('#row').getAttribute('data-screenshot-drop')).toBe('files');
    await p.locator('#row').dispatchEvent('dragleave');
    expect(await p.locator('#row').getAttribute('data-screenshot-drop')).toBeNull();
    await dropOnZone(
      p,
      { files, data: { 'text/uri-list': 'https://images.sandbox.test/r.png' } },
      true,
      '#row',
    );
    await expect
      .poll(() => calls(p, 'row.drop'))
      .toEqual([{ files: ['row.png'], urls: ['https://images.sandbox.test/r.png'] }]);
    expect(await p.locator('#row').getAttribute('data-screenshot-drop')).toBeNull();
    await p.close();
  });
});

describe('ScreenshotStrip in Chromium', () => {
  let stored: string[];
  let offerId: number;

  beforeAll(async () => {
    page = await openHarness();
    // Real stored images: two seeded ones, visible at once.
    const offer = sandbox.control.offers(1).find((o) => o.screenshots.length >= 2)!;
    offerId = offer.id;
    stored = offer.screenshots.slice(0, 2).map((p) => `${sandbox.baseUrl}/${p}`);
  });

  const shots = (): Screenshot[] => [
    { ref: 'storage/a.png', thumbnailUrl: stored[0]!, state: 'attached', problem: null },
    { ref: 'local/queued.png', thumbnailUrl: stored[1]!, state: 'queued', problem: null },
    { ref: 'storage/late.png', thumbnailUrl: stored[2]!, state: 'attached', problem: null },
    {
      ref: 'https://pics.example.org/x.png',
      thumbnailUrl: null,
      state: 'failed',
      problem:
        'pics.example.org is not approved for your account: ask marketplace support to approve it',
    },
  ];

  it('marks queued and failed screenshots and retries a late thumbnail instead of failing', async () => {
    // Just attached from a link: the sandbox answers 404 for it until its clock moves on.
    const seller = sellerClient(sandbox);
    const { uploaded } = await seller.client.attachScreenshotsFromLinks(offerId, [
      'https://images.sandbox.test/late-thumbnail.png',
    ]);
    await seller.close();
    stored[2] = uploaded[0]!;
    await page.evaluate((list) => {
      const h = (globalThis as unknown as PageGlobals).harness;
      h.setOffer({ marketplaceType: 2, status: 2 });
      h.setScreenshots(list);
    }, shots());
    const tiles = page.locator('.tile');
    await expect.poll(() => tiles.count()).toBe(4);
    expect(await tiles.nth(1).getAttribute('data-state')).toBe('queued');
    expect(await tiles.nth(1).locator('.badge').textContent()).toBe('Queued');
    expect(await tiles.nth(3).locator('.problem').textContent()).toContain('not approved');

    // The late image: first "appearing", never an error, then the picture.
    const late = tiles.nth(2);
    await expect.poll(() => late.getAttribute('data-thumb'), { timeout: 3000 }).toBe('waiting');
    expect(await late.locator('.placeholder').textContent()).toContain('Appearing');
    expect(await late.locator('.failed-badge').count()).toBe(0);
    await page.locator('#strip').screenshot({ path: join(picturesDir, 'strip-appearing.png') });
    // Still retrying quietly a while later: loaded again twice, no error shown.
    await expect
      .poll(async () => Number(await late.getAttribute('data-attempt')))
      .toBeGreaterThanOrEqual(2);
    expect(await late.getAttribute('data-thumb')).not.toBe('gaveUp');
    expect(await late.locator('.failed-badge').count()).toBe(0);
    clock.advance(60_000);
    await expect.poll(() => late.getAttribute('data-thumb'), { timeout: 5000 }).toBe('shown');
    const width = await late
      .locator('img')
      .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth);
    expect(width).toBe(8);
    expect(await tiles.nth(0).getAttribute('data-thumb')).toBe('shown');
    expect(await page.locator('.strip .count').textContent()).toContain('3 of 20');
    expect(await page.locator('.strip .note').textContent()).toContain('back to review');
    await page.locator('#strip').screenshot({ path: join(picturesDir, 'strip-states.png') });
  });

  it('removes a screenshot at once while others remain', async () => {
    await page.getByRole('button', { name: 'Remove screenshot queued.png' }).click();
    await expect
      .poll(() => calls(page, 'screenshots.remove'))
      .toEqual([{ localId: 7, ref: 'local/queued.png' }]);
    expect(await page.locator('dialog[open]').count()).toBe(0);
  });

  it('asks before removing the last screenshot of an account offer, and Cancel keeps it', async () => {
    await page.evaluate(
      (only) => (globalThis as unknown as PageGlobals).harness.setScreenshots([only]),
      shots()[0]!,
    );
    await page.getByRole('button', { name: 'Remove screenshot a.png' }).click();
    const dialog = page.locator('dialog[open]');
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await dialog.textContent()).toContain('goes to Draft');
    await page.screenshot({ path: join(picturesDir, 'strip-confirm-last.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await calls(page, 'screenshots.remove')).toHaveLength(1);

    await page.getByRole('button', { name: 'Remove screenshot a.png' }).click();
    await page.getByRole('button', { name: 'Remove and move to Draft' }).click();
    await expect.poll(() => calls(page, 'screenshots.remove')).toHaveLength(2);
    expect((await calls(page, 'screenshots.remove'))[1]).toEqual({
      localId: 7,
      ref: 'storage/a.png',
    });
    await expect
      .poll(() => page.locator('.strip .empty').textContent())
      .toContain('needs at least one');
  });

  it('does not ask for a gold offer', async () => {
    await page.evaluate((only) => {
      const h = (globalThis as unknown as PageGlobals).harness;
      h.setOffer({ marketplaceType: 1, status: 2 });
      h.setScreenshots([only]);
    }, shots()[0]!);
    await page.getByRole('button', { name: 'Remove screenshot a.png' }).click();
    await expect.poll(() => calls(page, 'screenshots.remove')).toHaveLength(3);
    expect(await page.locator('dialog[open]').count()).toBe(0);
  });
});
