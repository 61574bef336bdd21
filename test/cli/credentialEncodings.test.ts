// `credentials import` and `offers import` with files that are damaged, undecidable, binary or
// empty: the real binary in a child process, then a push to the world.sandbox, whose recorded logins
// and hashes show that nothing damaged or mis-decoded ever reached the marketplace.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { credentialHash } from '../../electron/core/credentials/hash';
import { randomBytes, windows1251 } from '../imports/encodings';
import { jsonOf, runInProcess, runSellerDesk, useCliWorld } from './harness';

const world = useCliWorld('sd-cli-encodings-');

let offerId: string;

function file(name: string, content: string | Buffer): string {
  const path = join(world.dir.path, name);
  writeFileSync(path, content);
  return path;
}

/** The text with `bad` bytes inserted after the first occurrence of `after`. */
function damaged(text: string, after: string, bad: number[]): Buffer {
  const at = text.indexOf(after) + after.length;
  return Buffer.concat([
    Buffer.from(text.slice(0, at)),
    Buffer.from(bad),
    Buffer.from(text.slice(at)),
  ]);
}

type Failure = { error: { message: string; problems: { line?: number; reason: string }[] } };

async function queuedCredentials(): Promise<number> {
  const shown = await runInProcess(['offers', 'show', offerId, '--json'], world.target);
  return jsonOf<{ result: { queuedCredentials: number } }>(shown).result.queuedCredentials;
}

/** What the marketplace holds for the offer: logins and their hashes, as it recorded them. */
function onMarketplace() {
  return world.sandbox.control.credentials(Number(offerId));
}

beforeAll(async () => {
  const offers = file(
    'account.csv',
    'price_per_step,amount,min_purchase_amount,outer_name,Platform,Skins count\n25,1,1,Stacked PC,PC,120\n',
  );
  const imported = await runInProcess(
    ['offers', 'import', offers, '--product', '12', '--delivery-time', '600000'],
    world.target,
  );
  expect(imported.code, imported.stderr).toBe(0);
  const pushed = await runInProcess(['push'], world.target);
  expect(pushed.code, pushed.stderr).toBe(0);
  offerId = String(world.sandbox.control.offers(world.sandbox.sellers[2]!.id)[0]!.id);
}, 60_000);

