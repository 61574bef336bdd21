import { describe, expect, it } from 'vitest';
import {
  generationCounter,
  leadingDebounce,
  type Scheduler,
} from '../../renderer/src/lib/latestOnly';

function manualTimers() {
  const queue: { at: number; fn: () => void; id: number }[] = [];
  let now = 0;
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
    now += ms;
    for (;;) {
      queue.sort((a, b) => a.at - b.at);
      const next = queue[0];
      if (!next || next.at > now) return;
      queue.shift();
      next.fn();
    }
  };
  return { timers, advance };
}

describe('leadingDebounce', () => {
  it('answers the first keystroke at once and the last of a burst once', () => {
    const { timers, advance } = manualTimers();
    const calls: string[] = [];
    const d = leadingDebounce((t: string) => calls.push(t), 150, timers);
    d.call('a');
    expect(calls).toEqual(['a']);
    d.call('ab');
    d.call('abc');
    expect(calls).toEqual(['a']);
    advance(150);
    expect(calls).toEqual(['a', 'abc']);
    advance(1000);
    expect(calls).toEqual(['a', 'abc']);
    d.call('x');
    expect(calls).toEqual(['a', 'abc', 'x']);
  });

  it('cancel drops a pending call', () => {
    const { timers, advance } = manualTimers();
    const calls: string[] = [];
    const d = leadingDebounce((t: string) => calls.push(t), 100, timers);
    d.call('a');
    d.call('b');
    d.cancel();
    advance(500);
    expect(calls).toEqual(['a']);
  });
});

describe('generationCounter', () => {
  it('only the newest ticket is current', () => {
    const g = generationCounter();
    const first = g.next();
    const second = g.next();
    expect(g.isCurrent(first)).toBe(false);
    expect(g.isCurrent(second)).toBe(true);
  });
});
