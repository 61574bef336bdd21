// The renderer's plain modules speak the app's language: with the locale Russian, statuses,
// queue words, the bulk preview's core sentences, field labels, delivery times and number
// inputs read in Russian; back in English they are what the English tests assert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followLocale } from '../../renderer/src/lib/i18nText';
import {
  describeStatus,
  pendingStatusInfo,
  syncStateInfo,
} from '../../renderer/src/lib/offerStatus';
import { changeWords } from '../../renderer/src/lib/queueWords';
import { confirmLabel, previewInWords, previewSummary } from '../../renderer/src/lib/bulkPreview';
import { fieldLabel, reasonBesideField, sellerProblem } from '../../renderer/src/lib/fieldLabels';
import { formatDelivery, humanToMs } from '../../renderer/src/lib/deliveryTime';
import { parsePriceChange } from '../../renderer/src/lib/priceChange';
import { explainError } from '../../renderer/src/lib/errorText';
import { formatPrice } from '../../renderer/src/lib/format';
import { formFromDetail } from '../../renderer/src/lib/offerForm';
import {
  PRICE_ROUNDING_RULE,
  SOLD_LEFT_OUT,
  reviewWarning,
} from '../../electron/contract/rules/consequences';
import {
  credentialFieldLabels,
  ruCredentialFieldLabels,
  ruWriteFieldLabels,
  writeFieldLabels,
} from '../../electron/contract/rules/fieldLabels';
import type { ChangePreview } from '../../electron/contract/ipc/changeModels';

let locale: 'en' | 'ru' = 'ru';
beforeAll(() => followLocale(() => locale));
afterAll(() => followLocale(() => 'en'));

const preview: ChangePreview = {
  selected: 3,
  changing: 2,
  changes: [
    {
      localId: 1,
      offer: 'Offer 1028 of "WoW Retail Gold"',
      before: '0.034',
      after: '0.0332',
      toReview: false,
      toSale: false,
      belowCost: false,
    },
    {
      localId: 2,
      offer: 'Offer 1008 "44 skins, PC"',
      before: '35',
      after: '31.5',
      toReview: true,
      toSale: false,
      belowCost: false,
    },
  ],
  leftOutCount: 1,
  leftOut: [{ localId: 3, offer: 'New offer of "Lost Ark Gold"', reason: SOLD_LEFT_OUT }],
  toReviewCount: 1,
  toReview: ['Offer 1008 "44 skins, PC"'],
  toSaleCount: 0,
  toSale: [],
  belowCostCount: 0,
  rule: PRICE_ROUNDING_RULE,
  warnings: [reviewWarning(1)],
};

describe('the renderer in Russian', () => {
  it('names statuses and sync states, now and after a language change', () => {
    locale = 'ru';
    const active = describeStatus(2);
    expect(active.name).toBe('Активно');
    expect(syncStateInfo.local.label).toBe('Изменено здесь');
    expect(pendingStatusInfo({ delete: false, status: 3 })?.name).toBe('Станет: Неактивно');
    // The same object reads the new language: nothing is cached at load.
    locale = 'en';
    expect(active.name).toBe('Active');
    locale = 'ru';
  });

  it('says what the next sync does with Russian plurals', () => {
    expect(changeWords({ kind: 'upload', count: 21 } as never)).toBe('Загрузить 21 скриншот');
    expect(changeWords({ kind: 'upload', count: 5 } as never)).toBe('Загрузить 5 скриншотов');
    expect(changeWords({ kind: 'update', fields: ['price_per_step'] } as never)).toBe(
      'Обновить поле «Цена за шаг»',
    );
  });

  it("puts the bulk preview's core sentences, prices and offer names in Russian", () => {
    const said = previewInWords(preview);
    expect(said.rule).toBe('Цены аккаунтов округляются до 0,01, цены золота — до 0,0001.');
    expect(said.warnings[0]).toMatch(/^1 активное предложение аккаунта вернётся на проверку/);
    expect(said.changes[0]).toMatchObject({
      offer: 'Предложение 1028 товара «WoW Retail Gold»',
      before: '0,034',
      after: '0,0332',
    });
    expect(said.leftOut[0]).toMatchObject({
      offer: 'Новое предложение товара «Lost Ark Gold»',
      reason: 'Продано: проданное предложение остаётся как есть.',
    });
    expect(previewSummary(said, 'price')).toBe('Изменятся 2 предложения · пропущено: 1');
    expect(confirmLabel({ ...said, changing: 21 }, 'delete')).toBe('Удалить 21 предложение');
    locale = 'en';
    expect(previewInWords(preview)).toBe(preview);
    locale = 'ru';
  });

  it('labels every field in Russian (the Russian maps have the English keys)', () => {
    expect(Object.keys(ruWriteFieldLabels).sort()).toEqual(Object.keys(writeFieldLabels).sort());
    expect(Object.keys(ruCredentialFieldLabels).sort()).toEqual(
      Object.keys(credentialFieldLabels).sort(),
    );
    expect(fieldLabel('offers.0.outer_name')).toBe('Название для покупателей');
    expect(fieldLabel('credentials.1.password')).toBe('Аккаунт 2: Пароль');
    expect(
      sellerProblem({ field: 'price_per_step', message: 'The price per step field is required.' }),
    ).toBe('Цена за шаг: обязательное поле');
    expect(reasonBesideField('amount', 'The amount field must be at least 1.')).toBe(
      'Должно быть не меньше 1.',
    );
  });

  it('reads numbers the Russian way and writes them so', () => {
    expect(humanToMs('1,5', 'hours')).toEqual({ ok: true, ms: 5_400_000 });
    expect(formatDelivery(2 * 86_400_000)).toBe('2 дня');
    expect(formatDelivery(5 * 86_400_000)).toBe('5 дней');
    expect(parsePriceChange('amount', '-0,5')).toEqual({ ok: true, value: -0.5 });
    expect(parsePriceChange('amount', '0')).toEqual({
      ok: false,
      message: 'Изменение на ноль ничего не меняет.',
    });
    expect(formatPrice(1234.5)).toBe('1\u00a0234,5');
    // What the editor's inputs hold, read back unchanged.
    const form = formFromDetail({
      product: { id: 1, marketplace_type: 1, product_fields: [] },
      fields: { price_per_step: 0.06, amount: 1000.5 },
      // A minute and a half: no whole unit shows it, so minutes with a decimal comma.
      deliveryTimeMs: 90_000,
      data: {},
    } as never);
    expect([form.price, form.amount, form.deliveryValue]).toEqual(['0,06', '1000,5', '1,5']);
    expect(explainError({ kind: 'offline', message: 'x' } as never)).toBe(
      'x Маркетплейс сейчас недоступен. Ничего не потеряно: изменения ждут в очереди.',
    );
  });

  it('in English, refuses an ambiguous "1,000" typed as a change or a delivery time', () => {
    locale = 'en';
    try {
      const unclear =
        '“1,000” is unclear: for one thousand write 1000, for a decimal use a dot (1.000).';
      expect(parsePriceChange('amount', '1,000')).toEqual({ ok: false, message: unclear });
      expect(humanToMs('1,000', 'minutes')).toEqual({ ok: false, message: unclear });
    } finally {
      locale = 'ru';
    }
  });
});
