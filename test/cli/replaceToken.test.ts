// `profiles replace-token NAME`: a seller whose shop has no offers yet replaces a revoked token.
// Nothing on the marketplace can say whose the new token is, so every push refuses it (exit 4,
// naming the command); replace-token explains what Seller Desk can and cannot know and takes it
// only with --confirm, then the push sends the whole queue (offers, credentials, screenshots, a
// status change). Another seller's token is refused with or without --confirm. The real binary
// for the steps the seller types, in-process runs to build the queue.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { profileRegistryFile } from '../../electron/core/usecases/paths';
import { jsonOf, runInProcess, runSellerDesk, tempDir, WINDOW_MS, type CliTarget } from './harness';

const dir = tempDir('sd-cli-replace-token-');
const sandboxes: Sandbox[] = [];
afterAll(async () => {
  await Promise.all(sandboxes.map((s) => s.close().catch(() => undefined)));
  dir.remove();
});

// A tiny valid PNG (signature + IHDR), enough for a check by magic bytes.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a50000000049454e44ae426082',
  'hex',
);

interface Registry {
  profiles: { name: string; userId: number | null; fingerprints: string[] }[];
}
const registryOf = (dataDir: string): Registry =>
  JSON.parse(readFileSync(profileRegistryFile(dataDir), 'utf8')) as Registry;

type Failure = { ok: false; exitCode: number; error: { kind: string; message: string } };

/** A shop with no offers on the marketplace and a queue: 2 offers, credentials, a screenshot, a status. */
async function queueOfANewShop(s: Sandbox, dataDir: string, token: string) {
  const as: CliTarget = { baseUrl: s.baseUrl, dataDir, token };
  const offers = dir.file(
    `${dataDir.split('/').pop()}-account.csv`,
    [
      'price_per_step,amount,min_purchase_amount,outer_name,Platform,Skins count',
      '25,1,1,Fortnite PC stacked,PC,120',
      '30,1,1,Fortnite PC rare,PC,140',
    ].join('\n'),
  );
  const imported = await runInProcess(['offers', 'import', offers, '--product', '12'], as);
  expect(imported.code, imported.stderr).toBe(0);
  const list = jsonOf<{ result: { offers: { id: string; outerName: string }[] } }>(
    await runInProcess(['offers', 'list', '--json'], as),
  ).result.offers;
  const stacked = list.find((o) => o.outerName === 'Fortnite PC stacked')!.id;
  const rare = list.find((o) => o.outerName === 'Fortnite PC rare')!.id;
  const accounts = dir.file(
    `${dataDir.split('/').pop()}-accounts.txt`,
    'hero-one:Secret-Pass-111\nhero-two:Secret-Pass-222\n',
  );
  const credentials = await runInProcess(
    ['credentials', 'import', accounts, '--offer', stacked],
    as,
  );
  expect(credentials.code, credentials.stderr).toBe(0);
  const png = join(dir.path, 'shot.png');
  writeFileSync(png, PNG);
  for (const id of [stacked, rare]) {
    const shot = await runInProcess(['screenshots', 'add', '--offer', id, png], as);
    expect(shot.code, shot.stderr).toBe(0);
  }
  const status = await runInProcess(
    ['offers', 'set-status', String(OfferStatus.NotActive), stacked],
    as,
  );
  expect(status.code, status.stderr).toBe(0);
  const queued = jsonOf<{ result: { queuedOperations: number } }>(
    await runInProcess(['status', '--json'], { ...as, token: null }),
  ).result.queuedOperations;
  expect(queued).toBeGreaterThanOrEqual(5);
  return { queued };
}

