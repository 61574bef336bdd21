// Links: normalised before anything is queued, sent in requests of at most 10, failures explained,
// the cap agreed with the sandbox, and late-appearing images waited for quietly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachScreenshotLinks,
  batchUrls,
  explainFailedUrl,
  failedLinksMessage,
  normalizeScreenshotUrls,
  planScreenshotAdd,
  waitUntilVisible,
} from '../../electron/core/screenshots';
import { systemClock } from '../../electron/core/util/clock';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { sellerClient, type SellerClient } from './sellerClient';
import { steppedClock } from './steppedClock';

/** The refusals as the command line prints them (the app's catalogue message aside). */
const englishOf = (refused: readonly { item: string; reason: string }[]) =>
  refused.map(({ item, reason }) => ({ item, reason }));

const approved = ['images.sandbox.test', 'cdn.sandbox.test'];

describe('normalizeScreenshotUrls', () => {
  it('splits pasted text, trims, dedupes and keeps only http(s) links, each refusal explained', () => {
    const result = normalizeScreenshotUrls([
      '  https://images.sandbox.test/a.png \n https://cdn.sandbox.test/b.jpg\r\nhttps://images.sandbox.test/a.png',
      'http://images.sandbox.test/c.png, javascript:alert(1)',
      'file:///home/me/shot.png',
      'not a link',
      'https://user:secret@images.sandbox.test/d.png',
      '',
    ]);
    expect(result.urls).toEqual([
      'https://images.sandbox.test/a.png',
      'https://cdn.sandbox.test/b.jpg',
      'http://images.sandbox.test/c.png',
    ]);
    expect(englishOf(result.refused)).toEqual([
      {
        item: 'javascript:alert(1)',
        reason: 'is a javascript link; the marketplace downloads only http and https links',
      },
      {
        item: 'file:///home/me/shot.png',
        reason: 'is a file link; the marketplace downloads only http and https links',
      },
      { item: 'not', reason: 'is not a web address (it should start with https://)' },
      { item: 'a', reason: 'is not a web address (it should start with https://)' },
      { item: 'link', reason: 'is not a web address (it should start with https://)' },
      {
        item: 'https://images.sandbox.test/d.png',
        reason: 'contains a login; use a public link',
      },
    ]);
    // The password of a link with a login never comes back out.
    expect(JSON.stringify(result)).not.toContain('secret');
  });

  it('keeps commas inside a link and splits on commas between links', () => {
    const cdn = 'https://res.cdn.sandbox.test/image/upload/w_100,h_100/shot.jpg';
    expect(
      normalizeScreenshotUrls([
        `${cdn},https://images.sandbox.test/a.png; https://images.sandbox.test/b.png,`,
      ]).urls,
    ).toEqual([cdn, 'https://images.sandbox.test/a.png', 'https://images.sandbox.test/b.png']);
  });

  it('refuses an overlong link without echoing all of it', () => {
    const long = `https://images.sandbox.test/${'x'.repeat(3000)}.png`;
    const { urls, refused } = normalizeScreenshotUrls([long]);
    expect(urls).toEqual([]);
    expect(refused[0]?.reason).toBe('is longer than 2048 characters');
    expect(refused[0]!.item.length).toBeLessThan(100);
  });
});

describe('batchUrls', () => {
  it('splits 25 links into 10, 10 and 5 in order', () => {
    const urls = Array.from({ length: 25 }, (_, i) => `https://images.sandbox.test/${i}.png`);
    const batches = batchUrls(urls);
    expect(batches.map((b) => b.length)).toEqual([10, 10, 5]);
    expect(batches.flat()).toEqual(urls);
    expect(batchUrls([])).toEqual([]);
    expect(() => batchUrls(urls, 0)).toThrow(RangeError);
  });
});

