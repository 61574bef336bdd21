// `offers retry` and `offers dismiss`: a screenshot link the marketplace refuses keeps its offer
// needing the seller (push exit 3) until it is sent again or let go, through the real CLI.
import { describe, expect, it } from 'vitest';
import { jsonOf, runInProcess, runSellerDesk, useCliWorld } from './harness';

const world = useCliWorld('sd-cli-refusals-', 0, { attachVisibleAfterMs: 0 });

interface PushResult {
  result: { needsAttention: number; attention: { id: string; message: string }[] };
}
interface BulkResult {
  result: { changed: number; refused: { problems: { message: string }[] }[] };
}
interface Listed {
  result: { offers: { serverId: number | null; syncState: string }[] };
}

const BAD = 'https://images.sandbox.test/fail.png';

describe('offers retry and offers dismiss', { timeout: 60_000 }, () => {
  it('a refused link needs the seller until it is retried or dismissed', async () => {
    expect((await runInProcess(['pull', '--json'], world.target)).code).toBe(0);
    const gold = world.sandbox.control
      .offers(world.sandbox.sellers[0]!.id)
      .find((o) => o.marketplace_type === 1 && o.status === 2)!;
    const id = String(gold.id);
    const syncStateOf = async () =>
      jsonOf<Listed>(
        await runInProcess(['offers', 'list', '--limit', '500', '--json'], world.target),
      ).result.offers.find((o) => o.serverId === gold.id)!.syncState;

    const added = await runInProcess(
      ['screenshots', 'add', '--offer', id, BAD, '--json'],
      world.target,
    );
    expect(added.code, added.stderr).toBe(0);
    const pushed = await runInProcess(['push', '--json'], world.target);
    expect(pushed.code).toBe(3);
    const refused = jsonOf<PushResult>(pushed).result;
    expect(refused.needsAttention).toBe(1);
    expect(refused.attention[0]!.message).toContain(BAD);
    expect(await syncStateOf()).toBe('attention');

    // Retry: queued again, sent by the next push (refused again: the image still fails).
    const retried = jsonOf<BulkResult>(
      await runInProcess(['offers', 'retry', id, '--json'], world.target),
    );
    expect(retried.result.changed).toBe(1);
    expect(await syncStateOf()).toBe('local');
    const attachesBefore = world.sandbox.requests.filter((r) =>
      r.path.endsWith('/attach_screenshots_from_links'),
    ).length;
    expect((await runInProcess(['push', '--json'], world.target)).code).toBe(3);
    expect(
      world.sandbox.requests.filter((r) => r.path.endsWith('/attach_screenshots_from_links'))
        .length,
    ).toBe(attachesBefore + 1);

    // Dismiss: the offer is synced again and push has nothing left for the seller.
    const dismissed = await runInProcess(['offers', 'dismiss', id], world.target);
    expect(dismissed.code, dismissed.stderr).toBe(0);
    expect(dismissed.stdout).toMatch(/refused change is dropped/);
    expect(dismissed.stdout).not.toMatch(/screenshot_links|local/i);
    expect(await syncStateOf()).toBe('synced');
    expect((await runInProcess(['push', '--json'], world.target)).code).toBe(0);

    // Nothing refused any more: said plainly, by the offer's marketplace id.
    const again = await runInProcess(['offers', 'dismiss', id], world.target);
    expect(again.code).toBe(2);
    expect(again.stdout + again.stderr).toMatch(/refused nothing on this offer/);
  });

  it('the real binary lists both commands in `offers --help`', async () => {
    const help = await runSellerDesk(['offers', '--help'], world.target);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/offers retry/);
    expect(help.stdout).toMatch(/offers dismiss/);
  });
});
