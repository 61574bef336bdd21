// A component shows the seller only words from the catalogues (`t('area.key')`): a literal word in
// a template — text, a placeholder/title/aria-label/alt/label, a component's wording prop, or a
// quoted sentence inside `{…}` — fails here, in any renderer .svelte file not on the list below.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parse } from 'svelte/compiler';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const renderer = join(root, 'renderer/src');

/**
 * Files still being converted this wave, each with who converts it. The goal is an empty list:
 * whoever converts a file removes it here (a converted file still listed fails too).
 */
const notYetConverted: Record<string, string> = {
  'App.svelte': 'PA',
  'components/BulkOutcomeDialog.svelte': 'PA',
  'components/BulkPreviewDialog.svelte': 'PA',
  'components/ColumnsMenu.svelte': 'PA',
  'components/ConfirmDialog.svelte': 'PA',
  'components/ConnectScreen.svelte': 'PA',
  'components/DataFieldInput.svelte': 'PA',
  'components/FieldProblems.svelte': 'PA',
  'components/Modal.svelte': 'PA',
  'components/NoCoreNotice.svelte': 'PA',
  'components/Notices.svelte': 'PA',
  'components/OfferEditor.svelte': 'PA',
  'components/OffersTable.svelte': 'PA',
  'components/OffersView.svelte': 'PA',
  'components/PriceChangeDialog.svelte': 'PA',
  'components/ProductFields.svelte': 'PA',
  'components/ProductPicker.svelte': 'PA',
  'components/Sidebar.svelte': 'PA',
  'components/TaskBar.svelte': 'PA',
  'components/TokenForm.svelte': 'PA',
  'components/ActivityView.svelte': 'PB',
  'components/CatalogueView.svelte': 'PB',
  'components/ConflictResolver.svelte': 'PB',
  'components/ConnectionStatus.svelte': 'PB',
  'components/ProfileSwitcher.svelte': 'PB',
  'components/SalesView.svelte': 'PB',
  'components/SyncPanel.svelte': 'PB',
  'components/credentials/CredentialPreviewTable.svelte': 'PB',
  'components/credentials/CredentialsPanel.svelte': 'PB',
  'components/credentials/EncodingSelect.svelte': 'PB',
  'components/credentials/SingleCredentialEditor.svelte': 'PB',
  'components/imports/ExportMenu.svelte': 'PB',
  'components/imports/FileDropZone.svelte': 'PB',
  'components/imports/OfferImportDialog.svelte': 'PB',
  'components/imports/OfferTransferBar.svelte': 'PB',
  'components/screenshots/ScreenshotDropZone.svelte': 'PB',
  'components/screenshots/ScreenshotStrip.svelte': 'PB',
  'components/screenshots/ScreenshotThumbnail.svelte': 'PB',
  'components/SettingsView.svelte': 'P2',
};

/** Attributes whose text the seller reads (or hears, from a screen reader). */
const wordingAttributes = new Set(['placeholder', 'title', 'aria-label', 'alt', 'label']);
/** Attributes that hold names for code, never words for the seller. */
const codeAttributes =
  /^(class|style|id|for|href|src|type|name|role|autocomplete|inputmode|data-.*|aria-(controls|describedby|labelledby|live|haspopup|current|sort))$/;
/** The product's name is the same in every language. */
const brand = /Seller Desk/g;
/** Keys on a keyboard, the only words a <kbd> may hold as they are. */
const keyNames =
  /^(Ctrl|Cmd|Shift|Alt|Option|Enter|Esc|Tab|Space|Delete|Backspace|Home|End|PageUp|PageDown|[A-Z0-9]|F\d{1,2}|[⌘⇧⌥⌃↑↓←→+\s/])+$/;

const hasLetters = (text: string) => /\p{L}/u.test(text.replace(brand, ''));
/** A quoted string in an expression that reads as words for a person, not a name for code. */
const looksLikeWording = (text: string) => {
  const words = text.replace(brand, '');
  return /\p{Lu}\p{Ll}/u.test(words) || /\p{L}+\s+\p{L}+/u.test(words) || /[…]/.test(words);
};

function svelteFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return svelteFiles(path);
    return name.endsWith('.svelte') ? [relative(renderer, path).split('\\').join('/')] : [];
  });
}

