// A profile the seller has not named is called after their shop (the product their offers are
// of), or the marketplace's host while they have no offer; never their id, and no word of any
// language of ours in it: the name is shown as it is in every window and by the command line.
import { describe, expect, it } from 'vitest';
import { marketSlug } from '../../electron/core/usecases/paths';
import type { Registry } from '../../electron/core/usecases/profiles/registry';
import { defaultProfileName } from '../../electron/core/usecases/profiles/sellerProfiles';

const market = 'http://127.0.0.1:4010';
const registryOf = (...names: string[]): Registry => ({
  version: 1,
  profiles: names.map((name, i) => ({
    name,
    market: marketSlug(market),
    file: `p${i}.db`,
    userId: null,
    fingerprints: [],
  })),
});

describe('a profile named for the seller', () => {
  it('by what the seller sells once an offer names it, numbered when taken', () => {
    expect(defaultProfileName(registryOf(), market, 'WoW Classic Era Gold')).toBe(
      'WoW Classic Era Gold',
    );
    expect(
      defaultProfileName(registryOf('WoW Classic Era Gold'), market, 'WoW Classic Era Gold'),
    ).toBe('WoW Classic Era Gold 2');
    // A title is the marketplace's text: a slash never makes a path of it.
    expect(defaultProfileName(registryOf(), market, 'Gold / EU')).toBe('Gold   EU');
  });

  it('by the host alone while the seller is unknown, then numbered; no word in it', () => {
    expect(defaultProfileName(registryOf(), market, null)).toBe('127.0.0.1');
    expect(defaultProfileName(registryOf('127.0.0.1'), market, null)).toBe('127.0.0.1 2');
    // Beside a first profile nobody has claimed (called by the host, not in the registry).
    expect(defaultProfileName(registryOf(), market, null, ['127.0.0.1'])).toBe('127.0.0.1 2');
  });
});
