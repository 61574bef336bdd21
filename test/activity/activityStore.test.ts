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

  it("keeps a refused field's message beside its English, and none that would show an account", () => {
    const store = openStore(join(dir.path, 'say.sqlite'));
    try {
      const log = store.activityLog();
      const field = {
        field: 'offers.0.price_per_step',
        message: 'The price per step must be at least 0.0001.',
      };
      log.record({
        operation: 'Edit 1 offer',
        offers: ['1001'],
        outcome: 'refused',
        message: '400 Price per step: must be at least 0.0001',
        say: { key: 'activity.answer.fieldsRefused', values: { status: '400' }, fields: [field] },
      });
      log.record({
        operation: 'Edit 1 offer',
        offers: ['1002'],
        outcome: 'refused',
        message: '400 Login: taken',
        say: {
          key: 'activity.answer.fieldsRefused',
          values: { status: '400' },
          fields: [{ field: 'credentials.0.login', message: 'someone@example.test:hunter2pass' }],
        },
      });
      const [hiding, kept] = log.list();
      expect(kept!.say).toEqual({
        key: 'activity.answer.fieldsRefused',
        values: { status: '400' },
        fields: [field],
      });
      expect(hiding!.say).toBeNull();
      expect(JSON.stringify(log.list())).not.toContain('hunter2pass');
    } finally {
      store.close();
    }
  });
});
