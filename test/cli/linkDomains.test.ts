// `screenshots add` and a link from a site the marketplace refused before: refused at once
// (exit 2, nothing queued) unless `--anyway`; once the site is approved and a link from it is
// accepted, its links are added without a word. Real CLI, real SQLite file, sandbox over loopback.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { jsonOf, runInProcess, tempDir, WINDOW_MS, type CliTarget } from './harness';

let sandbox: Sandbox;
const dir = tempDir('sd-cli-link-domains-');
let target: CliTarget;

beforeAll(async () => {
  sandbox = await startSandbox({ windowMs: WINDOW_MS, attachVisibleAfterMs: 0 });
  target = {
    baseUrl: sandbox.baseUrl,
    dataDir: join(dir.path, 'data'),
    token: sandbox.sellers[0]!.token,
  };
});
afterAll(async () => {
  await sandbox.close();
  dir.remove();
});

const attachRequests = () =>
  sandbox.requests.filter((r) => r.path.endsWith('/attach_screenshots_from_links')).length;

describe('screenshots add: a site the marketplace refused before', { timeout: 60_000 }, () => {
  it('is refused at once until --anyway, and forgotten once the marketplace accepts it', async () => {
    expect((await runInProcess(['pull', '--json'], target)).code).toBe(0);
    const gold = sandbox.control
      .offers(sandbox.sellers[0]!.id)
      .find((o) => o.marketplace_type === 1 && o.status === 2)!;
    const id = String(gold.id);

    // First link from the unapproved site: queued (nothing known yet), refused by the push.
    const first = await runInProcess(
      ['screenshots', 'add', '--offer', id, 'https://pics.example.org/a.png'],
      target,
    );
    expect(first.code, first.stderr).toBe(0);
    expect((await runInProcess(['push', '--json'], target)).code).toBe(3);
    await runInProcess(['offers', 'dismiss', id, '--json'], target);

    // Second link from it: warned at once, nothing queued, nothing sent.
    const before = attachRequests();
    const second = await runInProcess(
      ['screenshots', 'add', '--offer', id, 'https://PICS.example.org/b.png'],
      target,
    );
    expect(second.code).toBe(2);
    expect(second.stderr).toContain('pics.example.org');
    expect(second.stderr).toContain("marketplace's support");
    expect(second.stderr).not.toMatch(/\b422\b|\burls?\b/);
    expect((await runInProcess(['push', '--json'], target)).code).toBe(0);
    expect(attachRequests()).toBe(before);

    // A link from an approved site beside it is not warned for itself, but the add is all or nothing.
    const mixed = await runInProcess(
      [
        'screenshots',
        'add',
        '--offer',
        id,
        'https://images.sandbox.test/ok.png',
        'https://pics.example.org/c.png',
        '--json',
      ],
      target,
    );
    expect(mixed.code).toBe(2);

    // The seller asked support; the site is approved. --anyway sends it, and it is accepted.
    sandbox.control.approveDomain(sandbox.sellers[0]!.id, 'pics.example.org');
    const anyway = await runInProcess(
      ['screenshots', 'add', '--offer', id, 'https://pics.example.org/d.png', '--anyway'],
      target,
    );
    expect(anyway.code, anyway.stderr).toBe(0);
    expect((await runInProcess(['push', '--json'], target)).code).toBe(0);

    // Accepted since: the next link from it is not warned.
    const later = await runInProcess(
      ['screenshots', 'add', '--offer', id, 'https://pics.example.org/e.png', '--json'],
      target,
    );
    expect(later.code, later.stderr).toBe(0);
    expect(jsonOf<{ result: { urls: string[] } }>(later).result.urls).toEqual([
      'https://pics.example.org/e.png',
    ]);
  });

  it('a failed image on a site that accepted links before does not mark the site', async () => {
    const gold = sandbox.control
      .offers(sandbox.sellers[0]!.id)
      .find((o) => o.marketplace_type === 1 && o.status === 2)!;
    const id = String(gold.id);
    expect(
      (
        await runInProcess(
          ['screenshots', 'add', '--offer', id, 'https://cdn.sandbox.test/x.png'],
          target,
        )
      ).code,
    ).toBe(0);
    expect(
      (
        await runInProcess(
          ['screenshots', 'add', '--offer', id, 'https://cdn.sandbox.test/fail.png'],
          target,
        )
      ).code,
    ).toBe(0);
    expect((await runInProcess(['push', '--json'], target)).code).toBe(3);
    await runInProcess(['offers', 'dismiss', id, '--json'], target);
    const again = await runInProcess(
      ['screenshots', 'add', '--offer', id, 'https://cdn.sandbox.test/y.png'],
      target,
    );
    expect(again.code, again.stderr).toBe(0);
  });
});
