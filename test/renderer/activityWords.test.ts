import { describe, expect, it } from 'vitest';
import { activityAnswer, activityOperation } from '../../renderer/src/lib/activityWords';

// The log keeps the core's English (the CLI and the CSV export read it); the Activity view says
// each of its forms in the app's language, and leaves the marketplace's own words as they were.
describe('activity words', () => {
  it('keeps English as it was kept', () => {
    expect(activityOperation('Edit 2 offers', 'en')).toBe('Edit 2 offers');
    expect(activityAnswer('10 of 10 offers read', 'en')).toBe('10 of 10 offers read');
  });

  it('says the operations in Russian, counted with Russian plurals', () => {
    expect(activityOperation('Read offers', 'ru')).toBe('Чтение предложений');
    expect(activityOperation('Edit 1 offer', 'ru')).toBe('Изменение 1 предложения');
    expect(activityOperation('Edit 5 offers', 'ru')).toBe('Изменение 5 предложений');
    expect(activityOperation('Create 2 offers and edit 21 offers', 'ru')).toBe(
      'Создание 2 предложений и изменение 21 предложения',
    );
    expect(activityOperation('Set status to Not Active', 'ru')).toBe(
      'Смена статуса на «Неактивно»',
    );
    expect(activityOperation('Upload 3 credentials', 'ru')).toBe('Загрузка 3 аккаунтов');
    expect(activityOperation('someNewCall', 'ru')).toBe('someNewCall');
  });

  it("says the answers in Russian, the marketplace's reasons as it wrote them", () => {
    expect(activityAnswer('10 of 1204 offers read', 'ru')).toBe(
      'Прочитано предложений: 10 из 1\u00a0204',
    );
    expect(activityAnswer('2 offers accepted', 'ru')).toBe('Принято 2 предложения');
    expect(activityAnswer('21 offers accepted', 'ru')).toBe('Принято 21 предложение');
    expect(activityAnswer('1 accepted, 1 refused: The price is too low.', 'ru')).toBe(
      'Принято: 1, отклонено: 1: The price is too low.',
    );
    expect(activityAnswer('503 Injected fault', 'ru')).toBe('Injected fault');
  });
});

describe("the log's own words inside a failure", () => {
  it("'no reason given' is said in Russian, alone, after a status and after a failure's kind", () => {
    expect(activityAnswer('no reason given', 'ru')).toBe('причина не указана');
    // An earlier version's entry opened with the HTTP status: a number the screen leaves out.
    expect(activityAnswer('500 no reason given', 'ru')).toBe('причина не указана');
    expect(activityAnswer('Too many requests: no reason given', 'ru')).toBe(
      'Слишком много запросов: причина не указана',
    );
    expect(activityAnswer('Token refused: no reason given', 'ru')).toMatch(
      /^Токен отклонён: причина не указана$/,
    );
    // The marketplace's own words stay as written.
    expect(activityAnswer('Token refused: Unauthenticated.', 'ru')).toBe(
      'Токен отклонён: Unauthenticated.',
    );
    expect(activityAnswer('500 no reason given', 'en')).toBe('no reason given');
  });

  it("the client's own reasons for a failed connection are said in Russian too", () => {
    expect(
      activityAnswer(
        'Could not reach the marketplace: the connection failed before the request was sent',
        'ru',
      ),
    ).toBe('Не удалось связаться с маркетплейсом: соединение оборвалось до отправки запроса');
  });
});
