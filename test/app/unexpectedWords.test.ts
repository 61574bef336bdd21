// An unexpected failure in the app's language: the app says a catalogue sentence of its own
// ("Что-то пошло не так…"), and the technical words it did not expect (an unknown marketplace
// answer, SQLite's) follow only as a detail, redacted like every failure that leaves the core.
// The command line keeps its English word for word. Real failure mapping, the real handler wrapper
// and dispatcher, and the renderer's own sentence for a failed call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch, type Handlers } from '../../electron/contract/ipc/dispatch';
import type { AppError } from '../../electron/contract/ipc/result';
import { MarketplaceError } from '../../electron/core/api/errors';
import { withFailures } from '../../electron/core/app/failures';
import { toFailure } from '../../electron/core/usecases/failure';
import { explainError } from '../../renderer/src/lib/errorText';
import { followLocale } from '../../renderer/src/lib/i18nText';
import type { Locale } from '../../electron/contract/i18n';

const TOKEN = 'sd-live-4f1c9e2a7b3d8e6f';
let locale: Locale = 'ru';
beforeAll(() => followLocale(() => locale));
afterAll(() => followLocale(() => 'en'));

/** An answer of a kind the client never met, its words quoting the token it was sent with. */
const oddAnswer = () =>
  new MarketplaceError({
    kind: 'teapot' as never,
    status: 418,
    method: 'GET',
    path: '/offers/my',
    detail: `I'm a teapot (token ${TOKEN})`,
  });

const sqliteFull = () =>
  Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });

/** A failed call as the renderer receives it: through the core's wrapper and the dispatcher. */
async function failedCall(error: Error, appLocale: Locale): Promise<AppError> {
  const handlers = withFailures(
    { secrets: () => [TOKEN], locale: () => appLocale },
    {
      'offers.counts': async () => {
        throw error;
      },
    },
  );
  const result = await dispatch(handlers as unknown as Handlers, 'offers.counts', {});
  if (result.ok) throw new Error('the call did not fail');
  return result.error;
}

describe('an unexpected failure in the seller language', () => {
  it("an answer the client did not expect: the app's sentence in Russian, the marketplace's words only as a redacted detail", async () => {
    locale = 'ru';
    const error = await failedCall(oddAnswer(), 'ru');
    expect(error.kind).toBe('internal');
    expect(error.message).toBe(
      'Что-то пошло не так: маркетплейс дал ответ, которого Seller Desk не ожидал.',
    );
    expect(error.detail).toMatch(/I'm a teapot/);
    expect(error.detail).not.toContain(TOKEN);
    expect(JSON.stringify(error)).not.toContain(TOKEN);
    // The renderer shows the sentence first and the technical words after, as details.
    expect(explainError(error)).toBe(`${error.message} Подробности: ${error.detail}`);

    locale = 'en';
    const english = await failedCall(oddAnswer(), 'en');
    expect(explainError(english)).toBe(
      `Something went wrong: the marketplace gave an answer Seller Desk did not expect. Details: ${english.detail}`,
    );
    // The command line's English is the failure's own message, unchanged.
    expect(toFailure(oddAnswer()).message).toMatch(
      /^The marketplace answered unexpectedly: GET \/offers\/my: 418 teapot — I'm a teapot/,
    );
  });

  it("a data folder SQLite cannot use: the sentence in Russian, SQLite's words as the detail", async () => {
    locale = 'ru';
    const error = await failedCall(sqliteFull(), 'ru');
    expect(error.message).toBe('Не удалось использовать папку данных.');
    expect(error.detail).toBe('database or disk is full');
    expect(explainError(error)).toBe(
      'Не удалось использовать папку данных. Подробности: database or disk is full',
    );
    expect(toFailure(sqliteFull()).message).toBe(
      'The data folder could not be used: database or disk is full',
    );
  });

  it('an error that is none of ours is logged whole and said with the app sentence alone', async () => {
    locale = 'ru';
    const logged: unknown[] = [];
    const handlers = withFailures(
      { secrets: () => [TOKEN], locale: () => 'ru' as const },
      {
        'offers.counts': async () => {
          throw new TypeError(`cannot read x of undefined near ${TOKEN}`);
        },
      },
    );
    const result = await dispatch(handlers as unknown as Handlers, 'offers.counts', {}, (_c, e) =>
      logged.push(e),
    );
    if (result.ok) throw new Error('the call did not fail');
    expect(result.error.detail).toBeUndefined();
    expect(explainError(result.error)).toBe(
      'Внутри Seller Desk что-то пошло не так. Ошибка записана в журнал.',
    );
    expect(String((logged[0] as Error).message)).not.toContain(TOKEN);
  });
});
