// The refusals catalogue's English is the use cases' own message, word for word: an app in
// English says what the command line prints. A refusal the use case says from the catalogue
// itself (its English is `translate('en', …)` of the key) is equal by construction; one that
// still writes its English must write the catalogue's: without arguments the whole sentence,
// with them its words before the first.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../electron/contract/i18n/catalogues/refusals';

function sources(dir: string): string[] {
  return files(dir).map((path) => readFileSync(path, 'utf8'));
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const useCases = sources(join(__dirname, '../../electron/core/usecases')).join('\n');
const store = readFileSync(join(__dirname, '../../electron/core/store/undoSteps.ts'), 'utf8');
const rules = sources(join(__dirname, '../../electron/contract/rules')).join('\n');
// Template literals and string concatenation in the sources, unwrapped to their words.
const written = (useCases + store + rules).replace(/'\s*\+\s*\n\s*`/g, '').replace(/\\\\/g, '\\');

/** The sources naming the key make their English from the catalogue: nothing written twice. */
function saidFromCatalogue(key: string): boolean {
  const naming = [
    join(__dirname, '../../electron/core/usecases'),
    join(__dirname, '../../electron/contract/rules'),
  ]
    .flatMap(sources)
    .filter((source) => source.includes(`'${key}'`));
  return naming.length > 0 && naming.every((source) => /translate\('en'/.test(source));
}

describe('the refusals catalogue', () => {
  // The app's own refusals (`refusals.app.*`) are made from the catalogue (core/app/failures
  // refusal), so their English is the catalogue's by construction.
  for (const [key, message] of Object.entries(en).filter(([k]) => !k.startsWith('refusals.app.'))) {
    it(`${key}: its English is the use case's`, () => {
      if (saidFromCatalogue(key)) return;
      if (key.startsWith('refusals.offers.none')) {
        // selection.ts composes "No offers ${what} in the local data." from these parts.
        for (const part of ['No offers ${what} in the local data.', '`of product ${productId}`']) {
          expect(written).toContain(part);
        }
        expect(written).toContain('`with status ${status}`');
        return;
      }
      if (key.startsWith('refusals.offers.undo.')) {
        // `Cannot undo "${label}": ${reason}` with the store's reason.
        const reason = message.replace(/^Cannot undo "\{label\}": /, '');
        expect(written).toContain(reason);
        return;
      }
      const pieces = message
        .replace(/\{[a-z]+, (select|plural), [^]*?\}\}/g, '{arg}')
        .split(/\{[a-z]+\}/)
        .map((p) => p.trim())
        .filter((p) => p.length > 3);
      expect(pieces.length).toBeGreaterThan(0);
      // Without arguments: the whole sentence; with them, the words before the first (a
      // sentence composed of parts, such as "No offers of product 5 with status 2", is
      // written in pieces in the source).
      if (!message.includes('{')) expect(written).toContain(message);
      else expect(written, pieces[0]).toContain(pieces[0]);
    });
  }
});
