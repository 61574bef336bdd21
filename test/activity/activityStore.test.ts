// The activity table stays bounded (50,000 rows, 90 days) and refuses to keep what looks like an
// account, on a real SQLite file.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../electron/core/store';
import { ACTIVITY_MAX_AGE_MS, ACTIVITY_MAX_ROWS } from '../../electron/core/store/activity';
import { tempDir } from '../cli/harness';
import { systemClock } from '../../electron/core/util/clock';

const dir = tempDir('sd-activity-store-');
afterAll(() => dir.remove());

describe('activity store', () => {
  it('prunes to the newest rows and the last 90 days', () => {
    let now = Date.UTC(2026, 0, 1);
    const store = openStore(join(dir.path, 'bounded.sqlite'), {
      clock: { now: () => now, sleep: systemClock.sleep },
    });
    try {
      const log = store.activityLog();
      log.record({
        at: now - ACTIVITY_MAX_AGE_MS - 1,
        operation: 'Read offers',
        offers: [],
        outcome: 'accepted',
        message: 'too old',
      });
      store.transaction(() => {
        for (let i = 0; i < ACTIVITY_MAX_ROWS + 999; i++) {
          log.record({
            operation: 'Read offers',
            offers: [],
            outcome: 'accepted',
            message: `${i}`,
          });
        }
      });
      now += 1;
      const all = log.list();
      expect(all.length).toBeLessThanOrEqual(ACTIVITY_MAX_ROWS + 500);
      expect(all.length).toBeGreaterThanOrEqual(ACTIVITY_MAX_ROWS);
      expect(all.some((e) => e.message === 'too old')).toBe(false);
      expect(all.some((e) => e.message === '0')).toBe(false);
      expect(all[0]!.message).toBe(`${ACTIVITY_MAX_ROWS + 998}`);
    } finally {
      store.close();
    }
  });

  it('keeps no account-like text and bounds long answers', () => {
    const store = openStore(join(dir.path, 'safe.sqlite'));
    try {
      const log = store.activityLog();
      log.record({
        operation: 'Upload 1 credential',
        offers: ['someone@example.test:hunter2pass'],
        outcome: 'refused',
        message: 'x'.repeat(2000),
      });
      const [entry] = log.list();
      expect(JSON.stringify(entry)).not.toContain('hunter2pass');
      expect(entry!.message).toMatch(/… \(1500 more characters\)$/);
      expect(log.list({ outcomes: ['accepted'] })).toEqual([]);
      expect(log.list({ text: 'UPLOAD' })).toHaveLength(1);
    } finally {
      store.close();
    }
  });
});
