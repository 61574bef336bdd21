import { describe, expect, it } from 'vitest';
import { createProgress, renderProgressLine } from '../../electron/cli/progress';

function terminal(isTTY: boolean) {
  const chunks: string[] = [];
  return { isTTY, write: (c: string) => chunks.push(c), chunks };
}

describe('progress', () => {
  it('says when the marketplace asked for a longer pause than Seller Desk waits', () => {
    const year = 365 * 24 * 3600_000;
    const line = renderProgressLine({
      label: 'push',
      done: 0,
      total: 1,
      waitUntil: 300_000,
      cause: 'retry_after',
      pause: { untilMs: 300_000, askedMs: year, heldMs: 300_000 },
      now: 0,
    });
    expect(line).toBe(
      'push [------------------------] 0/1  waiting for the rate limit (the marketplace asked for ' +
        '1 year, Seller Desk waits at most 5 min): 300 s',
    );
  });

  it('draws a bar with the count and shows a rate-limit wait as such', () => {
    const line = renderProgressLine({
      label: 'push',
      done: 120,
      total: 240,
      waitUntil: 12_500,
      cause: 'manage_offers',
      now: 1_000,
    });
    expect(line).toBe(
      'push [############------------] 120/240  waiting for the rate limit (offers per minute): 12 s',
    );
    expect(
      renderProgressLine({
        label: 'pull',
        done: 3,
        total: null,
        waitUntil: null,
        cause: null,
        now: 0,
      }),
    ).toBe('pull 3');
  });

  it('writes to a terminal and clears the line at the end', () => {
    let now = 0;
    const stream = terminal(true);
    const progress = createProgress({ stream, enabled: true, now: () => now, minIntervalMs: 100 });
    progress.phase('push', 10);
    now = 150;
    progress.update(1);
    now = 200;
    progress.update(2); // within the redraw interval: skipped
    progress.waiting(3000, 'requests');
    progress.finish();
    expect(stream.chunks).toHaveLength(4);
    expect(stream.chunks[1]).toContain('1/10');
    expect(stream.chunks[2]).toContain('waiting for the rate limit (requests per minute): 3 s');
    expect(stream.chunks.at(-1)).toBe('\r\x1b[2K');
  });

  it('writes nothing when stderr is not a terminal or progress is off', () => {
    for (const [isTTY, enabled] of [
      [false, true],
      [true, false],
    ] as const) {
      const stream = terminal(isTTY);
      const progress = createProgress({ stream, enabled });
      progress.phase('push', 3);
      progress.update(3);
      progress.waiting(10, 'retry_after');
      progress.finish();
      expect(stream.chunks).toEqual([]);
    }
  });
});
