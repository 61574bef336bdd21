// One failure mapping, two fronts: every error core throws gives the same kind in the app (the
// IPC error kind the renderer acts on) and on the command line (its kind and exit code), because
// both present the one UseCaseFailure that `toFailure` makes of it.
import { describe, expect, it } from 'vitest';
import { AppFailure, type ErrorKind } from '../../electron/contract/ipc';
import { MarketplaceError, type MarketplaceErrorKind } from '../../electron/core/api';
import { appKindOf, toAppFailure } from '../../electron/core/app/failures';
import { ImportError } from '../../electron/core/imports/importError';
import { RateLimiterClosedError } from '../../electron/core/limits';
import { SecretBoxError } from '../../electron/core/secrets';
import { DraftRejected, StoreError } from '../../electron/core/store';
import { cliKindOf, toCliError } from '../../electron/cli/errorMapping';
import type { CliErrorKind } from '../../electron/cli/cliError';
import { ExitCode } from '../../electron/cli/exitCodes';
import {
  failureKinds,
  toFailure,
  UseCaseFailure,
  type FailureKind,
} from '../../electron/core/usecases/failure';

function marketplace(kind: MarketplaceErrorKind, detail = 'went wrong', extra = {}) {
  return new MarketplaceError({ kind, method: 'POST', path: '/api/x', detail, ...extra });
}

const errno = (code: string) => Object.assign(new Error(`${code}: open 'offers.csv'`), { code });

/** Every error core throws, with the kind both fronts must agree on. */
const cases: [string, unknown, FailureKind][] = [
  ['token refused', marketplace('unauthorized', 'invalid token'), 'unauthorized'],
  [
    'malformed token',
    marketplace('unauthorized', 'the API token is malformed: it contains a space or a line break'),
    'unauthorized',
  ],
  ['no token', marketplace('unauthorized', 'no API token is set'), 'unauthorized'],
  ['forbidden', marketplace('forbidden'), 'forbidden'],
  ['not found', marketplace('not_found'), 'not_found'],
  [
    'fields refused',
    marketplace('validation', 'refused', { fieldErrors: { price_per_step: ['too low'] } }),
    'needs_attention',
  ],
  ['not sent', marketplace('network_not_sent'), 'unreachable'],
  ['maybe sent', marketplace('network_maybe_sent'), 'unreachable'],
  ['server', marketplace('server'), 'unreachable'],
  ['rate limited', marketplace('rate_limited'), 'unreachable'],
  ['bad response', marketplace('bad_response'), 'unreachable'],
  ['marketplace cancelled', marketplace('cancelled'), 'cancelled'],
  ['store not found', new StoreError('not_found', 'No such offer here.'), 'not_found'],
  ['store invalid', new StoreError('invalid', 'A send is in progress.'), 'bad_input'],
  ['store corrupt', new StoreError('corrupt', 'not a database'), 'data_folder'],
  ['store newer', new StoreError('newer_version', 'newer schema'), 'data_folder'],
  ['store locked', new StoreError('locked', 'locked by another'), 'data_folder'],
  [
    'draft rejected',
    new DraftRejected([{ field: 'price_per_step', message: 'too low', code: 'out_of_range' }]),
    'bad_input',
  ],
  [
    'import by line',
    new ImportError('unterminated-quote', 'a quote is never closed', 7),
    'bad_input',
  ],
  ['encoding unsure', new ImportError('encoding-unsure', 'cannot be told for sure'), 'bad_input'],
  ['empty file', new ImportError('empty', 'the file has no credentials'), 'bad_input'],
  ['keyring locked', new SecretBoxError('locked by the app', 'locked'), 'credentials_locked'],
  ['box damaged', new SecretBoxError('damaged blob', 'damaged'), 'data_folder'],
  ['abort', Object.assign(new Error('aborted'), { name: 'AbortError' }), 'cancelled'],
  ['limiter closed', new RateLimiterClosedError(), 'cancelled'],
  ['ENOENT', errno('ENOENT'), 'bad_input'],
  ['EACCES', errno('EACCES'), 'bad_input'],
  ['EISDIR', errno('EISDIR'), 'bad_input'],
  ['EPERM', errno('EPERM'), 'bad_input'],
  [
    'SQLite',
    Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' }),
    'data_folder',
  ],
  ['use case', new UseCaseFailure('not_found', 'There is no such offer.'), 'not_found'],
  ['not ours', new TypeError('x is undefined'), 'internal'],
];

