import { describe, expect, it } from 'vitest';
import type { Connection, LastRunSummary } from '../../electron/contract/ipc/models';
import {
  chipWhileAway,
  connectionText,
  lastRunText,
  secondsLeft,
  shortCountdownText,
  tickUntil,
} from '../../renderer/src/lib/countdown';
import type { Scheduler } from '../../renderer/src/lib/latestOnly';

/** Timers and a clock driven by hand. */
function manualTime(start: number) {
  const queue: { at: number; fn: () => void; id: number }[] = [];
  let now = start;
  let id = 0;
  const timers: Scheduler = {
    setTimeout(fn, ms) {
      queue.push({ at: now + ms, fn, id: ++id });
      return id;
    },
    clearTimeout(handle) {
      const i = queue.findIndex((t) => t.id === handle);
      if (i >= 0) queue.splice(i, 1);
    },
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      queue.sort((a, b) => a.at - b.at);
      const next = queue[0];
      if (!next || next.at > end) break;
      queue.shift();
      now = next.at;
      next.fn();
    }
    now = end;
  };
  return { timers, advance, clock: () => now, pending: () => queue.length };
}

const T0 = Date.parse('2026-11-23T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

const waiting: Connection = {
  state: 'waiting',
  title: 'Waiting for the rate limit',
  reason: 'The marketplace allows 200 offers a minute',
  countdown: { label: 'the next 60 go out', until: at(3_000) },
  action: null,
};

const unreachable: Connection = {
  state: 'unreachable',
  title: 'Cannot reach the marketplace',
  reason: 'The marketplace is not answering.',
  countdown: { label: 'next retry', until: at(2_500) },
  action: 'retry',
};

describe('the connection countdown', () => {
  it('counts a rate wait down every second on its own, in words, and says what happens at 0', () => {
    const time = manualTime(T0);
    const shown: string[] = [];
    tickUntil(
      waiting.countdown!.until,
      (now) => shown.push(connectionText(waiting, now)!),
      time.timers,
      time.clock,
    );
    time.advance(10_000);
    expect(shown).toEqual([
      'The marketplace allows 200 offers a minute; the next 60 go out in 3 s',
      'The marketplace allows 200 offers a minute; the next 60 go out in 2 s',
      'The marketplace allows 200 offers a minute; the next 60 go out in 1 s',
      'The marketplace allows 200 offers a minute; the next 60 go out now',
    ]);
    expect(shown.join(' ')).not.toContain('manage_offers');
    expect(time.pending()).toBe(0); // stops at 0
  });

  it('follows whole seconds when the deadline falls mid-second, and stops when told', () => {
    const time = manualTime(T0);
    const shown: string[] = [];
    const stop = tickUntil(
      unreachable.countdown!.until,
      (now) => shown.push(connectionText(unreachable, now)!),
      time.timers,
      time.clock,
    );
    time.advance(500);
    expect(shown).toEqual([
      'The marketplace is not answering. Next retry in 3 s.',
      'The marketplace is not answering. Next retry in 2 s.',
    ]);
    time.advance(1_000);
    expect(shown.at(-1)).toBe('The marketplace is not answering. Next retry in 1 s.');
    time.advance(1_000);
    expect(shown.at(-1)).toBe('The marketplace is not answering. Trying again now…');
    expect(time.pending()).toBe(0);

    const again: string[] = [];
    const stopAgain = tickUntil(
      at(60_000),
      (now) => again.push(String(now)),
      time.timers,
      time.clock,
    );
    stopAgain();
    time.advance(5_000);
    expect(again).toHaveLength(1);
    stop();
  });

  it('says a retry is under way while there is no deadline, and reads minutes past 90 s', () => {
    expect(connectionText({ ...unreachable, countdown: null, action: null }, T0)).toBe(
      'The marketplace is not answering. Trying again now…',
    );
    expect(
      connectionText(
        { ...unreachable, countdown: { label: 'next retry', until: at(150_000) } },
        T0,
      ),
    ).toBe('The marketplace is not answering. Next retry in 3 min.');
    expect(shortCountdownText(waiting, T0 + 1_200)).toBe('The next 60 go out in 2 s');
    expect(shortCountdownText(waiting, T0 + 3_000)).toBe('Sending again…');
    expect(shortCountdownText(unreachable, T0)).toBe('Next retry in 3 s');
    expect(secondsLeft(at(-5_000), T0)).toBe(0);
    expect(secondsLeft('not a time', T0)).toBe(0);
    expect(
      connectionText(
        { state: 'online', title: 'Online', reason: null, countdown: null, action: null },
        T0,
      ),
    ).toBeNull();
  });
});

describe('the end-of-sync summary', () => {
  const run: LastRunSummary = {
    at: at(0),
    sent: 260,
    refused: 0,
    needsAttention: 3,
    conflicts: 0,
    waiting: 0,
    failure: null,
  };

  it('says what was sent and what needs the seller, as a separate part to link', () => {
    expect(lastRunText(run)).toEqual({ text: 'Sent 260 changes', attention: '3 need attention' });
    expect(lastRunText({ ...run, sent: 1, needsAttention: 1 })).toEqual({
      text: 'Sent 1 change',
      attention: '1 needs attention',
    });
    expect(lastRunText({ ...run, sent: 0, refused: 1, needsAttention: 1 })).toEqual({
      text: '1 change refused',
      attention: '1 needs attention',
    });
    expect(lastRunText({ ...run, sent: 0, needsAttention: 0 })).toEqual({
      text: 'Up to date, nothing to send',
      attention: null,
    });
  });

  it('says what waits when the marketplace could not be reached or refused the token', () => {
    expect(
      lastRunText({ ...run, failure: 'unreachable', sent: 0, needsAttention: 0, waiting: 12 }),
    ).toEqual({
      text: 'Could not reach the marketplace: 12 changes wait',
      attention: null,
    });
    expect(lastRunText({ ...run, failure: 'token_refused', waiting: 1 }).text).toBe(
      'The marketplace refused the token: 1 change waits',
    );
  });
});

describe("an offer's chip while the marketplace is away", () => {
  it('does not say Sending when nothing can be sent, and says why a change waits', () => {
    expect(chipWhileAway('sending', 'unreachable')).toMatchObject({ label: 'Waiting to send' });
    expect(chipWhileAway('local', 'token_refused')!.meaning).toContain(
      'The marketplace refused the API token',
    );
    expect(chipWhileAway('sending', 'online')).toBeNull();
    expect(chipWhileAway('sending', 'waiting')).toBeNull();
    expect(chipWhileAway('synced', 'unreachable')).toBeNull();
  });
});
