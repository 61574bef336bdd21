// The check the Russian walks share: which English words of the app's own wording are left on
// screen, once the marketplace's data (product and offer names, field titles and values) and the
// words that stay the same in Russian (brand, keys, file formats) are taken out.
import type { Page } from 'playwright-core';
import type { SellerDeskApi } from '../../electron/contract/ipc';

/** The page's globals as these callbacks use them (the test program has no DOM library). */
interface PageElement {
  closest(selector: string): PageElement | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
  cloneNode(deep: true): PageElement;
  replaceWith(text: string): void;
  append(text: string): void;
  textContent: string | null;
  checkVisibility?(): boolean;
  getAttribute(name: string): string | null;
  tagName: string;
  innerText?: string;
}
type PageGlobals = {
  sellerDesk: SellerDeskApi;
  document: { querySelectorAll(selector: string): Iterable<PageElement> };
};

/** Every string the marketplace's own data puts on screen, longest first. */
export async function dataWords(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const api = (globalThis as unknown as PageGlobals).sellerDesk;
    const words: string[] = [];
    const products = await api.catalogue.list({});
    if (products.ok) {
      for (const p of products.value) {
        words.push(p.title);
        const full = await api.catalogue.get({ productId: p.id });
        if (full.ok) {
          for (const f of full.value.product_fields) {
            words.push(f.title, f.placeholder ?? '');
            words.push(...f.field_values.map((v) => v.value));
          }
        }
      }
    }
    const rows = await api.offers.query({
      sort: { column: 'updated_at', dir: 'desc' },
      offset: 0,
      limit: 500,
    });
    if (rows.ok) {
      for (const r of rows.value.rows) {
        words.push(r.outerName ?? '', r.internalName ?? '', r.productTitle, r.fieldValues ?? '');
        words.push(...(r.fieldValues ?? '').split(' · '));
      }
    }
    // A profile is named after the seller's shop (a product title) or the marketplace's host.
    const profiles = await api.profiles.list();
    if (profiles.ok) words.push(...profiles.value.profiles.map((p) => p.name));
    return words.filter((w) => w.trim() !== '').sort((a, b) => b.length - a.length);
  });
}

/** What a walk reads: the app's wording places, and the parts that are someone else's to prove. */
export interface WordingPlaces {
  chosen: string;
  skip: string;
}

export const navigationAndDialogs: WordingPlaces = {
  chosen:
    'nav, button, h1, h2, h3, label, legend, summary, [role="columnheader"], .notice, [role="alert"], [role="status"], dialog header, dialog footer, .muted, .hint, option, [placeholder], [title], [aria-label]',
  skip: '[data-testid="profile-switcher"], nav .status, .values',
};

const sameInRussian =
  /^(Seller|Desk|Ctrl|Cmd|Shift|Esc|Enter|API|pro|email|Email|id|SD|npm|start|JPEG|PNG|CSV|TSV|XLSX|JSON|csv|txt|UTF|KOI|Windows|Excel|English|Telegram|Bot|HMAC|SHA)$/;
/** Written as the other side reads them in any language: an address, an HTTP header's name. */
const asTyped = /https?:\/\/\S*|\bX(-[A-Z][A-Za-z]+)+/g;

export async function englishLeft(
  page: Page,
  data: string[],
  places: WordingPlaces = navigationAndDialogs,
): Promise<string[]> {
  const texts = await page.evaluate((where) => {
    const chosen = (globalThis as unknown as PageGlobals).document.querySelectorAll(where.chosen);
    const out: string[] = [];
    for (const el of chosen) {
      if (el.closest(where.skip)) continue;
      if (el.checkVisibility && !el.checkVisibility() && el.tagName !== 'OPTION') continue;
      // A command in <code> ("seller-desk push") stays as typed in any language; the parts
      // skipped are left out of the places around them too (read from a copy without them).
      const parts = `code, ${where.skip}`;
      if (el.querySelector(parts)) {
        const copy = el.cloneNode(true);
        for (const part of copy.querySelectorAll(parts)) part.replaceWith(' ');
        // A copy has no layout: a space after each element keeps two lines two words.
        for (const inner of copy.querySelectorAll('*')) inner.append(' ');
        out.push(copy.textContent ?? '');
      } else out.push(el.innerText ?? '');
      for (const name of ['placeholder', 'title', 'aria-label']) {
        const value = el.getAttribute(name);
        if (value) out.push(value);
      }
    }
    return out;
  }, places);
  const left = new Set<string>();
  // Longest first: a profile named after the host ("127.0.0.1") must not cut the marketplace's
  // address ("http://127.0.0.1:4010") before the address itself is taken out.
  const ordered = [...data].sort((a, b) => b.length - a.length);
  for (let text of texts) {
    for (const word of ordered) text = text.split(word).join(' ');
    text = text.replace(asTyped, ' ');
    for (const word of text.match(/[A-Za-z]{3,}/g) ?? []) {
      if (!sameInRussian.test(word)) left.add(word);
    }
  }
  return [...left].sort();
}
