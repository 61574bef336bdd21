import { describe, expect, it } from 'vitest';
import type { OfferRow } from '../../electron/contract/ipc/models';
import { narrowerText, rowMatchesText } from '../../renderer/src/lib/offerSearch';

const sort = { column: 'updated_at', dir: 'desc' } as const;

describe('narrowing a search', () => {
  it('only a longer text with the same filters narrows', () => {
    expect(narrowerText({ sort }, { sort, text: 'g' })).toBe('g');
    expect(narrowerText({ sort, text: 'go' }, { sort, text: 'Gol' })).toBe('gol');
    expect(narrowerText({ sort, text: 'gol' }, { sort, text: 'go' })).toBeNull();
    expect(narrowerText({ sort, text: 'gold' }, { sort, text: 'epic' })).toBeNull();
    expect(narrowerText({ sort, text: 'g' }, { sort, text: 'go', status: 2 })).toBeNull();
    expect(
      narrowerText({ sort, text: 'g' }, { sort: { column: 'status', dir: 'asc' }, text: 'go' }),
    ).toBeNull();
    expect(narrowerText({ sort, text: 'g' }, { sort })).toBeNull();
  });

  it('a row matches on one of its fields, never across two', () => {
    const row = {
      outerName: 'Diamond account',
      internalName: 'acc-7',
      productTitle: 'Valorant Accounts',
      serverId: 1234,
    } as OfferRow;
    expect(rowMatchesText(row, 'diamond')).toBe(true);
    expect(rowMatchesText(row, 'valorant')).toBe(true);
    expect(rowMatchesText(row, '1234')).toBe(true);
    expect(rowMatchesText(row, 'account acc')).toBe(false);
    expect(rowMatchesText(row, 'gold')).toBe(false);
    const gold = { ...row, outerName: '', fieldValues: 'EU · Silvermoon · Horde' } as OfferRow;
    expect(rowMatchesText(gold, 'silvermoon')).toBe(true);
    expect(rowMatchesText(gold, 'moon · hor')).toBe(true);
  });
});
