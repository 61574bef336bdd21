// A bulk change's preview and an offer import's consequences in the app's language: on a real
// profile (SQLite file, cached catalogue), asked in Russian they come with no English sentence
// left (prices with a decimal comma, plurals for 1, 2, 5 and 21); asked without a language, in
// the English the command line prints, unchanged.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { translate } from '../../electron/contract/i18n';
import type { SellerProfile } from '../../electron/core/usecases/profile';
import { previewChange } from '../../electron/core/usecases/offers';
import { previewOfferImport } from '../../electron/core/usecases/transfers/importOffers';
import { accountProduct, goldProduct, serverOffer } from '../store/fixtures';
import { openCachedProfile, type CachedProfile } from './cachedProfile';

let profile: SellerProfile;
const ids: Record<string, number> = {};
/** An English word of the core's sentences (a product's or offer's own name aside). */
const ENGLISH =
  /\b(offers?|price|review|will|the|Not Active|On Review|Active|Sold|expect|deleted|removed|field)\b/;

let world: CachedProfile;
const account = { product_id: 20, marketplace_type: 2, data: { '201': '60' } } as const;
beforeEach(() => {
  world = openCachedProfile({
    gold: serverOffer({ id: 8001, price_per_step: 0.12345 }),
    live: serverOffer({ id: 8002, ...account, price_per_step: 49.99 }),
    sold: serverOffer({ id: 8004, ...account, status: 6, price_per_step: 30 }),
  });
  ({ profile } = world);
  Object.assign(ids, world.ids);
});
afterEach(() => world.close());

