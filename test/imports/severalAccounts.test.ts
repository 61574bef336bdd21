// Several accounts pasted on one line (an HTML page, a chat message): split at the first
// separators, the first account's password would carry the others. The line is refused by number
// with its reason, in every front (the preview, the command line's import and the pool), and
// ordinary lines (four fields, a note with a link or a time, a password with a colon) still pass.
import { describe, expect, it } from 'vitest';
import {
  accountPairsOnLine,
  parseCredentialLines,
} from '../../electron/core/imports/credentials/parseCredentialLines';
import { translate } from '../../electron/contract/i18n';

describe('a line holding several accounts', () => {
  it('is refused by line, with the reason, and none of its passwords is a credential', () => {
    const text = [
      'alpha:Pass-One',
      '<p>hero1:pw-1 hero2:pw-2 hero3:pw-3</p>',
      '<td>mage@mail.test:pw-4</td><td>rogue@mail.test:pw-5</td>',
      'beta:Pass-Two:beta@mail.test:mail-pass',
      'gamma:Pass-Three:g@mail.test:mp see http://shop.test at 12:30',
      'delta|pw:with:colons',
    ].join('\n');
    const { rows } = parseCredentialLines(text);
    const refused = rows.filter((r) => r.problems.length > 0);
    expect(refused.map((r) => r.line)).toEqual([2, 3]);
    expect(refused[0]!.problems).toEqual([
      {
        field: 'line',
        code: 'invalid',
        message:
          'this line holds 3 accounts (login:password pairs); put each account on a line of its own',
        say: { key: 'imports.row.severalAccounts', values: { count: 3 } },
      },
    ]);
    expect(refused[0]!.problems[0]!.message).toBe(
      translate('en', 'imports.row.severalAccounts', { count: 3 }),
    );
    expect(translate('ru', 'imports.row.severalAccounts', { count: 2 })).toContain('2 пар');
    expect(refused[1]!.problems[0]!.message).toContain('holds 2 accounts');
  });

  it('counts pairs by the file separator and by the colon', () => {
    expect(accountPairsOnLine('a:1 b:2 c:3', ':')).toBe(3);
    expect(accountPairsOnLine('a:1;b:2;c:3', ';')).toBe(3);
    expect(accountPairsOnLine('a|1 b|2', '|')).toBe(2);
    expect(accountPairsOnLine('login:pass:mail@x.test:mailpass', ':')).toBe(0);
    expect(accountPairsOnLine('login;pass;mail@x.test;mailpass', ';')).toBe(0);
    expect(accountPairsOnLine('login:pass', ':')).toBe(0);
    expect(accountPairsOnLine('l:p note http://a.test http://b.test', ':')).toBe(1);
  });
});
