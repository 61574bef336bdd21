// An activity entry of fields the marketplace refused, through the real core against the sandbox:
// the app gets it with its catalogue message and says it in Russian with the form's Russian field
// label ("Цена за шаг"), while the command line's log keeps the English line and its JSON shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activitySayIn } from '../../electron/contract/rules/refusedFields';
import { listActivity } from '../../electron/core/usecases/activity';
import { openSellerProfile } from '../../electron/core/usecases/openSellerProfile';
import { activityAnswer } from '../../renderer/src/lib/activityWords';
import { coreCalls, startConnectedCore, type ConnectedCore } from '../app/coreHarness';
import { onlyProfileFile, queueOfferRefusedOn } from '../queuedRefusal';

let world: ConnectedCore;
const { call, syncNow } = coreCalls(() => world.core);

beforeAll(async () => {
  world = await startConnectedCore('activity-refused-fields', {
    syncDebounceMs: 3_600_000,
    retryDelaysMs: [400],
    syncHoldMs: 0,
    systemLanguages: ['en-US'],
  });
  await syncNow();
});
afterAll(() => world.close());

describe('an activity entry of refused fields', { timeout: 60_000 }, () => {
  it('reads in Russian with the Russian field label; the command line keeps its English', async () => {
    await call('app.setLanguage', { choice: 'ru' });
    const file = onlyProfileFile(world.dataDir);
    // Below the marketplace's minimum, as if its rules had changed since: refused on that field.
    queueOfferRefusedOn(file, { price_per_step: 0.00001 });
    await syncNow();

    const { entries } = await call('activity.list', { outcomes: ['refused'] });
    const refused = entries.find((e) => e.say?.key === 'activity.answer.fieldsRefused');
    expect(refused, JSON.stringify(entries)).toBeDefined();
    // English as the command line and the CSV export read it.
    expect(refused!.message).toBe('Price per step: must be at least 0.0001');
    expect(refused!.say!.fields).toEqual([
      { field: 'offers.0.price_per_step', message: expect.stringMatching(/at least 0\.0001/) },
    ]);
    const russian = activitySayIn(refused!.say!, 'ru');
    expect(russian).toBe('Цена за шаг: должно быть не меньше 0,0001');
    // The Activity view's module says the same; an entry recorded without a message (before
    // schema 11) falls back to its text, and English stays the text.
    expect(activityAnswer(refused!.message, 'ru', refused!.say)).toBe(russian);
    expect(activityAnswer(refused!.message, 'ru')).toBe(refused!.message);
    expect(activityAnswer(refused!.message, 'en', refused!.say)).toBe(refused!.message);

    // The command line's log: the English line, and no message in its JSON shape.
    const profile = openSellerProfile({
      dataDir: world.dataDir,
      baseUrl: world.sandbox.baseUrl,
      file,
      token: () => world.sandbox.sellers[0]!.token,
    });
    try {
      const cli = listActivity(profile, { outcomes: ['refused'] }).entries;
      const line = cli.find((e) => e.message === refused!.message);
      expect(line).toBeDefined();
      expect(Object.keys(line!).sort()).toEqual([
        'at',
        'message',
        'offers',
        'operation',
        'outcome',
      ]);
    } finally {
      await profile.close();
    }
  });
});