/** The preview's sentences, offer and product names taken out. */
const words = (texts: (string | null)[]) =>
  texts
    .filter((t): t is string => !!t)
    .map((t) => t.replace(/"[^"]*"|«[^»]*»/g, ''))
    .join(' | ');

const file = (lines: string[]) => world.offersFile(lines);

describe('consequences in Russian', () => {
  it('a bulk price change: rule, review warning, lines and the sold offer left out', () => {
    const preview = previewChange(profile, {
      offers: { localIds: Object.values(ids) },
      change: { kind: 'price', mode: 'percent', value: -10 },
      locale: 'ru',
    });
    expect(preview.rule).toBe(translate('ru', 'offers.roundingRule'));
    expect(preview.warnings).toEqual([translate('ru', 'offers.reviewWarning', { count: 1 })]);
    expect(preview.changes.map((c) => `${c.offer}: ${c.before} → ${c.after}`)).toEqual(
      expect.arrayContaining([
        'Предложение 8001 «Gold Coins EU»: 0,1235 → 0,1111'.replace(
          'Предложение 8001 «Gold Coins EU»',
          translate('ru', 'offers.offerOf', {
            offer: translate('ru', 'offers.offerNamed', { id: '8001' }),
            product: '«Gold Coins EU»',
          }),
        ),
      ]),
    );
    expect(preview.leftOut[0]!.reason).toBe(translate('ru', 'offers.soldLeftOut'));
    const all = [
      preview.rule,
      ...preview.warnings,
      ...preview.changes.flatMap((c) => [c.offer, c.before, c.after]),
      ...preview.leftOut.flatMap((l) => [l.offer, l.reason]),
      ...preview.toReview,
    ];
    expect(words(all)).not.toMatch(ENGLISH);
  });

  it("a status change's expectation note and a deletion's lines", () => {
    const status = previewChange(profile, {
      offers: { localIds: [ids.sold!, ids.live!] },
      change: { kind: 'status', status: 3 },
      locale: 'ru',
    });
    expect(status.rule).toBe(
      `${translate('ru', 'consequences.expect.sold', { count: 1 })} ${translate('ru', 'consequences.expect.tail')}`,
    );
    expect(status.rule).toMatch(
      /^Мы ожидаем, что проданное предложение сохранит свой статус \(1 предложение\)\./,
    );
    expect(words([status.rule, ...status.changes.flatMap((c) => [c.before, c.after])])).not.toMatch(
      ENGLISH,
    );
    const english = previewChange(profile, {
      offers: { localIds: [ids.sold!, ids.live!] },
      change: { kind: 'status', status: 3 },
    });
    expect(english.rule).toBe(
      "We expect a sold offer to keep its status (1 offer). The marketplace's rules here are not published, so these changes are sent anyway: it decides, and a refusal shows with its reason.",
    );
    expect(english.rule).toBe(
      `${translate('en', 'consequences.expect.sold', { count: 1 })} ${translate('en', 'consequences.expect.tail')}`,
    );

    const deletion = previewChange(profile, {
      offers: { localIds: [ids.live!] },
      change: { kind: 'delete' },
      locale: 'ru',
    });
    // Left out as it already is: said from its key, the status by its Russian name.
    const already = previewChange(profile, {
      offers: { localIds: [ids.live!] },
      change: { kind: 'status', status: 2 },
      locale: 'ru',
    });
    expect(already.leftOut[0]!.reason).toBe('Уже «Активно».');
    // The product's name in Russian quotes, not the English form's straight ones.
    expect(already.leftOut[0]!.offer).toMatch(/^Предложение 8002 товара «[^"]+»$/);

    expect(deletion.changes[0]).toMatchObject({
      before: 'Активно',
      after: 'удалено на маркетплейсе',
    });
  });

  it("an import's forecast, counted in Russian plurals; the English as the command line prints it", async () => {
    // Each row its own price and level: equal rows are duplicates, never created.
    const row = (n: number, system: string, from = 0) =>
      Array.from({ length: n }, (_, i) => `${25 + from + i},1,1,${system},${60 + from + i}`);
    const header = 'price_per_step,amount,min_purchase_amount,credential_system_type_id,data.201';
    const forecast = async (lines: string[], locale?: 'ru') =>
      (
        await previewOfferImport(profile, {
          productId: accountProduct.id,
          file: file([header, ...lines]),
          ...(locale && { locale }),
        })
      ).consequences.forecast;
    expect(await forecast([...row(2, '3'), ...row(1, '1', 2)], 'ru')).toBe(
      '2 новых предложения будут неактивными: с системой выдачи «Несколько» и без данных для выдачи они скрыты. Добавьте их данные для выдачи до отправки — и они уйдут вместе с ними на проверку (На проверке). 1 новое предложение без системы выдачи уйдёт на проверку (На проверке).',
    );
    expect(await forecast(row(5, '1'), 'ru')).toMatch(
      /^5 новых предложений без системы выдачи уйдут/,
    );
    expect(await forecast(row(21, '1'), 'ru')).toMatch(
      /^21 новое предложение без системы выдачи уйдёт/,
    );
    for (const lines of [[...row(2, '3'), ...row(1, '1', 2)], row(1, '3'), row(21, '1')]) {
      const english = await forecast(lines);
      const multiple = lines.filter((l) => l.includes(',1,1,3,')).length;
      const none = lines.length - multiple;
      const fromCatalogue = [
        multiple ? translate('en', 'consequences.forecast.multiple', { count: multiple }) : '',
        none ? translate('en', 'consequences.forecast.none', { count: none }) : '',
      ]
        .filter(Boolean)
        .join(' ');
      expect(english).toBe(fromCatalogue);
    }
    const gold = await previewOfferImport(profile, {
      productId: goldProduct.id,
      file: file(['price_per_step,amount,min_purchase_amount,data.101', '1.5,100,5,Ragnaros']),
      locale: 'ru',
    });
    expect(gold.consequences.forecast).toBe(
      '1 новое предложение начнёт продаваться (Активно), как только маркетплейс их примет.',
    );
  });

  it("an import's edits: lines, rule and the review warning", async () => {
    const preview = await previewOfferImport(profile, {
      productId: accountProduct.id,
      file: file(['id,price_per_step', '8002,45', '8004,10']),
      locale: 'ru',
    });
    const c = preview.consequences;
    expect(c.changes[0]).toMatchObject({ before: 'цена 49,99', after: 'цена 45' });
    expect(c.rule).toBe(translate('ru', 'offers.roundingRule'));
    expect(c.warnings).toEqual([translate('ru', 'offers.reviewWarning', { count: 1 })]);
    expect(c.leftOut[0]!.reason).toBe(translate('ru', 'offers.soldLeftOut'));
    expect(
      words([c.rule, ...c.warnings, ...c.changes.flatMap((l) => [l.offer, l.before, l.after])]),
    ).not.toMatch(ENGLISH);
  });
});
