// One profile per seller on the command line: a token of another seller never sends a profile's
// queue (exit 4, nothing sent), each seller works in their own profile (--profile), a
// regenerated token of the same seller keeps the profile, an older version's profile becomes its
// seller's on the first check, and two sellers pushing at once each stay inside their own
// windows. Real binary (child processes) for the scenario, in-process runs for the small cases.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { limits } from '../../electron/contract/marketplace/limits';
import { startSandbox, type RecordedRequest, type Sandbox } from '../../electron/sandbox';
import {
  identityKeyFile,
  profileFile,
  profileRegistryFile,
} from '../../electron/core/usecases/paths';
import { tokenFingerprint } from '../../electron/core/usecases/profiles';
import { jsonOf, runInProcess, runSellerDesk, tempDir, WINDOW_MS, type CliTarget } from './harness';

const dir = tempDir('sd-cli-profiles-');
const sandboxes: Sandbox[] = [];
afterAll(async () => {
  await Promise.all(sandboxes.map((s) => s.close().catch(() => undefined)));
  dir.remove();
});

async function sandbox(): Promise<Sandbox> {
  const started = await startSandbox({ windowMs: WINDOW_MS });
  sandboxes.push(started);
  return started;
}

/** Gold offers for product 1 whose delivery note starts with `tag`, all different. */
function goldOffersCsv(tag: string, count: number): string {
  const rows = ['price_per_step,amount,min_purchase_amount,Realm,Faction,Delivery note'];
  for (let i = 0; i < count; i++) {
    rows.push(`${(0.5 + i / 10_000).toFixed(4)},${1000 + i},1,Ashbringer,Horde,${tag} ${i}`);
  }
  const path = join(dir.path, `${tag}.csv`);
  writeFileSync(path, rows.join('\n') + '\n');
  return path;
}

const notesOf = (s: Sandbox, sellerId: number) =>
  s.control.offers(sellerId).map((o) => String(o.data['103'] ?? ''));

const manageSent = (s: Sandbox) =>
  s.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/offers/manage')).length;

interface Registry {
  profiles: { name: string; file: string; userId: number | null; fingerprints: string[] }[];
}
const registryOf = (dataDir: string): Registry =>
  JSON.parse(readFileSync(profileRegistryFile(dataDir), 'utf8')) as Registry;

