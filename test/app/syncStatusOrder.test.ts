// The window keeps the newer of two sync statuses (renderer/src/lib/syncStatusOrder.ts): in the
// browser host an answer made while a sync ran can arrive after the sync's last event, and shown,
// it put back "Syncing…" without the refusal the sync had just recorded. The core numbers every
// status it makes, answers and events alike, and a restarted core numbers above the last one.
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../electron/contract/ipc';
import { isNewerStatus } from '../../renderer/src/lib/syncStatusOrder';
import { coreCalls, createTestCore, startConnectedCore, type ConnectedCore } from './coreHarness';

let world: ConnectedCore | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

describe('sync statuses in the order the core made them', () => {
  it('numbers answers and events alike; a status made during a sync is not newer than its end', async () => {
    const events: SyncStatus[] = [];
    world = await startConnectedCore('status-order', { syncDebounceMs: 3_600_000 }, (core) =>
      core.on('sync.status', (s) => void events.push(s)),
    );
    const { call, syncNow } = coreCalls(() => world!.core);
    const before = await call('sync.status');
    const heard = events.length;
    await call('sync.now');
    const during = await call('sync.status');
    const after = await syncNow();
    const made = events.slice(heard);
    expect(made.length).toBeGreaterThan(0);
    const seqs = [before, ...made, after].map((s) => s.seq!);
    expect(seqs.every((n) => Number.isInteger(n))).toBe(true);
    // Events strictly in the order made, all after the answer asked before them.
    expect(made.map((s) => s.seq!)).toEqual([...made.map((s) => s.seq!)].sort((a, b) => a - b));
    expect(made[0]!.seq!).toBeGreaterThan(before.seq!);
    const ended = made.at(-1)!;
    expect(ended.running).toBe(false);
    // The answer made while the sync ran, arriving after its end's event, is not shown.
    expect(during.running).toBe(true);
    expect(isNewerStatus(ended, during)).toBe(false);
    expect(isNewerStatus(during, ended)).toBe(true);
    expect(isNewerStatus(ended, after)).toBe(true);

    // A restarted core's first status counts as newer than anything the last one said.
    await world.core.close();
    world.core = await createTestCore(world.dataDir, world.sandbox.baseUrl);
    await world.core.start();
    const restarted = await call('sync.status');
    expect(isNewerStatus(after, restarted)).toBe(true);
    expect(restarted.seq!).toBeGreaterThan(after.seq!);
  });

  it('shows a status from a core that numbers none', () => {
    const shown = { seq: 9 } as SyncStatus;
    expect(isNewerStatus(shown, {} as SyncStatus)).toBe(true);
    expect(isNewerStatus(null, shown)).toBe(true);
  });
});