type Node = { type?: string; [key: string]: unknown };

/** The literal wording a component's template shows, as "<element>: text" lines. */
export function literalsIn(source: string): string[] {
  const ast = parse(source, { modern: true }) as unknown as { fragment: Node };
  const found: string[] = [];

  const expressionLiterals = (node: unknown, where: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n) => expressionLiterals(n, where));
    const n = node as Node;
    // Keys of objects and comparisons name things for the code (`status === 'Active'` is rare
    // but `t('offers.title')` is the rule): a call's arguments are not the seller's wording.
    if (n.type === 'CallExpression' || n.type === 'BinaryExpression') return;
    if (n.type === 'Literal' && typeof n.value === 'string' && looksLikeWording(n.value)) {
      found.push(`${where}: "${n.value}"`);
    }
    if (n.type === 'TemplateLiteral') {
      for (const quasi of n.quasis as { value: { cooked: string } }[]) {
        if (looksLikeWording(quasi.value.cooked)) found.push(`${where}: \`${quasi.value.cooked}\``);
      }
    }
    for (const [key, value] of Object.entries(n)) {
      if (key !== 'loc' && key !== 'metadata' && key !== 'key') expressionLiterals(value, where);
    }
  };

  const visit = (node: unknown, inside: string[]) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n) => visit(n, inside));
    const n = node as Node;
    const where = inside.at(-1) ?? 'top';
    if (n.type === 'Text') {
      const text = String(n.data).trim();
      const keyboard = inside.includes('kbd') && keyNames.test(text);
      if (hasLetters(text) && !keyboard) found.push(`<${where}>: "${text}"`);
      return;
    }
    if (n.type === 'ExpressionTag') return expressionLiterals(n.expression, `<${where}> {…}`);
    if (n.type === 'Attribute') {
      const name = String(n.name);
      if (codeAttributes.test(name)) return;
      const component = /^[A-Z]/.test(where);
      const parts = Array.isArray(n.value) ? (n.value as Node[]) : [n.value as Node];
      for (const part of parts) {
        if (!part || typeof part !== 'object') continue;
        if (part.type === 'Text') {
          const text = String(part.data);
          const wording = wordingAttributes.has(name) || (component && looksLikeWording(text));
          if (wording && hasLetters(text)) found.push(`<${where} ${name}>: "${text}"`);
        } else if (part.type === 'ExpressionTag') {
          expressionLiterals(part.expression, `<${where} ${name}>`);
        }
      }
      return;
    }
    const name = n.type === 'RegularElement' || n.type === 'Component' ? String(n.name) : null;
    if (name === 'code') return;
    const next = name ? [...inside, name] : inside;
    for (const [key, value] of Object.entries(n)) {
      if (key === 'expression' && n.type !== 'ExpressionTag') {
        // Block conditions ({#if}, {#each}) decide, they do not show.
        continue;
      }
      visit(value, next);
    }
  };
  visit(ast.fragment, []);
  return found;
}

const files = svelteFiles(renderer);

describe('no literal words in components', () => {
  it('finds the components, and what a literal looks like', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(
      literalsIn(
        `<button title="Close it" aria-label={busy ? 'Saving…' : 'Save'}>Save</button>
         <Modal heading="Delete offers"><kbd>Ctrl</kbd><code>seller-desk push</code></Modal>
         <p class="big note">{t('offers.title')}</p><span>Seller Desk</span><i>{'×'}</i>`,
      ),
    ).toEqual([
      '<button title>: "Close it"',
      '<button aria-label>: "Saving…"',
      '<button aria-label>: "Save"',
      '<button>: "Save"',
      '<Modal heading>: "Delete offers"',
    ]);
  });

  it.each(files.filter((file) => !(file in notYetConverted)))('%s has none', (file) => {
    expect(literalsIn(readFileSync(join(renderer, file), 'utf8'))).toEqual([]);
  });

  it('lists only files that exist and still hold literal words (remove a file once converted)', () => {
    const stale = Object.keys(notYetConverted).filter(
      (file) =>
        !files.includes(file) ||
        literalsIn(readFileSync(join(renderer, file), 'utf8')).length === 0,
    );
    expect(stale).toEqual([]);
  });
});