describe('profiles replace-token', { timeout: 180_000 }, () => {
  it('takes a new token nothing can confirm only with --confirm; the push then sends the whole queue', async () => {
    const s = await startSandbox({ windowMs: WINDOW_MS });
    sandboxes.push(s);
    const seller3 = s.sellers[2]!; // no offers on the marketplace
    const seller1 = s.sellers[0]!;
    const dataDir = join(dir.path, 'new-shop');
    const as = (token: string): CliTarget => ({ baseUrl: s.baseUrl, dataDir, token });
    // The first token is used with the profile (a pull binds it), then the queue is made.
    expect((await runInProcess(['pull'], as(seller3.token))).code).toBe(0);
    const { queued } = await queueOfANewShop(s, dataDir, seller3.token);
    const name = registryOf(dataDir).profiles[0]!.name;
    expect(registryOf(dataDir).profiles[0]).toMatchObject({ userId: null });

    // The seller revokes the token in the dashboard and makes a new one.
    const fresh = s.control.regenerateToken(seller3.id);

    // Every push refuses it, and names the way out.
    const refused = await runSellerDesk(['push', '--json'], as(fresh));
    expect(refused.code, refused.stderr).toBe(4);
    const refusal = jsonOf<Failure>(refused).error;
    expect(refusal.kind).toBe('unauthorized');
    expect(refusal.message).toContain('cannot confirm');
    expect(refusal.message).toContain(`seller-desk profiles replace-token ${JSON.stringify(name)}`);
    expect(refused.stdout + refused.stderr).not.toContain(fresh);
    expect(s.control.offers(seller3.id)).toEqual([]);

    // Without --confirm: what Seller Desk knows and does not, and nothing changes.
    const asked = await runSellerDesk(['profiles', 'replace-token', name, '--json'], as(fresh));
    expect(asked.code, asked.stderr).toBe(2);
    const question = jsonOf<Failure>(asked).error.message;
    expect(question).toContain(
      `cannot confirm that this API token belongs to the seller of "${name}"`,
    );
    expect(question).toContain('It knows that the marketplace accepts the token');
    expect(question).toContain('It cannot know whether the token is the same shop');
    expect(question).toContain(`the ${queued} changes waiting in this profile`);
    expect(question).toContain('run the command again with --confirm');
    expect(asked.stdout + asked.stderr).not.toContain(fresh);
    const human = await runSellerDesk(['profiles', 'replace-token', name], as(fresh));
    expect(human.code).toBe(2);
    expect(human.stderr).toContain('It cannot know whether the token is the same shop');
    expect(registryOf(dataDir).profiles[0]!.fingerprints).toHaveLength(1);
    expect((await runInProcess(['push'], as(fresh))).code).toBe(4);

    // Another seller's token: their offers name them; refused with or without --confirm.
    for (const extra of [[], ['--confirm']]) {
      const foreign = await runSellerDesk(
        ['profiles', 'replace-token', name, ...extra, '--json'],
        as(seller1.token),
      );
      expect(foreign.code, foreign.stderr).toBe(4);
      expect(jsonOf<Failure>(foreign).error.message).toContain(
        `This API token belongs to seller ${seller1.id}`,
      );
    }
    expect(registryOf(dataDir).profiles[0]).toMatchObject({ userId: null });
    expect(registryOf(dataDir).profiles[0]!.fingerprints).toHaveLength(1);

    // With --confirm the profile takes it.
    const taken = await runSellerDesk(
      ['profiles', 'replace-token', name, '--confirm', '--json'],
      as(fresh),
    );
    expect(taken.code, taken.stderr).toBe(0);
    expect(jsonOf<{ result: Record<string, unknown> }>(taken).result).toMatchObject({
      profile: { name },
      sellerId: null,
      confirmedBy: 'seller',
    });
    expect(JSON.stringify(registryOf(dataDir))).not.toContain(fresh);

    // The push sends everything the profile kept.
    const pushed = await runSellerDesk(['push', '--json'], as(fresh));
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(jsonOf<{ result: { queuedOperations: number } }>(pushed).result.queuedOperations).toBe(
      0,
    );
    const onMarket = s.control.offers(seller3.id);
    expect(onMarket.map((o) => o.outer_name).sort()).toEqual([
      'Fortnite PC rare',
      'Fortnite PC stacked',
    ]);
    const stacked = onMarket.find((o) => o.outer_name === 'Fortnite PC stacked')!;
    const rare = onMarket.find((o) => o.outer_name === 'Fortnite PC rare')!;
    expect(
      s.control
        .credentials(stacked.id)
        .map((c) => c.login)
        .sort(),
    ).toEqual(['hero-one', 'hero-two']);
    expect(stacked.screenshots).toHaveLength(1);
    expect(rare.screenshots).toHaveLength(1);
    expect(stacked.status).toBe(OfferStatus.NotActive);
    // Now the seller's offers name them: the next run confirms the seller by them.
    expect((await runInProcess(['pull'], as(fresh))).code).toBe(0);
    expect(registryOf(dataDir).profiles[0]!.userId).toBe(seller3.id);
  });

  it("another seller's token is refused for a profile whose seller is known, with or without --confirm; the same seller's new token needs no confirmation", async () => {
    const s = await startSandbox({ windowMs: WINDOW_MS });
    sandboxes.push(s);
    const [seller1, seller2] = [s.sellers[0]!, s.sellers[1]!];
    const dataDir = join(dir.path, 'known-seller');
    const as = (token: string): CliTarget => ({ baseUrl: s.baseUrl, dataDir, token });
    expect((await runInProcess(['pull'], as(seller1.token))).code).toBe(0);
    const name = registryOf(dataDir).profiles[0]!.name;
    for (const extra of [[], ['--confirm']]) {
      const foreign = await runSellerDesk(
        ['profiles', 'replace-token', name, ...extra, '--json'],
        as(seller2.token),
      );
      expect(foreign.code, foreign.stderr).toBe(4);
      expect(jsonOf<Failure>(foreign).error.message).toContain(
        `belongs to seller ${seller2.id}, who has no profile here yet, not to profile "${name}" (seller ${seller1.id})`,
      );
    }
    expect(registryOf(dataDir).profiles[0]!.fingerprints).toHaveLength(1);

    // The same seller's regenerated token: their offers confirm it, no question asked.
    const fresh = s.control.regenerateToken(seller1.id);
    const taken = await runSellerDesk(['profiles', 'replace-token', name, '--json'], as(fresh));
    expect(taken.code, taken.stderr).toBe(0);
    expect(jsonOf<{ result: Record<string, unknown> }>(taken).result).toMatchObject({
      sellerId: seller1.id,
      confirmedBy: 'marketplace',
    });
    // A revoked token is refused by the marketplace, and nothing is kept.
    const revoked = await runInProcess(
      ['profiles', 'replace-token', name, '--confirm', '--json'],
      as(seller1.token),
    );
    expect(revoked.code).toBe(4);
    expect(registryOf(dataDir).profiles[0]!.fingerprints).toHaveLength(2);
    const unknown = await runInProcess(['profiles', 'replace-token', 'nope'], as(fresh));
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`There is no profile named "nope". Profiles: "${name}".`);
  });
});
