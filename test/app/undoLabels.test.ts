// Undo's labels are kept in English (the command line prints them); the app says their fixed
// forms again in its language, and an older label of another form as it was written.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { undoLabelIn } from '../../electron/core/usecases/offers';

const source = (path: string) => readFileSync(join(__dirname, '../../electron/core', path), 'utf8');

describe("undo's labels", () => {
  it('an import and a discard, said in Russian with the right plural', () => {
    // The forms the use cases write (russianWords.test.ts runs the bulk ones for real).
    expect(source('usecases/transfers/importOffers.ts')).toContain('`Import of ${');
    expect(source('usecases/offers/discardLocalChanges.ts')).toContain(
      '`Discard of local changes on ${offersCount(changed)}`',
    );
    expect(undoLabelIn('Import of 1 offer', 'ru')).toBe('Импорт 1 предложения');
    expect(undoLabelIn('Import of 21 offers', 'ru')).toBe('Импорт 21 предложения');
    expect(undoLabelIn('Import of 5 offers', 'ru')).toBe('Импорт 5 предложений');
    expect(undoLabelIn('Discard of local changes on 3 offers', 'ru')).toBe(
      'Сброс локальных изменений у 3 предложений',
    );
    expect(undoLabelIn('Price +1.25 on 1 offer', 'ru')).toBe('Цена +1,25 у 1 предложения');
  });

  it('English as stored; a label of another form as it is', () => {
    expect(undoLabelIn('Import of 5 offers', 'en')).toBe('Import of 5 offers');
    expect(undoLabelIn('Edit of "Gold 100k"', 'ru')).toBe('Edit of "Gold 100k"');
    expect(undoLabelIn('Status Frozen on 2 offers', 'ru')).toBe('Status Frozen on 2 offers');
  });
});
