import { describe, expect, it } from 'vitest';
import { MarketplaceError, type MarketplaceErrorKind } from '../../electron/core/api';
import { ImportError } from '../../electron/core/imports/importError';
import { DraftRejected, StoreError } from '../../electron/core/store';
import { toCliError } from '../../electron/cli/errorMapping';
import { ExitCode } from '../../electron/cli/exitCodes';

function marketplaceError(kind: MarketplaceErrorKind, detail = 'went wrong'): MarketplaceError {
  return new MarketplaceError({ kind, method: 'GET', path: '/api/x', detail });
}

describe('toCliError', () => {
  it('gives each marketplace failure the exit code a script acts on', () => {
    const expected: [MarketplaceErrorKind, number][] = [
      ['unauthorized', ExitCode.Unauthorized],
      ['forbidden', ExitCode.NeedsAttention],
      ['validation', ExitCode.NeedsAttention],
      ['not_found', ExitCode.BadInput],
      ['network_not_sent', ExitCode.Unreachable],
      ['network_maybe_sent', ExitCode.Unreachable],
      ['server', ExitCode.Unreachable],
      ['rate_limited', ExitCode.Unreachable],
      ['cancelled', ExitCode.Interrupted],
      ['bad_response', ExitCode.Unreachable],
    ];
    for (const [kind, code] of expected) {
      expect([kind, toCliError(marketplaceError(kind)).exitCode]).toEqual([kind, code]);
    }
    expect(toCliError(marketplaceError('network_not_sent')).message).toMatch(
      /^The marketplace could not be reached \(GET \/api\/x\): .*kept for the next push/,
    );
    // A marketplace that answers, but not sensibly, is told apart from one that is down.
    expect(toCliError(marketplaceError('rate_limited')).message).toMatch(
      /^The marketplace kept answering "too many requests" \(429\) after every retry/,
    );
    expect(toCliError(marketplaceError('bad_response')).message).toMatch(
      /^The marketplace answered something that is not the Seller API \(malformed answer\)/,
    );
  });

  it('maps store, import and draft errors to data-folder and input errors', () => {
    expect(toCliError(new StoreError('corrupt', 'damaged')).exitCode).toBe(ExitCode.Failed);
    const imported = toCliError(
      new ImportError('unterminated-quote', 'a quote is never closed', 7),
    );
    expect(imported.exitCode).toBe(ExitCode.BadInput);
    expect(imported.problems).toEqual([{ line: 7, reason: 'a quote is never closed' }]);
    const draft = toCliError(
      new DraftRejected([{ field: 'price_per_step', message: 'too low', code: 'out_of_range' }]),
    );
    expect(draft.exitCode).toBe(ExitCode.BadInput);
    expect(draft.problems).toEqual([{ column: 'price_per_step', reason: 'too low' }]);
    expect(toCliError(Object.assign(new Error('no such file'), { code: 'ENOENT' })).exitCode).toBe(
      ExitCode.BadInput,
    );
    expect(toCliError(new Error('boom')).exitCode).toBe(ExitCode.Failed);
  });

  it('keeps the words of an error that is not ours short', () => {
    const long = toCliError(new SyntaxError(`Unexpected token in JSON at ${'x'.repeat(5000)}`));
    expect(long.message.length).toBeLessThan(400);
    expect(long.message).toMatch(/more characters\)$/);
  });
});