describe('explainFailedUrl', () => {
  it('names the unapproved domain and points at support', () => {
    expect(explainFailedUrl('https://imgur.example/a.png', approved)).toBe(
      'imgur.example is not approved for your account: images are accepted only from domains approved for your account; ask marketplace support to approve imgur.example',
    );
  });
  it('calls an approved domain’s failure a download problem, subdomains included', () => {
    expect(explainFailedUrl('https://eu.cdn.sandbox.test/fail.png', approved)).toMatch(
      /could not download this image/,
    );
  });
  it('gives both causes when the approved domains are unknown', () => {
    expect(explainFailedUrl('https://x.example/a.png', null)).toMatch(
      /^either x\.example is not approved .* or the image could not be downloaded$/,
    );
  });
});

describe('failedLinksMessage', () => {
  it('lists every failed link with its reason, in one line for the offer', () => {
    const message = failedLinksMessage(
      ['https://pics.example.org/1.png', 'https://cdn.sandbox.test/fail/2.png'],
      10,
      approved,
    );
    expect(message).toMatch(/^2 of 10 screenshot links could not be attached: /);
    expect(message).toContain('https://pics.example.org/1.png — pics.example.org is not approved');
    expect(message).toContain(
      'https://cdn.sandbox.test/fail/2.png — the marketplace could not download',
    );
  });
});

