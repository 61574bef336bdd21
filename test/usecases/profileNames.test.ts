// A profile the seller has not named is called after the marketplace's host and the seller's id,
// with no word of any language in it: the name is shown as it is in a Russian window, an English
// one and by the command line (it was "127.0.0.1-new" while the seller was not known yet).
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
  it('by the host and the user id once the seller is known', () => {
    expect(defaultProfileName(registryOf(), market, 1002)).toBe('127.0.0.1-1002');
    expect(defaultProfileName(registryOf('127.0.0.1-1002'), market, 1002)).toBe('127.0.0.1-1002-2');
  });

  it('by the host alone while the seller is unknown, then numbered; no word in it', () => {
    expect(defaultProfileName(registryOf(), market, null)).toBe('127.0.0.1');
    expect(defaultProfileName(registryOf('127.0.0.1'), market, null)).toBe('127.0.0.1-2');
    // Beside a first profile nobody has claimed (called by the host, not in the registry).
    expect(defaultProfileName(registryOf(), market, null, ['127.0.0.1'])).toBe('127.0.0.1-2');
    const names = [null, null, 7].map((id, i) =>
      defaultProfileName(registryOf(...(i ? ['127.0.0.1'] : [])), market, id),
    );
    for (const name of names) expect(name).toMatch(/^[\d.]+(-\d+)*$/);
  });
});
