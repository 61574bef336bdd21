// A push through the real binary hands its WAL checkpoints to the checkpointer thread, as the app
// does: the bundle ships the thread's file beside itself, and the process still ends promptly
// with the write-ahead log folded into the profile and emptied (TRUNCATE on close).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WAL_CHECKPOINTER_FILE } from '../../electron/core/store/checkpointer';
import { jsonOf, repoRoot, succeeds, useCliWorld } from './harness';

const world = useCliWorld('sd-cli-checkpoints-');

describe('push through the binary', { timeout: 120_000 }, () => {
  it('ships the checkpointer thread and leaves the profile checkpointed', async () => {
    const offers = 250;
    const rows = ['price_per_step,amount,min_purchase_amount,Realm,Faction,Delivery note'];
    for (let i = 0; i < offers; i++)
      rows.push(`${(0.7 + i / 10_000).toFixed(4)},500,1,Ashbringer,Horde,wal ${i}`);
    const csv = world.dir.file('offers.csv', rows.join('\n'));
    await succeeds(
      ['offers', 'import', csv, '--product', '1', '--delivery-time', '3600000'],
      world.target,
    );
    const pushed = jsonOf<{ result: { sent: number; failed: number } }>(
      await succeeds(['push', '--json'], world.target),
    );
    expect(pushed.result).toMatchObject({ sent: offers, failed: 0 });

    // Made by the binary's own bundling (bin/seller-desk.mjs) beside out/cli/seller-desk.mjs.
    expect(existsSync(join(repoRoot, 'out/cli', WAL_CHECKPOINTER_FILE))).toBe(true);
    const files = readdirSync(world.target.dataDir, { recursive: true }).map(String);
    const profiles = files.filter((f) => f.endsWith('.sqlite') || f.endsWith('.db'));
    expect(profiles.length).toBeGreaterThan(0);
    for (const profile of profiles) {
      const wal = join(world.target.dataDir, `${profile}-wal`);
      expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
    }
    const listed = jsonOf<{ result: { total: number } }>(
      await succeeds(['offers', 'list', '--json'], world.target),
    );
    expect(listed.result.total).toBe(
      world.sandbox.control.offers(world.sandbox.sellers[2]!.id).length,
    );
  });
});
