// The events a round raises, on a manual clock and a real profile file: a sale (units, revenue at
// the price before it) and an offer back to Need Details with the reviewer's comment, from the
// sales history, each once; a refused token said again every 30 minutes of its episode and not in
// between; a sync failing told once after 10 minutes; one delivery per channel and key, so an
// event raised again (a restart, the app beside the watcher) is never queued twice; and the words
// in the profile's language, naming the offer by name and id.
import { afterAll, describe, expect, it } from 'vitest';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import {
  addWebhookChannel,
  raiseAlerts,
  roundEvents,
  setAlertLanguage,
  type AlertEvent,
} from '../../electron/core/usecases/alerts';
import { UseCaseFailure } from '../../electron/core/usecases/failure';
import { openSellerProfile } from '../../electron/core/usecases/openSellerProfile';
import { manualClock, serverOffer, tempDir } from '../store/fixtures';

const MINUTE = 60_000;
const dir = tempDir();
afterAll(() => dir.remove());

function profileAt() {
  const clock = manualClock();
  const profile = openSellerProfile({
    dataDir: dir.path,
    baseUrl: 'http://127.0.0.1:9',
    file: dir.file(`p${Math.random()}.sqlite`),
    token: () => 'unused',
    clock,
  });
  return { clock, profile };
}

const refusedToken = { failure: new UseCaseFailure('unauthorized', 'refused') };
const unreachable = { failure: new UseCaseFailure('unreachable', 'down') };

describe('alert events', () => {
  it('says a refused token again every 30 minutes, a failing sync once after 10, each once per channel', async () => {
    const { clock, profile } = profileAt();
    addWebhookChannel(profile, { url: 'https://example.test/hook', secret: 'x'.repeat(16) });
    const context = { profileName: 'Shop', minuteMs: MINUTE };
    const keys: string[] = [];
    let queued = 0;
    for (const step of [0, 10, 19, 12]) {
      clock.advance(step * MINUTE);
      const events = roundEvents(profile, refusedToken, { now: clock.now(), minuteMs: MINUTE });
      keys.push(...events.map((e) => e.key));
      queued += raiseAlerts(profile, events, context);
    }
    // 0, 10 and 29 minutes: the first period; 41 minutes: the second.
    expect(new Set(keys).size).toBe(2);
    expect(queued).toBe(2);

    // A round that reached the marketplace ends the episode; the next refusal is said at once.
    const idle = { findings: { outcome: {}, refused: [], newConflicts: 0, stockAlerts: [] } };
    roundEvents(profile, idle as never, { now: clock.now(), minuteMs: MINUTE });
    expect(roundEvents(profile, refusedToken, { now: clock.now(), minuteMs: MINUTE })).toHaveLength(
      1,
    );

    const failing: AlertEvent[] = [];
    for (let minute = 0; minute <= 14; minute++) {
      failing.push(...roundEvents(profile, unreachable, { now: clock.now(), minuteMs: MINUTE }));
      clock.advance(MINUTE);
    }
    const told = failing.filter((e) => e.kind === 'sync_failing');
    expect(told.length).toBeGreaterThan(1);
    expect(new Set(told.map((e) => e.key)).size).toBe(1);
    expect(told[0]).toMatchObject({ minutes: 10, failing: 'unreachable' });
    expect(raiseAlerts(profile, told, context)).toBe(1);
    await profile.close();
  });

  it('tells a sale and a return to Need Details with the comment, once, in the profile language', async () => {
    const { clock, profile } = profileAt();
    addWebhookChannel(profile, { url: 'https://example.test/hook', secret: 'y'.repeat(16) });
    setAlertLanguage(profile, 'ru');
    const sync = profile.store().syncStore();
    let version = 0;
    const seen = (over: Parameters<typeof serverOffer>[0]) => {
      const updated_at = new Date(Date.UTC(2026, 10, 22, 0, ++version)).toISOString();
      const offer = serverOffer({ id: 501, outer_name: 'Gold EU', updated_at, ...over });
      sync.applyServerOffers([offer]);
      sync.recordSalesPoints([offer]);
    };
    seen({ purchased_amount: 3, price_per_step: 2.5, status: OfferStatus.Active });
    const idle = { findings: { outcome: {}, refused: [], newConflicts: 0, stockAlerts: [] } };
    const round = () => roundEvents(profile, idle as never, { now: clock.now(), minuteMs: MINUTE });
    // What was recorded before alerts looked is not announced.
    expect(round()).toEqual([]);
    clock.advance(MINUTE);
    seen({ purchased_amount: 7, price_per_step: 3, status: OfferStatus.Active });
    seen({
      purchased_amount: 7,
      price_per_step: 3,
      status: OfferStatus.NeedDetails,
      last_review_comment: 'Add the server name to the title',
    });
    const events = round();
    expect(events.map((e) => [e.kind, e.units, e.revenue, e.comment])).toEqual([
      ['sale', 4, 10, undefined],
      ['need_details', undefined, undefined, 'Add the server name to the title'],
    ]);
    expect(round()).toEqual([]);
    const context = { profileName: 'Shop', minuteMs: MINUTE };
    expect(raiseAlerts(profile, events, context)).toBe(2);
    expect(raiseAlerts(profile, events, context)).toBe(0);
    const due = profile.store().alerts().takeDue(clock.now(), 10);
    const texts = due.map((d) => (JSON.parse(d.payload) as { text: string }).text);
    expect(texts).toEqual([
      'Gold EU (предложение 501): проданы 4 единицы, примерно 10,00 (оценка по цене до продажи).',
      'Gold EU (предложение 501): маркетплейс вернул его в «Нужны детали». Проверяющий: «Add the server name to the title»',
    ]);
    await profile.close();
  });
});