/** The IPC kinds a failure kind may take: bad input splits into a form's and a file's. */
const appKindsOf = (kind: FailureKind): ErrorKind[] =>
  kind === 'bad_input'
    ? ['bad_input', 'validation']
    : kind === 'unreachable'
      ? ['offline', 'rate_limited']
      : [appKindOf[kind]];

function appKindOfError(error: unknown): ErrorKind {
  const presented = toAppFailure(error);
  // What is none of core's goes to the dispatcher's log and reaches the renderer as `internal`.
  return presented instanceof AppFailure ? presented.kind : 'internal';
}

describe('one failure mapping for both fronts', () => {
  it('covers every failure kind the fronts present, each with one app and one CLI kind', () => {
    for (const kind of failureKinds) {
      expect(appKindOf[kind], kind).toBeDefined();
      expect(cliKindOf[kind], kind).toBeDefined();
    }
  });

  it.each(cases)('%s: the same kind in the app and on the command line', (_name, error, kind) => {
    expect(toFailure(error).kind).toBe(kind);
    expect(appKindsOf(kind)).toContain(appKindOfError(error));
    expect(toCliError(error).kind).toBe(cliKindOf[kind] satisfies CliErrorKind);
  });

  it('tells the app a form from a file, and a slow-down from an outage', () => {
    const draft = toAppFailure(
      new DraftRejected([{ field: 'price_per_step', message: 'too low' }]),
    ) as AppFailure;
    expect(draft.kind).toBe('validation');
    expect(draft.fields).toEqual([{ field: 'price_per_step', message: 'too low' }]);
    const file = toAppFailure(new ImportError('format', 'not a CSV', 3)) as AppFailure;
    expect([file.kind, file.message, file.fields]).toEqual([
      'bad_input',
      'not a CSV (line 3)',
      undefined,
    ]);
    expect((toAppFailure(marketplace('rate_limited')) as AppFailure).kind).toBe('rate_limited');
    expect((toAppFailure(marketplace('server')) as AppFailure).kind).toBe('offline');
  });

  it('keeps the exit codes and the exit-5 reasons of the README', () => {
    const exit = (error: unknown) => toCliError(error).exitCode;
    expect(exit(marketplace('unauthorized'))).toBe(ExitCode.Unauthorized);
    expect(exit(marketplace('server'))).toBe(ExitCode.Unreachable);
    expect(exit(new StoreError('not_found', 'gone'))).toBe(ExitCode.BadInput);
    expect(exit(new SecretBoxError('locked', 'locked'))).toBe(ExitCode.Failed);
    expect(exit(new RateLimiterClosedError())).toBe(ExitCode.Interrupted);
    expect(toCliError(marketplace('server')).message).toMatch(
      /^The marketplace answered with a server error \(POST \/api\/x\): .*kept for the next push\.$/,
    );
    const malformed = toCliError(
      marketplace('unauthorized', 'the API token is malformed: it contains a control character'),
    );
    expect(malformed.message).toMatch(
      /^The API token is malformed: it contains a control character\. Copy it again/,
    );
    expect(toCliError(new ImportError('encoding-unsure', 'cannot be told for sure')).message).toBe(
      'cannot be told for sure. Name it with --encoding NAME.',
    );
  });

  it('names the refused fields of a marketplace validation on both fronts', () => {
    const error = marketplace('validation', 'refused', {
      fieldErrors: {
        'data.12': [{ error: 'not allowed', type: 'select', allowed_values: ['Horde'] }],
      },
    });
    expect((toAppFailure(error) as AppFailure).fields).toEqual([
      { field: 'data.12', message: 'not allowed', type: 'select', allowedValues: ['Horde'] },
    ]);
    expect(toCliError(error).problems).toEqual([{ column: 'data.12', reason: 'not allowed' }]);
  });
});
