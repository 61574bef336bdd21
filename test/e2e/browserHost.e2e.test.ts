// The browser host itself: the built renderer loads in Chromium, `window.sellerDesk` works over
// the loopback bridge (calls, events, files), nothing trips the CSP, the token never comes back
// to the page, and a screenshot is saved for people to look at.
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import { contentTypeOf, resolveStaticPath } from '../../electron/shell/staticFiles';
import type { Harness } from './harness';
import { openHarness, RENDERER_DIR } from './harness';

/**
 * What the page's globals look like from here (the test program has no DOM library). Callbacks
 * run in the browser, so each one reaches them through `globalThis` itself.
 */
interface PageGlobals {
  sellerDesk: SellerDeskApi;
  document: { getElementById(id: string): { childElementCount: number } | null };
  location: { hash: string };
  File: new (parts: string[], name: string) => unknown;
  setTimeout(fn: () => void, ms: number): unknown;
}

let desk: Harness;

beforeAll(async () => {
  desk = await openHarness({ on: 'browser host', name: 'browser-host' });
}, 60_000);

afterAll(async () => {
  await desk?.close();
});

describe('Seller Desk in the browser host', () => {
  it('loads the renderer, without the secret left in the address bar', async () => {
    await expect(desk.page).toBeDefined();
    expect(await desk.page.title()).toBe('Seller Desk');
    await desk.page.waitForFunction(
      () =>
        ((globalThis as unknown as PageGlobals).document.getElementById('app')?.childElementCount ??
          0) > 0,
    );
    expect(
      await desk.page.evaluate(() => (globalThis as unknown as PageGlobals).location.hash),
    ).not.toContain(desk.host.launchSecret);
    expect(desk.page.url()).not.toContain(desk.host.launchSecret);
  });

  it('loads without a console error, the favicon included', async () => {
    // The browser asks for the page's icon once the page has loaded; give it that moment.
    await desk.page.waitForLoadState('load');
    await desk.page.waitForTimeout(500);
    expect(desk.console.filter((line) => /^(error|pageerror)/.test(line))).toEqual([]);
    const href = await desk.page.getAttribute('link[rel="icon"]', 'href');
    expect(href).toBeTruthy();
    const icon = await desk.page.request.get(new URL(href!, desk.page.url()).href);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/png');
    // Electron's app:// scheme maps paths with the same function as the host.
    const file = resolveStaticPath(new URL(href!, 'app://renderer/').pathname, RENDERER_DIR);
    expect(file && existsSync(file)).toBe(true);
    expect(contentTypeOf(file!)).toBe('image/png');
  });

  it('answers window.sellerDesk over the bridge and streams its events', async () => {
    const before = await desk.page.evaluate(() =>
      (globalThis as unknown as PageGlobals).sellerDesk.session.status(),
    );
    expect(before).toMatchObject({ ok: true, value: { mode: 'none', tokenSet: false } });

    const seen = await desk.page.evaluate(async () => {
      const api = (globalThis as unknown as PageGlobals).sellerDesk;
      const events: unknown[] = [];
      const got = new Promise<void>((done) => {
        const off = api.on('session.changed', (payload) => {
          events.push(payload);
          off();
          done();
        });
      });
      const connected = await api.session.useSandbox();
      await got;
      return { connected, events };
    });
    expect(seen.connected).toMatchObject({ ok: true, value: { mode: 'sandbox' } });
    expect(seen.events[0]).toMatchObject({ mode: 'sandbox' });

    const expected = desk.sandbox.control.offers(1).length;
    const counts = await desk.page.evaluate(async (want) => {
      // The first sync of the sandbox's demo offers runs in the background.
      for (let i = 0; i < 150; i++) {
        const result = await (globalThis as unknown as PageGlobals).sellerDesk.offers.counts();
        if (result.ok && result.value.total === want) return result;
        await new Promise<void>((r) => (globalThis as unknown as PageGlobals).setTimeout(r, 100));
      }
      return (globalThis as unknown as PageGlobals).sellerDesk.offers.counts();
    }, expected);
    expect(expected).toBeGreaterThan(0);
    expect(counts.ok && counts.value.total).toBe(expected);
  });

  it('refuses a malformed call with bad_input, and the token never comes back', async () => {
    const results = await desk.page.evaluate(async () => {
      const api = (globalThis as unknown as PageGlobals).sellerDesk as unknown as {
        offers: { get(input: unknown): Promise<unknown> };
      };
      return [
        await api.offers.get({ localId: 'seven' }),
        await (globalThis as unknown as PageGlobals).sellerDesk.session.status(),
      ];
    });
    expect(results[0]).toMatchObject({ ok: false, error: { kind: 'bad_input' } });
    const token = desk.sandbox.sellers[0]!.token;
    expect(JSON.stringify(results)).not.toContain(token);
    expect(await desk.page.content()).not.toContain(token);
  });

  it('hands a file from the page to the core as a staged reference', async () => {
    const ref = await desk.page.evaluate(() =>
      (globalThis as unknown as PageGlobals).sellerDesk.fileRef(
        new (globalThis as unknown as PageGlobals).File(
          ['login;password\nacc;pw\n'],
          'accounts.csv',
        ) as File,
      ),
    );
    expect(ref).toMatch(/^staged:[0-9a-f]{32}$/);
    const path = await desk.staging.resolveFileRef(ref);
    expect(readFileSync(path, 'utf8')).toBe('login;password\nacc;pw\n');
  });

  it('opens one tab with the printed address; a reload keeps that tab linked', async () => {
    // Another tab given the same address after the page has traded its secret gets nothing.
    const other = await desk.context.newPage();
    try {
      await other.goto(desk.host.url);
      const refused = await other.evaluate(() =>
        (globalThis as unknown as PageGlobals).sellerDesk.session.status(),
      );
      expect(refused).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    } finally {
      await other.close();
    }
    await desk.page.reload();
    const status = await desk.page.evaluate(() =>
      (globalThis as unknown as PageGlobals).sellerDesk.session.status(),
    );
    expect(status).toMatchObject({ ok: true, value: { mode: 'sandbox' } });
  });

  it('keeps working after the host restarts, and shows no CSP violation', async () => {
    await desk.restartHost();
    await desk.page.waitForFunction(
      () =>
        ((globalThis as unknown as PageGlobals).document.getElementById('app')?.childElementCount ??
          0) > 0,
    );
    const status = await desk.page.evaluate(() =>
      (globalThis as unknown as PageGlobals).sellerDesk.session.status(),
    );
    expect(status).toMatchObject({ ok: true, value: { mode: 'sandbox' } });
    expect(desk.console.filter((line) => /Content Security Policy/i.test(line))).toEqual([]);
  });

  it('saves a screenshot for people to look at', async () => {
    await desk.page.waitForTimeout(300);
    const path = await desk.screenshot('offers');
    const png = readFileSync(path);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.length).toBeGreaterThan(5_000);
  });
});
