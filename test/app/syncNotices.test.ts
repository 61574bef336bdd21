// The words of the connection and of a sync's end, without a marketplace: which reason an error
// code means, the notification naming the refused offers, and the summary a quiet run keeps.
import { describe, expect, it } from 'vitest';
import type { LastRunSummary } from '../../electron/contract/ipc';
import {
  createConnectionTracker,
  unreachableReason,
} from '../../electron/core/usecases/sync/connection';
import { keptSummary, refusedNotice } from '../../electron/core/app/syncNotices';
import type { Clock } from '../../electron/core/util/clock';

describe('connection words', () => {
  it('tells no network from a marketplace that does not answer or answers with an error', () => {
    expect(unreachableReason('network_not_sent', 'ENOTFOUND')).toBe('no_network');
    expect(unreachableReason('network_not_sent', 'ENETUNREACH')).toBe('no_network');
    expect(unreachableReason('network_not_sent', 'ECONNREFUSED')).toBe('not_answering');
    expect(unreachableReason('network_maybe_sent', null)).toBe('not_answering');
    expect(unreachableReason('server', null)).toBe('marketplace_error');
    expect(unreachableReason('bad_response', null)).toBe('marketplace_error');
  });

  it('backs off 5 s, 15 s, 30 s, then every 60 s, and an outage is one episode', () => {
    let now = 1_000;
    const clock: Clock = { now: () => now, sleep: () => new Promise(() => {}) };
    const tracker = createConnectionTracker({ clock, retry: () => {} });
    const pauses: number[] = [];
    const firsts: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      firsts.push(tracker.failed('no_network'));
      pauses.push(tracker.nextRetryAt! - now);
      now += 1;
    }
    expect(pauses).toEqual([5_000, 15_000, 30_000, 60_000, 60_000]);
    expect(firsts).toEqual([true, false, false, false, false]);
    const view = tracker.view(
      { hasProfile: true, tokenRefused: false, running: false, wait: null },
      now,
    );
    expect(view).toMatchObject({
      state: 'unreachable',
      reason: 'This computer has no network connection.',
      action: 'retry',
      // Since the outage's first failure, not the latest attempt.
      since: new Date(1_000).toISOString(),
    });
    expect(tracker.succeeded()).toBe(true);
    expect(tracker.failed('not_answering')).toBe(true); // a new outage is told again
    const again = tracker.view(
      { hasProfile: true, tokenRefused: false, running: false, wait: null },
      now,
    );
    expect(again.since).toBe(new Date(now).toISOString());
  });
});

describe('what the seller is told at the end of a sync', () => {
  it('names the first refused offer and counts the rest; nothing for a clean run', () => {
    expect(
      refusedNotice([{ title: 'WoW Gold EU-Silvermoon' }, { title: 'B' }, { title: 'C' }], 0),
    ).toEqual({
      title: 'WoW Gold EU-Silvermoon and 2 more were refused',
      body: "The marketplace's reasons are in Sync, under Needs attention.",
    });
    expect(refusedNotice([{ title: 'Lost Ark Gold #1003' }], 0)!.title).toBe(
      'Lost Ark Gold #1003 was refused',
    );
    expect(refusedNotice([], 2)).toEqual({
      title: 'Some offers need your attention',
      body: '2 offers changed here and on the marketplace: choose which value to keep.',
    });
    expect(refusedNotice([], 0)).toBeNull();
  });

  it('keeps the summary of a run that did something over a later run that found nothing', () => {
    const sent: LastRunSummary = {
      at: '2026-11-23T10:00:00.000Z',
      sent: 260,
      refused: 3,
      needsAttention: 3,
      conflicts: 0,
      waiting: 0,
      failure: null,
    };
    const quiet = { ...sent, at: '2026-11-23T10:05:00.000Z', sent: 0, refused: 0, waiting: 2 };
    expect(keptSummary(sent, quiet)).toEqual({ ...sent, waiting: 2 });
    const failed = { ...quiet, failure: 'unreachable' as const };
    expect(keptSummary(sent, failed)).toEqual(failed);
    expect(keptSummary(null, quiet)).toEqual(quiet);
  });
});
