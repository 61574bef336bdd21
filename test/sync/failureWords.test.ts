// What the outbox keeps and the seller reads when a request fails: the marketplace's words, with
// a refused field by its label, and never the request line, the error's kind or an API path. The
// app names a store error's offer as "this offer", never by its row number.
import { describe, expect, it } from 'vitest';
import { MarketplaceError } from '../../electron/core/api';
import { toAppFailure } from '../../electron/core/app/failures';
import { StoreError } from '../../electron/core/store';
import { failureMessage } from '../../electron/core/sync/failures';
import { internalWordsIn } from '../e2e/internalWords';

const at = { method: 'POST', path: '/external_api/pro/offers/manage_offers' };

describe('failure messages in the seller’s words', () => {
  it('names refused fields by their labels', () => {
    const error = new MarketplaceError({
      ...at,
      kind: 'validation',
      status: 400,
      detail: 'offers.0.outer_name The outer name field is required.',
      fieldErrors: {
        'offers.0.outer_name': ['The outer name field is required.'],
        'offers.0.data.1006': [
          { error: 'The field "Account title" is required.', type: 'text', allowed_values: [] },
        ],
      },
    });
    const message = failureMessage(error);
    expect(message).toBe(
      'The marketplace refused it: Name shown to buyers: required; Account title: required',
    );
  });

  it('keeps the marketplace’s words and drops the request line and kind', () => {
    const cases: [MarketplaceError, RegExp][] = [
      [
        new MarketplaceError({
          ...at,
          kind: 'forbidden',
          status: 403,
          detail: 'Credentials cannot be modified for a transferred offer.',
        }),
        /^The marketplace does not allow it: Credentials cannot be modified/,
      ],
      [
        new MarketplaceError({
          ...at,
          kind: 'not_found',
          status: 404,
          detail: 'Offer 1001 not found.',
        }),
        /^The marketplace could not find it: Offer 1001 not found\.$/,
      ],
      [
        new MarketplaceError({ ...at, kind: 'server', status: 502, detail: 'Bad gateway' }),
        /^The marketplace had a problem \(HTTP 502\): Bad gateway$/,
      ],
      [
        new MarketplaceError({
          ...at,
          kind: 'network_not_sent',
          detail: 'the connection failed before the request was sent',
        }),
        /^The marketplace could not be reached \(the connection failed/,
      ],
    ];
    for (const [error, words] of cases) {
      const message = failureMessage(error);
      expect(message).toMatch(words);
      expect(message).not.toMatch(/POST|external_api|forbidden —|not_found|network_not_sent/);
      expect(internalWordsIn(message)).toEqual([]);
    }
  });

  it('never shows a store row number in the app', () => {
    const failure = toAppFailure(new StoreError('not_found', 'Offer 6 is not in the store.'));
    expect((failure as Error).message).toBe('This offer is not in the store.');
    const invalid = toAppFailure(new StoreError('invalid', 'Offer 12 is waiting to be deleted.'));
    expect((invalid as Error).message).toBe('This offer is waiting to be deleted.');
  });
});
