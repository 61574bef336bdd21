// The rules behind a price change's consequences: the price after commission against the cost of
// the next unit (below cost or not, float noise aside), and which edits put an offer back on sale.
import { describe, expect, it } from 'vitest';
import {
  belowCostRefusal,
  belowCostWarning,
  editPutsOnSale,
  netOfCommission,
  onSaleWarning,
  sellsBelowCost,
} from '../../electron/contract/rules';
import { belowCostIn, onSaleWarningIn } from '../../electron/contract/rules/consequenceWords';
import { translate } from '../../electron/contract/i18n';
import { MarketplaceType, OfferStatus } from '../../electron/contract/marketplace/wire';

describe('below cost', () => {
  it('takes the commission off the price', () => {
    expect(netOfCommission(35, 12)).toBeCloseTo(30.8, 10);
    expect(netOfCommission(10, null)).toBe(10);
  });

  it('flags a price whose net is below the cost, not one equal to it', () => {
    // 0.025 × 0.92 = 0.023 (0.022999999999999996 in floating point): equal, not below.
    expect(sellsBelowCost(0.025, 8, 0.023)).toBe(false);
    expect(sellsBelowCost(0.025, 8, 0.0231)).toBe(true);
    expect(sellsBelowCost(10, 12, 8.8)).toBe(false);
    expect(sellsBelowCost(10, 12, 10)).toBe(true);
    expect(sellsBelowCost(15, 12, 10)).toBe(false);
  });

  it('never flags an offer with no cost set', () => {
    expect(sellsBelowCost(0.0001, 99, null)).toBe(false);
    expect(sellsBelowCost(0.0001, 99, undefined)).toBe(false);
  });

  it('says how many, in English and Russian', () => {
    expect(belowCostWarning(3)).toBe(
      '3 offers would sell below cost: after the marketplace commission, their new price is less than what the next unit costs you.',
    );
    expect(belowCostRefusal(2, 'Run it again with --allow-below-cost to apply it anyway.')).toBe(
      'Nothing was changed: 2 offers would sell below cost. Run it again with --allow-below-cost to apply it anyway.',
    );
    expect(belowCostIn(0, 'ru')).toBeNull();
    expect(belowCostIn(1, 'en')).toBe(belowCostWarning(1));
    expect(translate('en', 'offers.belowCostWarning', { count: 3 })).toBe(belowCostWarning(3));
    expect(belowCostIn(3, 'ru')).toBe(
      '3 предложения будут продаваться ниже себестоимости: после комиссии маркетплейса их новая цена меньше, чем вам стоит следующая единица.',
    );
    expect(belowCostIn(5, 'ru')).toMatch(/^5 предложений будут продаваться ниже себестоимости/);
  });
});

describe('an edit puts a paused gold offer back on sale', () => {
  it('only a Not Active gold offer', () => {
    expect(editPutsOnSale(MarketplaceType.Gold, OfferStatus.NotActive)).toBe(true);
    expect(editPutsOnSale(MarketplaceType.Gold, OfferStatus.Active)).toBe(false);
    expect(editPutsOnSale(MarketplaceType.Gold, OfferStatus.Draft)).toBe(false);
    expect(editPutsOnSale(MarketplaceType.Account, OfferStatus.NotActive)).toBe(false);
    expect(editPutsOnSale(MarketplaceType.Gold, null)).toBe(false);
  });

  it('says kept Not Active or back on sale, the English the catalogue keeps', () => {
    for (const n of [1, 4]) {
      for (const kept of [true, false]) {
        expect(onSaleWarningIn(n, kept, 'en')).toBe(onSaleWarning(n, kept));
        const key = kept ? 'offers.onSaleKept' : 'offers.onSaleGoes';
        expect(translate('en', key, { count: n })).toBe(onSaleWarning(n, kept));
      }
    }
    expect(onSaleWarningIn(0, true, 'en')).toBeNull();
    expect(onSaleWarningIn(2, false, 'ru')).toBe(
      '2 неактивных предложения золота вернутся в продажу: после правки маркетплейс делает предложение золота активным.',
    );
  });
});