describe('one profile per seller (CLI)', { timeout: 120_000 }, () => {
  it("seller 2's token never sends seller 1's queue; each seller's offers end on their own account", async () => {
    const s = await sandbox();
    const [seller1, seller2] = [s.sellers[0]!, s.sellers[1]!];
    const dataDir = join(dir.path, 'scenario');
    const as = (token: string): CliTarget => ({ baseUrl: s.baseUrl, dataDir, token });
    const before2 = notesOf(s, seller2.id);

    // Seller 1 pulls and queues 3 new offers.
    expect((await runSellerDesk(['pull', '--json'], as(seller1.token))).code).toBe(0);
    const imported = await runSellerDesk(
      ['offers', 'import', goldOffersCsv('seller1-lot', 3), '--product', '1', '--json'],
      as(seller1.token),
    );
    expect(imported.code, imported.stderr).toBe(0);
    expect(jsonOf<{ result: { created: number } }>(imported).result.created).toBe(3);
    const profile1 = registryOf(dataDir).profiles[0]!;
    expect(profile1).toMatchObject({ userId: seller1.id });

    // The token is replaced by seller 2's: push stops before anything is sent.
    const manageBefore = manageSent(s);
    const wrong = await runSellerDesk(['push', '--json'], as(seller2.token));
    expect(wrong.code, wrong.stderr).toBe(4);
    const error = jsonOf<{ error: { kind: string; message: string } }>(wrong).error;
    expect(error.kind).toBe('unauthorized');
    expect(error.message).toContain(`seller ${seller2.id}`);
    expect(error.message).toContain(`profile "${profile1.name}" (seller ${seller1.id})`);
    expect(error.message).toContain('Nothing was sent');
    expect(wrong.stdout + wrong.stderr).not.toContain(seller2.token);
    expect(manageSent(s)).toBe(manageBefore);
    expect(notesOf(s, seller2.id)).toEqual(before2);

    // Seller 2 gets a profile of their own: their list and push hold nothing of seller 1's.
    expect((await runSellerDesk(['profiles', 'add', 'shop two'], as(seller2.token))).code).toBe(0);
    const pull2 = await runSellerDesk(
      ['pull', '--profile', 'shop two', '--json'],
      as(seller2.token),
    );
    expect(pull2.code, pull2.stderr).toBe(0);
    const push2 = await runSellerDesk(
      ['push', '--profile', 'shop two', '--json'],
      as(seller2.token),
    );
    expect(push2.code, push2.stderr).toBe(0);
    expect(jsonOf<{ result: { sent: number } }>(push2).result.sent).toBe(0);
    const list2 = jsonOf<{ result: { offers: { outerName: string; serverId: number | null }[] } }>(
      await runSellerDesk(
        ['offers', 'list', '--profile', 'shop two', '--limit', '500', '--json'],
        as(seller2.token),
      ),
    ).result.offers;
    const ids2 = new Set(s.control.offers(seller2.id).map((o) => o.id));
    expect(list2.length).toBe(ids2.size);
    expect(list2.every((o) => o.serverId !== null && ids2.has(o.serverId))).toBe(true);
    expect(notesOf(s, seller2.id).filter((n) => n.startsWith('seller1-lot'))).toEqual([]);

    // Two profiles now: a command that names none lists them and does nothing.
    const unnamed = await runSellerDesk(['push', '--json'], as(seller1.token));
    expect(unnamed.code).toBe(2);
    const listing = jsonOf<{ error: { message: string } }>(unnamed).error.message;
    expect(listing).toContain(`"${profile1.name}" (seller ${seller1.id})`);
    expect(listing).toContain(`"shop two" (seller ${seller2.id})`);

    // Seller 1 comes back: the queue is intact and goes out under seller 1's token.
    const status1 = jsonOf<{ result: { queuedOperations: number; profile: string } }>(
      await runSellerDesk(['status', '--profile', profile1.name, '--json'], as(seller1.token)),
    );
    expect(status1.result.queuedOperations).toBeGreaterThan(0);
    expect(status1.result.profile).toBe(profile1.name);
    const push1 = await runSellerDesk(
      ['push', '--profile', profile1.name, '--json'],
      as(seller1.token),
    );
    expect(push1.code, push1.stderr).toBe(0);
    expect(jsonOf<{ result: { queuedOperations: number } }>(push1).result.queuedOperations).toBe(0);
    expect(
      notesOf(s, seller1.id)
        .filter((n) => n.startsWith('seller1-lot'))
        .sort(),
    ).toEqual(['seller1-lot 0', 'seller1-lot 1', 'seller1-lot 2']);
    expect(notesOf(s, seller2.id).filter((n) => n.startsWith('seller1-lot'))).toEqual([]);
  });

  it('a regenerated token of the same seller keeps the profile; a token whose seller cannot be named sends nothing', async () => {
    const s = await sandbox();
    const seller1 = s.sellers[0]!;
    const seller3 = s.sellers[2]!; // no offers: nothing names this seller
    const dataDir = join(dir.path, 'regenerated');
    const target = (token: string): CliTarget => ({ baseUrl: s.baseUrl, dataDir, token });
    expect((await runInProcess(['pull'], target(seller1.token))).code).toBe(0);
    expect(
      (
        await runInProcess(
          ['offers', 'import', goldOffersCsv('regen-lot', 2), '--product', '1'],
          target(seller1.token),
        )
      ).code,
    ).toBe(0);

    const fresh = s.control.regenerateToken(seller1.id);
    expect((await runInProcess(['pull'], target(seller1.token))).code).toBe(4); // the old one is refused

    const stranger = await runInProcess(['push', '--json'], target(seller3.token));
    expect(stranger.code).toBe(4);
    expect(jsonOf<{ error: { message: string } }>(stranger).error.message).toContain(
      'cannot confirm',
    );
    expect(s.control.offers(seller3.id)).toEqual([]);

    const pushed = await runInProcess(['push', '--json'], target(fresh));
    expect(pushed.code, pushed.stderr).toBe(0);
    const registry = registryOf(dataDir);
    expect(registry.profiles).toHaveLength(1);
    expect(registry.profiles[0]!.userId).toBe(seller1.id);
    expect(registry.profiles[0]!.fingerprints).toHaveLength(2);
    expect(JSON.stringify(registry)).not.toContain(fresh);
    expect(notesOf(s, seller1.id).filter((n) => n.startsWith('regen-lot'))).toHaveLength(2);
  });

  it('a seller with no offers is known by the token until their first offer names them', async () => {
    const s = await sandbox();
    const seller3 = s.sellers[2]!; // no offers yet
    const dataDir = join(dir.path, 'no-offers');
    const as = (token: string): CliTarget => ({ baseUrl: s.baseUrl, dataDir, token });
    const first = seller3.token;
    const imported = await runInProcess(
      ['offers', 'import', goldOffersCsv('first-lot', 2), '--product', '1'],
      as(first),
    );
    expect(imported.code, imported.stderr).toBe(0);
    expect(registryOf(dataDir).profiles).toEqual([
      expect.objectContaining({ name: '127.0.0.1', userId: null }),
    ]);

    // A second token before any offer names the seller: it cannot be confirmed, nothing goes out.
    const second = s.control.regenerateToken(seller3.id);
    const unconfirmed = await runInProcess(['push', '--json'], as(second));
    expect(unconfirmed.code).toBe(4);
    expect(jsonOf<{ error: { message: string } }>(unconfirmed).error.message).toContain(
      'cannot confirm',
    );
    expect(s.control.offers(seller3.id)).toEqual([]);
    expect(manageSent(s)).toBe(0);

    // With the token the profile knows (the seller kept using it elsewhere: the sandbox takes
    // the current one only, so the profile's fingerprint is given the new one by hand here).
    const registry = registryOf(dataDir);
    registry.profiles[0]!.fingerprints = [tokenFingerprint(dataDir, second)];
    writeFileSync(profileRegistryFile(dataDir), JSON.stringify(registry));
    const pushed = await runInProcess(['push', '--json'], as(second));
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(notesOf(s, seller3.id).filter((n) => n.startsWith('first-lot'))).toHaveLength(2);
    // The next run's check names the seller by their offers.
    expect((await runInProcess(['pull'], as(second))).code).toBe(0);
    expect(registryOf(dataDir).profiles[0]!.userId).toBe(seller3.id);

    // From now on a regenerated token is confirmed by user_id and keeps the profile.
    const third = s.control.regenerateToken(seller3.id);
    expect((await runInProcess(['pull'], as(third))).code).toBe(0);
    expect(registryOf(dataDir).profiles).toHaveLength(1);
    expect(registryOf(dataDir).profiles[0]!.fingerprints).toHaveLength(2);
  });

  it('two runs claiming a new profile at once with the same token both go ahead', async () => {
    const s = await sandbox();
    const seller3 = s.sellers[2]!; // no offers: known by the token only
    const target: CliTarget = {
      baseUrl: s.baseUrl,
      dataDir: join(dir.path, 'claim-race'),
      token: seller3.token,
    };
    const runs = await Promise.all([
      runInProcess(['pull'], target),
      runInProcess(['pull'], target),
    ]);
    expect(
      runs.map((r) => r.code),
      runs.map((r) => r.stderr).join('\n'),
    ).toEqual([0, 0]);
    expect(registryOf(target.dataDir).profiles).toHaveLength(1);
  });

  it("a 403 on the seller's own offer from another seller's token stops the push; nothing is retried under that token", async () => {
    const s = await sandbox();
    const [seller1, seller2] = [s.sellers[0]!, s.sellers[1]!];
    const dataDir = join(dir.path, 'send-time');
    const as = (token: string): CliTarget => ({ baseUrl: s.baseUrl, dataDir, token });
    expect((await runInProcess(['pull'], as(seller1.token))).code).toBe(0);
    const active = s.control.offers(seller1.id).filter((o) => o.status === 2);
    const targets = active.slice(0, 2).map((o) => String(o.id));
    const queued = await runInProcess(['offers', 'set-status', '3', ...targets], as(seller1.token));
    expect(queued.code, queued.stderr).toBe(0);
    // A list of profiles that wrongly holds seller 2's token as seller 1's (edited by hand, or
    // an older mix-up): the guard lets it in, the marketplace's 403 gives it away.
    const file = profileRegistryFile(dataDir);
    const registry = registryOf(dataDir);
    registry.profiles[0]!.fingerprints.push(tokenFingerprint(dataDir, seller2.token));
    writeFileSync(file, JSON.stringify(registry));
    const edits = () => s.requests.filter((r) => r.path.endsWith('/edit_status')).length;
    const editsBefore = edits();

    const stopped = await runInProcess(['push', '--json'], as(seller2.token));
    expect(stopped.code, stopped.stderr).toBe(4);
    expect(jsonOf<{ error: { message: string } }>(stopped).error.message).toBe(
      `This API token belongs to seller ${seller2.id}, who has no profile here yet, not to profile ` +
        `"${registry.profiles[0]!.name}" (seller ${seller1.id}). The push stopped. 2 queued operation(s) are kept.`,
    );
    // Requests go side by side, but the first one on an offer goes alone: the refused token
    // stops the push before the other change is sent (ARCHITECTURE, sync guarantee 12).
    expect(edits()).toBe(editsBefore + 1);
    expect(s.control.offers(seller1.id).filter((o) => targets.includes(String(o.id)))).toEqual(
      active.slice(0, 2),
    );
    expect(registryOf(dataDir).profiles[0]!.fingerprints).toHaveLength(1);

    const again = await runInProcess(['push', '--json'], as(seller2.token));
    expect(again.code).toBe(4);
    expect(jsonOf<{ error: { message: string } }>(again).error.message).toContain(
      `This API token belongs to seller ${seller2.id}`,
    );
    expect(edits()).toBe(editsBefore + 1); // the struck token sends nothing more
    const pushed = await runInProcess(['push', '--json'], as(seller1.token));
    expect(pushed.code, pushed.stderr).toBe(0);
    const after = s.control.offers(seller1.id).filter((o) => targets.includes(String(o.id)));
    expect(after.map((o) => o.status)).toEqual([3, 3]);
  });

  it("an older version's profile becomes its seller's at the first check, with nothing lost", async () => {
    const s = await sandbox();
    const seller1 = s.sellers[0]!;
    const dataDir = join(dir.path, 'migration');
    const target: CliTarget = { baseUrl: s.baseUrl, dataDir, token: seller1.token };
    expect((await runInProcess(['pull'], target)).code).toBe(0);
    expect(
      (
        await runInProcess(['offers', 'import', goldOffersCsv('old-lot', 4), '--product', '1'], {
          ...target,
          token: null,
        })
      ).code,
    ).toBe(0);
    // What an older version leaves: the one SQLite file per base URL, no list of profiles.
    rmSync(profileRegistryFile(dataDir));
    rmSync(identityKeyFile(dataDir));
    const before = jsonOf<{ result: { offers: number; queuedOperations: number } }>(
      await runInProcess(['status', '--json'], { ...target, token: null }),
    ).result;
    expect(before.queuedOperations).toBe(4);

    const listed = jsonOf<{ result: { profiles: { name: string; sellerId: number | null }[] } }>(
      await runInProcess(['profiles', 'list', '--json'], target),
    ).result.profiles;
    expect(listed).toEqual([expect.objectContaining({ name: '127.0.0.1', sellerId: null })]);
    expect((await runInProcess(['profiles', 'add', '127.0.0.1'], target)).code).toBe(2); // taken

    // Another seller's token first (the mix-up, after an upgrade): the file's offers
    // are not theirs, so it is not claimed and nothing is sent.
    const seller2 = s.sellers[1]!;
    const manageBefore = manageSent(s);
    const wrong = await runInProcess(['push', '--json'], { ...target, token: seller2.token });
    expect(wrong.code).toBe(4);
    expect(jsonOf<{ error: { message: string } }>(wrong).error.message).toContain(
      `holds offers of another seller than seller ${seller2.id}`,
    );
    expect(manageSent(s)).toBe(manageBefore);
    expect(existsSync(profileRegistryFile(dataDir))).toBe(false);

    const pushed = await runInProcess(['push', '--json'], target);
    expect(pushed.code, pushed.stderr).toBe(0);
    const registry = registryOf(dataDir);
    expect(registry.profiles).toEqual([expect.objectContaining({ userId: seller1.id })]);
    // Named after the seller's shop: the product of one of their offers, never their id.
    const theirProducts = new Set(s.control.offers(seller1.id).map((o) => o.product_id));
    expect(
      s.control
        .products()
        .filter((p) => theirProducts.has(p.id))
        .map((p) => p.title),
    ).toContain(registry.profiles[0]!.name);
    expect(join(dataDir, 'profiles', registry.profiles[0]!.file)).toBe(
      profileFile(dataDir, s.baseUrl),
    );
    const after = jsonOf<{ result: { offers: number; queuedOperations: number } }>(
      await runInProcess(['status', '--json'], target),
    ).result;
    expect(after).toMatchObject({ offers: before.offers, queuedOperations: 0 });
    expect(notesOf(s, seller1.id).filter((n) => n.startsWith('old-lot'))).toHaveLength(4);
  });

  it('profiles list, add, rename and remove (remove says what unsent work would be lost)', async () => {
    const s = await sandbox();
    const seller3 = s.sellers[2]!;
    const dataDir = join(dir.path, 'manage');
    const target: CliTarget = { baseUrl: s.baseUrl, dataDir, token: seller3.token };
    const empty = await runInProcess(['profiles', 'list'], target);
    expect(empty.stdout).toContain('No profile yet');

    expect((await runInProcess(['profiles', 'add', 'gold'], target)).code).toBe(0);
    expect((await runInProcess(['profiles', 'add', 'gold'], target)).code).toBe(2); // taken
    expect((await runInProcess(['profiles', 'rename', 'gold', 'gold shop'], target)).code).toBe(0);
    const imported = await runInProcess(
      [
        'offers',
        'import',
        goldOffersCsv('kept-lot', 2),
        '--product',
        '1',
        '--profile',
        'gold shop',
      ],
      target,
    );
    expect(imported.code, imported.stderr).toBe(0);
    const missing = await runInProcess(['status', '--profile', 'gold'], target);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('"gold shop"');

    const listed = jsonOf<{
      result: { profiles: { name: string; queuedOperations: number; file: string }[] };
    }>(await runInProcess(['profiles', 'list', '--json'], target)).result.profiles;
    expect(listed).toEqual([expect.objectContaining({ name: 'gold shop', queuedOperations: 2 })]);

    const asked = await runInProcess(['profiles', 'remove', 'gold shop'], target);
    expect(asked.code).toBe(2);
    expect(asked.stderr).toContain('2 queued operation(s) not sent yet');
    expect(existsSync(listed[0]!.file)).toBe(true);
    const removed = await runInProcess(['profiles', 'remove', 'gold shop', '--yes'], target);
    expect(removed.code, removed.stderr).toBe(0);
    expect(existsSync(listed[0]!.file)).toBe(false);
    expect(registryOf(dataDir).profiles).toEqual([]);

    // A damaged list of profiles is told, and left for the seller to look at.
    writeFileSync(profileRegistryFile(dataDir), '{ not json');
    const damaged = await runInProcess(['status', '--json'], target);
    expect(damaged.code).toBe(1);
    expect(jsonOf<{ error: { kind: string } }>(damaged).error.kind).toBe('data_folder');
    expect(readFileSync(profileRegistryFile(dataDir), 'utf8')).toBe('{ not json');
  });

  it("two sellers' profiles pushing at once each stay inside their own seller's windows", async () => {
    const s = await sandbox();
    const [seller2, seller3] = [s.sellers[1]!, s.sellers[2]!];
    const dataDir = join(dir.path, 'parallel');
    const as = (token: string): CliTarget => ({ baseUrl: s.baseUrl, dataDir, token });
    expect((await runInProcess(['profiles', 'add', 'two'], as(seller2.token))).code).toBe(0);
    expect((await runInProcess(['profiles', 'add', 'three'], as(seller3.token))).code).toBe(0);
    for (const [name, token] of [
      ['two', seller2.token],
      ['three', seller3.token],
    ] as const) {
      const run = await runInProcess(
        [
          'offers',
          'import',
          goldOffersCsv(`par-${name}`, 250),
          '--product',
          '1',
          '--profile',
          name,
        ],
        as(token),
      );
      expect(run.code, run.stderr).toBe(0);
    }
    const start = s.requests.length;
    const [a, b] = await Promise.all([
      runSellerDesk(['push', '--profile', 'two', '--json'], as(seller2.token)),
      runSellerDesk(['push', '--profile', 'three', '--json'], as(seller3.token)),
    ]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    const requests = s.requests.slice(start);
    expect(requests.filter((r) => r.status === 429)).toEqual([]);
    for (const seller of [seller2, seller3]) {
      const peak = peakPerWindow(requests.filter((r) => r.sellerId === seller.id));
      expect(peak.offers).toBeLessThanOrEqual(limits.manageOffersPerWindow);
      expect(peak.count).toBeLessThanOrEqual(limits.requestsPerWindow);
    }
    expect(notesOf(s, seller2.id).filter((n) => n.startsWith('par-two'))).toHaveLength(250);
    expect(notesOf(s, seller3.id).filter((n) => n.startsWith('par-three'))).toHaveLength(250);
    expect(notesOf(s, seller3.id).filter((n) => n.startsWith('par-two'))).toEqual([]);
  });
});

function peakPerWindow(requests: RecordedRequest[]) {
  let offers = 0;
  let count = 0;
  for (const r of requests) {
    const inWindow = requests.filter((o) => o.at > r.at - WINDOW_MS && o.at <= r.at);
    offers = Math.max(
      offers,
      inWindow.reduce((sum, o) => sum + (o.status === 200 ? o.manageOffers : 0), 0),
    );
    count = Math.max(count, inWindow.length);
  }
  return { offers, count };
}
