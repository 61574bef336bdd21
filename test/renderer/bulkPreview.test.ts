// The words of a bulk change's preview and the rounding rule the price dialog states: the rule is
// the one contract/rules/prices.ts applies, and the lines say before → after as the core rounds.
import { describe, expect, it } from 'vitest';
import { PRICE_ROUNDING_RULE, formatPrice } from '../../electron/contract/rules/consequences';
import { changedPrice, priceDecimals } from '../../electron/contract/rules/prices';
import { MarketplaceType } from '../../electron/contract/marketplace/wire';
import {
  confirmLabel,
  moreText,
  previewLineText,
  previewSummary,
  queueWaitNote,
  sendingNote,
} from '../../renderer/src/lib/bulkPreview';
import type { ChangePreview } from '../../electron/contract/ipc/changeModels';

const preview = (over: Partial<ChangePreview> = {}): ChangePreview => ({
  selected: 4,
  changing: 3,
  changes: [],
  leftOutCount: 1,
  leftOut: [],
  toReviewCount: 1,
  toReview: ['Offer 8002'],
  toSaleCount: 0,
  toSale: [],
  belowCostCount: 0,
  rule: PRICE_ROUNDING_RULE,
  warnings: [],
  ...over,
});

describe('the rounding rule', () => {
  it('states the precision prices.ts rounds to, per marketplace type', () => {
    expect(PRICE_ROUNDING_RULE).toBe('Account prices are rounded to 0.01, gold prices to 0.0001.');
    expect(PRICE_ROUNDING_RULE).toContain(`${10 ** -priceDecimals[MarketplaceType.Account]}`);
    expect(PRICE_ROUNDING_RULE).toContain(
      `${(10 ** -priceDecimals[MarketplaceType.Gold]).toFixed(4)}`,
    );
  });

  it('49.99 − 10 % is 44.99 on an account offer, and a gold price keeps 4 places', () => {
    const account = changedPrice(49.99, 'percent', -10, MarketplaceType.Account);
    expect(previewLineText({ before: formatPrice(49.99, 2), after: formatPrice(account, 2) })).toBe(
      '49.99 → 44.99',
    );
    const gold = changedPrice(0.12345, 'percent', -10, MarketplaceType.Gold);
    expect(formatPrice(gold, MarketplaceType.Gold)).toBe('0.1111');
  });
});

describe('preview lines', () => {
  it('summarises what changes and what is left out', () => {
    expect(previewSummary(preview(), 'price')).toBe('3 offers change · 1 left out');
    expect(previewSummary(preview({ changing: 1, leftOutCount: 0 }), 'status')).toBe(
      '1 offer changes',
    );
    expect(previewSummary(preview({ changing: 2, leftOutCount: 0 }), 'delete')).toBe(
      '2 offers will be deleted',
    );
  });

  it('says how many more lines there are than shown, and names the action on the button', () => {
    expect(moreText(200, 3000)).toBe('and 2,800 more');
    expect(moreText(3, 3)).toBeNull();
    expect(confirmLabel(preview(), 'price')).toBe('Change price of 3 offers');
    expect(confirmLabel(preview({ changing: 1 }), 'delete')).toBe('Delete 1 offer');
  });
});

describe('the toast after a change', () => {
  it('says when the change goes out: after the hold, on Sync now, or nothing when at once', () => {
    expect(sendingNote({ holdSeconds: 10, sendAutomatically: true })).toBe(
      'It goes out in 10 s unless you undo.',
    );
    expect(sendingNote({ holdSeconds: 10, sendAutomatically: false })).toBe(
      'It goes out when you press Sync now.',
    );
    expect(sendingNote({ holdSeconds: 0, sendAutomatically: true })).toBe('');
  });
});

describe('the Sync view, on changes that wait', () => {
  it('says why: sending only on Sync now, or the hold that keeps undo possible', () => {
    expect(queueWaitNote({ holdSeconds: 10, sendAutomatically: false })).toBe(
      'Sending automatically is off (Settings): they go out when you press Sync now.',
    );
    expect(queueWaitNote({ holdSeconds: 10, sendAutomatically: true })).toBe(
      'Each change goes out 10 s after you make it, so it can still be undone.',
    );
    expect(queueWaitNote({ holdSeconds: 0, sendAutomatically: true })).toBe('');
  });
});