describe('attaching links against the sandbox', () => {
  let sandbox: Sandbox;
  let seller: SellerClient;
  let api: SellerClient['client'];
  // The sandbox's time; the visibility wait sleeps on it, so "later" is exact, never a race.
  const clock = steppedClock();
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, windowMs: 1000, clock, attachVisibleAfterMs: 500 });
    seller = sellerClient(sandbox);
    api = seller.client;
  });
  afterAll(async () => {
    await seller.close();
    await sandbox.close();
  });

  /** A fresh gold offer of seller 1, created through manage: no screenshots yet. */
  async function emptyOffer(): Promise<number> {
    const result = await api.manageOffers(1, {
      offers: [
        {
          price_per_step: 0.05,
          amount: 10000,
          min_purchase_amount: 1000,
          marketplace_type: 1,
          data: { '101': 'Gehennas', '102': 'Horde' },
        },
      ],
      guarantee_delivery_time: 3_600_000,
    });
    const id = result.results[0]?.id;
    if (typeof id !== 'number') throw new Error(`manage did not create: ${JSON.stringify(result)}`);
    return id;
  }

  it('sends a batch of 25 links as 3 requests and explains the failed ones', async () => {
    const offerId = await emptyOffer();
    const good = (i: number) => `https://images.sandbox.test/shots/${i}.png`;
    const failing = (i: number) => `https://cdn.sandbox.test/fail/${i}.png`;
    const unapproved = (i: number) => `https://pics.example.org/${i}.png`;
    // Five good links per request keeps each request within the sandbox's cap check.
    const urls = [
      ...[0, 1, 2, 3, 4].map(good),
      ...[0, 1, 2].map(failing),
      ...[0, 1].map(unapproved),
      ...[5, 6, 7, 8, 9].map(good),
      ...[3, 4].map(failing),
      ...[2, 3, 4].map(unapproved),
      ...[10, 11, 12, 13, 14].map(good),
    ];
    expect(urls).toHaveLength(25);
    const before = sandbox.requests.filter((r) => r.attach).length;

    const outcome = await attachScreenshotLinks(api, offerId, urls, { approvedDomains: approved });

    const attachRequests = sandbox.requests.filter((r) => r.attach).slice(before);
    expect(attachRequests.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(outcome.requests).toBe(3);
    expect(outcome.error).toBeNull();
    expect(outcome.unsent).toEqual([]);
    expect(outcome.uploaded).toHaveLength(15);
    const offer = sandbox.control.offers(1).find((o) => o.id === offerId)!;
    expect(offer.screenshots).toHaveLength(15);
    expect(outcome.failed.map((f) => f.url).sort()).toEqual(
      [...[0, 1, 2, 3, 4].map(failing), ...[0, 1, 2, 3, 4].map(unapproved)].sort(),
    );
    for (const failed of outcome.failed) {
      expect(failed.reason).toMatch(
        failed.url.includes('pics.example.org') ? /not approved.*support/ : /could not download/,
      );
    }
  });

  it('keeps within the cap of 20 as the sandbox does: the overflow is refused before sending', async () => {
    const offerId = await emptyOffer();
    await attachScreenshotLinks(
      api,
      offerId,
      Array.from({ length: 18 }, (_, i) => `https://images.sandbox.test/cap/${i}.png`),
    );
    const existing = sandbox.control.offers(1).find((o) => o.id === offerId)!.screenshots.length;
    expect(existing).toBe(18);
    const dropped = [1, 2, 3].map((i) => `https://cdn.sandbox.test/more/${i}.png`);

    // Sent whole, the sandbox refuses the request: the cap is real.
    await expect(api.attachScreenshotsFromLinks(offerId, dropped)).rejects.toMatchObject({
      status: 422,
    });
    const plan = planScreenshotAdd({ existing, files: [], urls: dropped });
    expect(plan.urls).toHaveLength(2);
    expect(englishOf(plan.refused)).toEqual([
      { item: dropped[2], reason: 'would exceed the 20 screenshots an offer can hold' },
    ]);
    const outcome = await attachScreenshotLinks(api, offerId, plan.urls);
    expect(outcome.error).toBeNull();
    expect(sandbox.control.offers(1).find((o) => o.id === offerId)!.screenshots).toHaveLength(20);
  });

  it('stops at a refused request and hands back the links not sent, in order', async () => {
    const offerId = await emptyOffer();
    const urls = Array.from({ length: 25 }, (_, i) => `https://images.sandbox.test/stop/${i}.png`);
    // 10 + 10 fit; the third request would make 25 and is refused with 422.
    const outcome = await attachScreenshotLinks(api, offerId, urls);
    expect(outcome.uploaded).toHaveLength(20);
    expect(outcome.unsent).toEqual(urls.slice(20));
    expect(outcome.error).toMatchObject({ status: 422 });
  });

  it('waits for an attached image that is not visible yet, then sees it', async () => {
    const offerId = await emptyOffer();
    const { uploaded } = await api.attachScreenshotsFromLinks(offerId, [
      'https://images.sandbox.test/late.png',
    ]);
    const url = uploaded[0]!;
    const statuses: number[] = [];
    const started = clock.now();
    const visible = await waitUntilVisible(url, {
      attempts: 8,
      delayMs: 100,
      clock,
      fetch: async (u, init) => {
        const response = await fetch(u, init);
        statuses.push(response.status);
        return response;
      },
    });
    expect(visible).toBe(true);
    // 404 at 0, 100 and 300 ms; visible at 700 ms (pauses of 100, 200, 400).
    expect(statuses).toEqual([404, 404, 404, 200]);
    expect(clock.now() - started).toBe(700);
  });

  it('gives up quietly on an image that never appears', async () => {
    const started = performance.now();
    const seen: string[] = [];
    // The real clock here: the pauses really pass, and stay short.
    const visible = await waitUntilVisible(`${sandbox.baseUrl}/storage/screenshots/1/nope.png`, {
      attempts: 3,
      delayMs: 20,
      clock: systemClock,
      fetch: (u, init) => {
        seen.push(u);
        return fetch(u, init);
      },
    });
    expect(visible).toBe(false);
    expect(seen).toHaveLength(3);
    // 20 + 40 ms of pauses, not an endless wait.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('stops looking when the seller leaves (abort)', async () => {
    const controller = new AbortController();
    controller.abort();
    const visible = await waitUntilVisible(`${sandbox.baseUrl}/storage/x.png`, {
      clock: systemClock,
      fetch: () => {
        throw new Error('must not fetch after abort');
      },
      signal: controller.signal,
    });
    expect(visible).toBe(false);
  });
});
