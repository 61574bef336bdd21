// The app's door to screenshot links from a site the marketplace refused before, on the real
// core (real SQLite file) against the sandbox over loopback: refused once → remembered (the
// next add stops to ask, nothing queued) → added anyway → the site approved and a link accepted
// → forgotten (the next add goes ahead without a word).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppCore } from '../../electron/core/app';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { WINDOW_MS } from '../cli/harness';
import { coreCalls, createTestCore } from '../app/coreHarness';

const OFFER = 1004;
const SITE = 'pics.example.org';

let sandbox: Sandbox;
let core: AppCore;
const { call } = coreCalls(() => core);
let dir: string;
let localId: number;

async function syncNow() {
  await call('sync.now');
  for (let i = 0; i < 600 && (await call('sync.status')).running; i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
}
const attachSent = () =>
  sandbox.requests.filter((r) => r.path.endsWith('/attach_screenshots_from_links')).length;

beforeAll(async () => {
  sandbox = await startSandbox({ windowMs: WINDOW_MS, attachVisibleAfterMs: 0 });
  dir = mkdtempSync(join(tmpdir(), 'sd-link-domains-'));
  core = await createTestCore(join(dir, 'app'), sandbox.baseUrl, {
    windowMs: WINDOW_MS,
    syncDebounceMs: 3_600_000,
  });
  await core.start();
  await call('session.connect', { token: sandbox.sellers[0]!.token });
  await syncNow();
  const page = await call('offers.query', {
    text: String(OFFER),
    sort: { column: 'updated_at', dir: 'desc' },
    offset: 0,
    limit: 10,
  });
  localId = page.rows.find((r) => r.serverId === OFFER)!.localId;
}, 60_000);

afterAll(async () => {
  await core?.close();
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('screenshot links from a site the marketplace refused before', { timeout: 60_000 }, () => {
  it('remembers the refusal, asks before the next one, and forgets it once a link is accepted', async () => {
    const first = await call('screenshots.add', {
      localId,
      files: [],
      urls: [`https://${SITE}/a.png`],
    });
    expect(first.accepted).toBe(1);
    expect(first.refusedDomains ?? []).toEqual([]);
    await syncNow();
    expect(attachSent()).toBe(1);

    // Remembered: the next link from it stops to ask; nothing queued, nothing sent.
    const second = await call('screenshots.add', {
      localId,
      files: [],
      urls: [`https://${SITE}/b.png`],
    });
    expect(second).toMatchObject({ accepted: 0, refusedDomains: [SITE] });
    await syncNow();
    expect(attachSent()).toBe(1);

    // Another site is not held back by it.
    const other = await call('screenshots.add', {
      localId,
      files: [],
      urls: ['https://images.sandbox.test/c.png'],
    });
    expect(other).toMatchObject({ accepted: 1, refusedDomains: [] });

    // The seller asked support; the site is approved; added anyway and accepted.
    sandbox.control.approveDomain(sandbox.sellers[0]!.id, SITE);
    const anyway = await call('screenshots.add', {
      localId,
      files: [],
      urls: [`https://${SITE}/d.png`],
      anyway: true,
    });
    expect(anyway.accepted).toBe(1);
    await syncNow();
    const attached = sandbox.control.offers(1).find((o) => o.id === OFFER)!.screenshots.length;

    // Forgotten: the next link from it goes ahead and is attached.
    const later = await call('screenshots.add', {
      localId,
      files: [],
      urls: [`https://${SITE}/e.png`],
    });
    expect(later).toMatchObject({ accepted: 1, refusedDomains: [] });
    await syncNow();
    expect(sandbox.control.offers(1).find((o) => o.id === OFFER)!.screenshots.length).toBe(
      attached + 1,
    );
  });
});
