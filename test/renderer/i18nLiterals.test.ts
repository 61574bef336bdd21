// A component shows the seller only words from the catalogues (`t('area.key')`): a literal word in
// a template — text, a placeholder/title/aria-label/alt/label, a component's wording prop, or a
// quoted sentence inside `{…}` — fails here, in any renderer .svelte file not on the list below.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { literalsIn, scriptLiteralsIn } from './literalWords';

const root = resolve(import.meta.dirname, '../..');
const renderer = join(root, 'renderer/src');

/**
 * Files still being converted this wave, each with who converts it. The goal is an empty list:
 * whoever converts a file removes it here (a converted file still listed fails too).
 */
const notYetConverted: Record<string, string> = {};

function svelteFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return svelteFiles(path);
    return name.endsWith('.svelte') ? [relative(renderer, path).split('\\').join('/')] : [];
  });
}

const files = svelteFiles(renderer);

describe('no literal words in components', () => {
  it('finds the components, and what a literal looks like', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(
      literalsIn(
        `<button title="Close it" aria-label={busy ? 'Saving…' : 'Save'}>Save</button>
         <Modal heading="Delete offers"><kbd>Ctrl</kbd><code>seller-desk push</code></Modal>
         <code>Run this first</code>
         <p class="big note">{t('offers.title')}</p><span>Seller Desk</span><i>{'×'}</i>
         <input placeholder="https://example.com/hook" />`,
      ),
    ).toEqual([
      '<button title>: "Close it"',
      '<button aria-label>: "Saving…"',
      '<button aria-label>: "Save"',
      '<button>: "Save"',
      '<Modal heading>: "Delete offers"',
      '<code>: "Run this first"',
    ]);
  });

  it.each(files.filter((file) => !(file in notYetConverted)))('%s has none', (file) => {
    const source = readFileSync(join(renderer, file), 'utf8');
    expect([...literalsIn(source), ...scriptLiteralsIn(source)]).toEqual([]);
  });

  it('finds words a script hands the seller, not keys, names or selectors', () => {
    expect(
      scriptLiteralsIn(`<script lang="ts">
        notify('Saved on this computer.', 'good');
        saveError = \`Fix \${n} fields first\`;
        const title = t('offers.title');
        const command = 'newOffer';
        document.querySelector('[data-command="importOffers"]');
        if (kind === 'Sold out') done();
        const grid = '32px minmax(160px, 1fr)';
      </script>`),
    ).toEqual(['script: "Saved on this computer."', 'script: `Fix `', 'script: ` fields first`']);
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
