// Status after manage (the precedence assumed in docs/ARCHITECTURE.md), edit_status targets, and
// credential input rules.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { credentialProblems } from '../../electron/contract/rules/credentialRules';
import {
  allowedStatusTargets,
  statusAfterManage,
  statusChangeRefusal,
} from '../../electron/contract/rules/statusRules';
import type { OfferStatusValue } from '../../electron/contract/marketplace/wire';

describe('status after manage', () => {
  it('gold is always Active', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: 1, max: 3 }),
        fc.nat(5),
        (dataValid, system, active) => {
          expect(
            statusAfterManage({
              marketplaceType: 1,
              dataValid,
              credentialSystem: system,
              activeCredentials: active,
            }),
          ).toBe(2);
        },
      ),
    );
  });

  it('account: Need Details wins over Not Active, which wins over On Review', () => {
    expect(
      statusAfterManage({
        marketplaceType: 2,
        dataValid: false,
        credentialSystem: 3,
        activeCredentials: 0,
      }),
    ).toBe(4);
    expect(
      statusAfterManage({
        marketplaceType: 2,
        dataValid: true,
        credentialSystem: 3,
        activeCredentials: 0,
      }),
    ).toBe(3);
    expect(
      statusAfterManage({
        marketplaceType: 2,
        dataValid: true,
        credentialSystem: 3,
        activeCredentials: 1,
      }),
    ).toBe(5);
    expect(
      statusAfterManage({
        marketplaceType: 2,
        dataValid: true,
        credentialSystem: 1,
        activeCredentials: 0,
      }),
    ).toBe(5);
  });
});

describe('edit_status targets', () => {
  const withShots = { marketplaceType: 2 as const, screenshots: 1 };
  it('from 1, 2, 3, 5, 8 to 1, 2, 3, 5; from 4 to 1 or 5; from 6 nowhere', () => {
    for (const from of [1, 2, 3, 5, 8] as OfferStatusValue[]) {
      expect(allowedStatusTargets(from, withShots)).toEqual([1, 2, 3, 5]);
    }
    expect(allowedStatusTargets(4, withShots)).toEqual([1, 5]);
    expect(allowedStatusTargets(6, withShots)).toEqual([]);
  });

  it('an account offer without a screenshot cannot go to review; a gold one can', () => {
    expect(allowedStatusTargets(1, { marketplaceType: 2, screenshots: 0 })).toEqual([1, 2, 3]);
    expect(allowedStatusTargets(1, { marketplaceType: 1, screenshots: 0 })).toEqual([1, 2, 3, 5]);
    expect(statusChangeRefusal(1, 5, { marketplaceType: 2, screenshots: 0 })).toMatch(/screenshot/);
  });

  it('refuses statuses sellers may not set, with a reason', () => {
    for (const to of [0, 4, 6, 7, 8, 9])
      expect(statusChangeRefusal(2, to, withShots)).toMatch(/invalid/);
    expect(statusChangeRefusal(6, 2, withShots)).toMatch(/sold/i);
    expect(statusChangeRefusal(2, 3, withShots)).toBeNull();
  });
});

describe('credential input', () => {
  it('login and game_password are required in a batch object, max 255', () => {
    expect(credentialProblems({ login: 'a', game_password: 'b' }, 0)).toEqual([]);
    expect(credentialProblems({}, 2).map((p) => p.field)).toEqual([
      'credentials.2.login',
      'credentials.2.game_password',
    ]);
    expect(
      credentialProblems({ login: 'a'.repeat(256), game_password: 'b'.repeat(256) }).map(
        (p) => p.code,
      ),
    ).toEqual(['too_long', 'too_long']);
  });

  it('email_password is required when an email is given; comment max 1000', () => {
    expect(
      credentialProblems({ login: 'a', game_password: 'b', email: 'x@y.z' }).map((p) => p.field),
    ).toEqual(['email_password']);
    expect(
      credentialProblems({ login: 'a', game_password: 'b', email: 'x@y.z', email_password: 'e' }),
    ).toEqual([]);
    expect(
      credentialProblems({ login: 'a', game_password: 'b', comment: 'c'.repeat(1001) })[0]?.field,
    ).toBe('comment');
  });

  it('a partial update needs nothing, but refuses wrong types', () => {
    expect(credentialProblems({}, undefined, true)).toEqual([]);
    expect(
      credentialProblems({ login: 5, is_2fa_active: 'yes' }, undefined, true).map((p) => p.field),
    ).toEqual(['login', 'is_2fa_active']);
  });

  it('messages never contain the secret values', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 8 }), fc.string({ minLength: 8 }), (login, password) => {
        const problems = credentialProblems({
          login: login + 'x'.repeat(256),
          game_password: password + 'y'.repeat(256),
          email: 'q@w.e',
        });
        for (const p of problems) {
          expect(p.message).not.toContain(login + 'x');
          expect(p.message).not.toContain(password + 'y');
        }
      }),
      { numRuns: 50 },
    );
  });
});
