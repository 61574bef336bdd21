// The app core's failures on their way to the renderer and the log: the token of the moment
// redacted in any spelling, every text bounded (core/app/failures).
import { describe, expect, it } from 'vitest';
import { AppFailure, dispatch, type Handlers } from '../../electron/contract/ipc';
import { MarketplaceError } from '../../electron/core/api';
import { withFailures } from '../../electron/core/app/failures';

const token = 'tok"en\\/+secret-42';
const spelled = [
  token,
  JSON.stringify(token).slice(1, -1),
  encodeURIComponent(token),
  Buffer.from(token).toString('base64'),
];

function handlersThrowing(error: unknown) {
  const handlers = {
    'session.status': async () => {
      throw error;
    },
  } as unknown as Record<string, (input: never) => Promise<unknown>>;
  return withFailures(() => [token], handlers) as unknown as Handlers;
}

describe('app failures', () => {
  it('redact the token from a failure, its fields and an internal error the log shows', async () => {
    const failures = [
      new AppFailure('validation', `refused ${spelled.join(' ')}`, [
        { field: `f ${spelled[1]}`, message: `m ${spelled[2]}`, allowedValues: [spelled[3]!] },
      ]),
      new MarketplaceError({
        kind: 'validation',
        method: 'PUT',
        path: '/x',
        detail: 'refused',
        fieldErrors: { login: [`quoted ${spelled[1]}`] },
      }),
      new Error(`internal ${spelled.join(' ')}`),
    ];
    for (const failure of failures) {
      const logged: string[] = [];
      const result = await dispatch(
        handlersThrowing(failure),
        'session.status',
        undefined,
        (_c, e) =>
          logged.push(`${(e as Error).name}: ${(e as Error).message} ${(e as Error).stack}`),
      );
      expect(result.ok).toBe(false);
      const everything = JSON.stringify(result) + logged.join('\n');
      for (const form of spelled) expect(everything).not.toContain(form);
    }
  });

  it('bound a failure whatever its size', async () => {
    const result = await dispatch(
      handlersThrowing(new AppFailure('bad_input', 'x'.repeat(100_000))),
      'session.status',
      undefined,
    );
    expect(JSON.stringify(result).length).toBeLessThan(1000);
  });
});