describe('credentials import from files that are not clean UTF-8', { timeout: 120_000 }, () => {
  const list = [
    'alpha:Пароль-1',
    'beta:pw-2:beta@mail.test:почта-2',
    'gamma:pw-3',
    'délta:pw-4',
    'epsilon:pw-5',
  ].join('\n');

  it('one bad byte on line 3: refused by line, and with --skip-invalid the rest goes and line 3 never does', async () => {
    const path = file('damaged.txt', damaged(list, 'gam', [0xff]));
    const refused = await runSellerDesk(
      ['credentials', 'import', path, '--offer', offerId, '--json'],
      world.target,
    );
    expect(refused.code).toBe(2);
    const failure = jsonOf<Failure>(refused).error;
    expect(failure.problems).toEqual([
      { line: 3, reason: 'not valid UTF-8 — the file may be damaged; fix or remove this line' },
    ]);
    expect(failure.message).toContain('--encoding');
    expect(await queuedCredentials()).toBe(0);

    const queued = await runSellerDesk(
      ['credentials', 'import', path, '--offer', offerId, '--skip-invalid'],
      world.target,
    );
    expect(queued.code, queued.stderr).toBe(0);
    expect(queued.stdout).toContain('4 credential(s) queued');
    expect(queued.stdout).toContain('line 3: not valid UTF-8');
    expect(queued.stdout).not.toContain('pw-');

    // Cut inside the last character: only that line is refused.
    const cut = file('cut.txt', Buffer.from('zeta:pw-6\neta:пароль').subarray(0, -1));
    const partial = await runSellerDesk(
      ['credentials', 'import', cut, '--offer', offerId, '--skip-invalid', '--json'],
      world.target,
    );
    expect(partial.code, partial.stderr).toBe(0);
    expect(jsonOf<{ result: Record<string, unknown> }>(partial).result).toMatchObject({
      queued: 1,
      skipped: 1,
      problems: [{ line: 2 }],
    });

    const pushed = await runSellerDesk(['push'], world.target);
    expect(pushed.code, pushed.stderr).toBe(0);
    const sent = ['alpha', 'beta', 'délta', 'epsilon', 'zeta'];
    expect(onMarketplace().map((c) => c.login)).toEqual(sent);
    expect(onMarketplace().map((c) => c.login_hash)).toEqual(sent.map(credentialHash));
    expect(onMarketplace()[1]!.email_hash).toBe(credentialHash('beta@mail.test'));
    expect(JSON.stringify(onMarketplace())).not.toMatch(/\ufffd|Ð|Ñ|Ã/);
  });

  it('an encoding it cannot be sure of: exit 2 naming --encoding, then read in the one named', async () => {
    const before = onMarketplace().length;
    const path = file('capitals.txt', windows1251('ИВАН:ПАРОЛЬ-1\nПЕТЯ:СЕКРЕТ-2\n'));
    const refused = await runSellerDesk(
      ['credentials', 'import', path, '--offer', offerId],
      world.target,
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/cannot be told for sure .*Name it with --encoding NAME/);
    expect(await queuedCredentials()).toBe(0);

    const chosen = await runSellerDesk(
      ['credentials', 'import', path, '--offer', offerId, '--encoding', 'windows-1251'],
      world.target,
    );
    expect(chosen.code, chosen.stderr).toBe(0);
    expect(chosen.stdout).toContain('(lines, windows-1251): 2 credential(s) queued');
    expect((await runInProcess(['push'], world.target)).code).toBe(0);
    const added = onMarketplace().slice(before);
    expect(added.map((c) => c.login)).toEqual(['ИВАН', 'ПЕТЯ']);
    expect(added.map((c) => c.login_hash)).toEqual(['ИВАН', 'ПЕТЯ'].map(credentialHash));
  });

  it('random bytes: exit 2 as not text, nothing queued', async () => {
    const path = file('noise.txt', randomBytes(2026, 4096, 1, 255));
    const run = await runSellerDesk(
      ['credentials', 'import', path, '--offer', offerId],
      world.target,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('binary file');
    expect(await queuedCredentials()).toBe(0);
  });

  it('an empty, blank or header-only file: exit 2, a clear message, nothing queued', async () => {
    const empty = await runSellerDesk(
      ['credentials', 'import', file('empty.txt', ''), '--offer', offerId],
      world.target,
    );
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('the file has no credentials');
    for (const [name, content] of [
      ['blank.txt', ' \n\t\n\r\n'],
      ['header.csv', 'login,password,email\n'],
      ['comments.txt', '# to be filled in\n'],
    ]) {
      const run = await runInProcess(
        ['credentials', 'import', file(name!, content!), '--offer', offerId, '--json'],
        world.target,
      );
      expect(run.code, name).toBe(2);
      expect(jsonOf<Failure>(run).error.message).toContain('has no credentials');
    }
    expect(await queuedCredentials()).toBe(0);
  });
});

describe('offers import --encoding', () => {
  it('refuses an undecidable CSV naming --encoding, and imports it in the encoding named', async () => {
    const path = file(
      'offers-1251.csv',
      windows1251(
        'price_per_step,amount,min_purchase_amount,outer_name,Platform,Skins count\n30,1,1,АККАУНТ PC,PC,80\n',
      ),
    );
    const args = ['offers', 'import', path, '--product', '12', '--delivery-time', '600000'];
    const refused = await runInProcess(args, world.target);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--encoding');
    const chosen = await runInProcess(
      [...args, '--encoding', 'windows-1251', '--json'],
      world.target,
    );
    expect(chosen.code, chosen.stderr).toBe(0);
    expect(jsonOf<{ result: { created: number } }>(chosen).result.created).toBe(1);
  });
});
