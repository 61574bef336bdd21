// An undo step keeps its label's catalogue message beside the English (schema 10): the app says
// it in Russian from the message, not by reading the English back; a step recorded before the
// column existed (a profile of schema 9) still reads, its English said from the fixed forms.
import { asSchema } from '../support/olderSchema';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, SCHEMA_VERSION, type Store } from '../../electron/core/store';
import { testDatabase } from '../../electron/core/store/testing';
import { translate } from '../../electron/contract/i18n';
import { undoLabelIn } from '../../electron/core/usecases/offers/undo';
import { manualClock, tempDir } from '../store/fixtures';

let store: Store | null = null;
afterEach(() => store?.close());

describe("an undo step's label in the app's language", () => {
  it('is said from its kept message; a step of a schema-10 profile falls back to its English', () => {
    const dir = tempDir();
    store = openStore(dir.file('seller.db'), { clock: manualClock() });
    const steps = store.undoSteps();
    // A label whose English no table knows: only the kept message can say it in Russian.
    steps.record(
      {
        text: 'Status Not Active on 2 offers (new wording)',
        say: { key: 'undo.step.status', values: { status: 3, count: 2 } },
      },
      [],
      () => [1, 2],
      (ids) => ids,
    );
    const kept = steps.last()!;
    expect(kept.label).toBe('Status Not Active on 2 offers (new wording)');
    expect(kept.say).toEqual({ key: 'undo.step.status', values: { status: 3, count: 2 } });
    expect(undoLabelIn(kept.label, 'ru', kept.say)).toBe('Статус «Неактивно» у 2 предложений');
    // The app's English is said from the message too (counts grouped as English writes them).
    expect(undoLabelIn(kept.label, 'en', kept.say)).toBe('Status Not Active on 2 offers');
    // A save names its offer as the use cases do; the name is said in the language too.
    expect(
      undoLabelIn('Save of Offer 1042', 'ru', {
        key: 'undo.step.save',
        values: { offer: 'Offer 1042' },
      }),
    ).toBe('Сохранение: Предложение 1042');

    // The profile as schema 9 left it: no column, a step with its English only.
    const db = testDatabase(store);
    db.exec('DELETE FROM undo_steps');
    asSchema(db, 9);
    db.prepare('INSERT INTO undo_steps (label, at, offers) VALUES (?, ?, 2)').run(
      'Delete 2 offers',
      kept.at,
    );
    store.close();
    store = openStore(dir.file('seller.db'), { clock: manualClock() });
    expect(testDatabase(store).pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    const old = store.undoSteps().last()!;
    expect(old).toMatchObject({ label: 'Delete 2 offers', say: null });
    expect(undoLabelIn(old.label, 'ru', old.say)).toBe('Удаление 2 предложений');
  });
});

describe('what undo did, in words the seller reads', () => {
  const say = {
    key: 'undo.step.price',
    values: { sign: '−', value: 10, percent: 'yes', count: 1279 },
  } as const;
  const label = 'Price −10 % on 1279 offers';

  it('a big count is written as the language writes it, in English too (the CLI keeps the stored label)', () => {
    expect(undoLabelIn(label, 'en', say)).toBe('Price −10 % on 1,279 offers');
    expect(undoLabelIn(label, 'ru', say)).toBe('Цена −10 % у 1\u00a0279 предложений');
    expect(undoLabelIn(label, 'en', null)).toBe(label);
  });

  it('the toast says the offers are back as they were, with Russian plurals', () => {
    const done = (locale: 'en' | 'ru', count: number) =>
      translate(locale, 'undo.done', { label: undoLabelIn(label, locale, say), count });
    expect(done('en', 1279)).toBe(
      'Undone: Price −10 % on 1,279 offers. 1,279 offers are back as they were.',
    );
    expect(done('ru', 1279)).toBe(
      'Цена −10 % у 1\u00a0279 предложений — отменено. 1\u00a0279 предложений вернулись к прежнему виду.',
    );
    expect(done('ru', 21)).toMatch(/— отменено\. 21 предложение вернулось к прежнему виду\.$/);
    expect(done('ru', 3)).toMatch(/— отменено\. 3 предложения вернулись к прежнему виду\.$/);
  });
});
