// Conformance: upload_screenshot (multipart, JPEG/PNG by magic bytes, ≤ 5 MB), attach from links
// (approved domains, failures, cap of 20, delayed visibility), detach (the 422 body, the Draft
// rule for an account offer's last screenshot), and the public storage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachLinksResponseSchema,
  detachScreenshotResponseSchema,
  fieldMessagesBodySchema,
  uploadScreenshotResponseSchema,
} from '../../electron/contract/marketplace/wire';
import { paths } from '../../electron/contract/marketplace/assumptions';
import { placeholderPng } from '../../electron/sandbox/png';
import { openSandbox, type Api } from './helpers';

let api: Api;
beforeAll(async () => {
  api = await openSandbox({ attachVisibleAfterMs: 150 });
});
afterAll(() => api.sandbox.close());

const upload = (bytes: Buffer, name = 'shot.png', field = 'screenshot') => {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), name);
  return api.call('POST', paths.uploadScreenshot, { raw: form });
};
const accountOfferWithShots = () => {
  const o = api.sandbox.control
    .offers(1)
    .find((x) => x.marketplace_type === 2 && x.screenshots.length >= 2 && x.status !== 6);
  if (!o) throw new Error('no account offer with screenshots');
  return o;
};

describe('upload_screenshot', () => {
  it('stores a PNG and a JPEG and serves them at the returned url', async () => {
    const png = placeholderPng('upload');
    const r = await upload(png);
    expect(r.status).toBe(200);
    const body = uploadScreenshotResponseSchema.parse(r.body);
    expect(body.url).toBe(`${api.sandbox.baseUrl}/${body.path}`);
    expect(api.sandbox.control.screenshotBytes(body.path)?.equals(png)).toBe(true);
    const served = await fetch(body.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 7)]);
    const j = uploadScreenshotResponseSchema.parse((await upload(jpeg, 'a.jpg')).body);
    expect(j.path).toMatch(/\.jpg$/);
  });

  it('refuses bytes that are neither JPEG nor PNG, whatever the name says', async () => {
    const r = await upload(Buffer.from('GIF89a not really'), 'evil.png');
    expect(r.status).toBe(422);
    expect(r.body.errors.screenshot[0]).toMatch(/JPEG or PNG/);
  });

  it('refuses a file over 5 MB (422) and a body over the multipart cap (413)', async () => {
    const big = Buffer.concat([placeholderPng('big'), Buffer.alloc(5 * 1024 * 1024)]);
    const r = await upload(big);
    expect(r.status).toBe(422);
    expect(r.body.errors.screenshot[0]).toMatch(/5 MB/);
    const huge = Buffer.concat([placeholderPng('huge'), Buffer.alloc(7 * 1024 * 1024)]);
    expect((await upload(huge)).status).toBe(413);
  });

  it('needs the field named screenshot, sent as multipart', async () => {
    expect((await upload(placeholderPng('x'), 'x.png', 'image')).body.errors.screenshot[0]).toMatch(
      /required/,
    );
    const r = await api.call('POST', paths.uploadScreenshot, { body: { screenshot: 'x' } });
    expect(r.status).toBe(422);
  });
});

describe('attach_screenshots_from_links', () => {
  it('attaches approved URLs, reports the rest as failed, and never fetches anything', async () => {
    const offer = accountOfferWithShots();
    const urls = [
      'https://images.sandbox.test/ok-1.png',
      'https://cdn.sandbox.test/fail/2.png',
      'https://evil.example.com/3.png',
      'not a url',
      'https://CDN.sandbox.test/ok-4.jpg',
    ];
    const r = await api.call('POST', paths.attachLinks(offer.id), { body: { urls } });
    expect(r.status).toBe(200);
    const body = attachLinksResponseSchema.parse(r.body);
    expect(body.failed).toEqual([urls[1], urls[2], urls[3]]);
    expect(body.uploaded).toHaveLength(2);
    const after = api.sandbox.control.offers(1).find((o) => o.id === offer.id);
    expect(after?.screenshots.length).toBe(offer.screenshots.length + 2);
    expect(api.sandbox.requests.at(-1)).toMatchObject({
      attach: true,
      processed: true,
      status: 200,
    });
  });

  it('an attached image answers 404 for a short while, then its bytes', async () => {
    const offer = accountOfferWithShots();
    const r = attachLinksResponseSchema.parse(
      (
        await api.call('POST', paths.attachLinks(offer.id), {
          body: { urls: ['https://images.sandbox.test/late.png'] },
        })
      ).body,
    );
    const url = r.uploaded[0] ?? '';
    expect((await fetch(url)).status).toBe(404);
    await new Promise((res) => setTimeout(res, 200));
    const later = await fetch(url);
    expect(later.status).toBe(200);
    expect(
      Buffer.from(await later.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it('a domain approved later for one seller works for that seller only', async () => {
    const mine = accountOfferWithShots();
    const theirs = api.sandbox.control.offers(2).find((o) => o.marketplace_type === 2);
    const url = 'https://pics.example.org/a.png';
    api.sandbox.control.approveDomain(1, 'pics.example.org');
    expect(
      (await api.call('POST', paths.attachLinks(mine.id), { body: { urls: [url] } })).body.uploaded,
    ).toHaveLength(1);
    expect(
      (
        await api.call('POST', paths.attachLinks(theirs?.id ?? 0), {
          body: { urls: [url] },
          seller: 2,
        })
      ).body.failed,
    ).toEqual([url]);
  });

  it('1 to 10 URLs; the cap of 20 per offer is a 422; unknown offer 404; foreign 403', async () => {
    const offer = accountOfferWithShots();
    expect(
      (await api.call('POST', paths.attachLinks(offer.id), { body: { urls: [] } })).status,
    ).toBe(422);
    const eleven = Array.from({ length: 11 }, (_, i) => `https://images.sandbox.test/${i}.png`);
    expect(
      (await api.call('POST', paths.attachLinks(offer.id), { body: { urls: eleven } })).status,
    ).toBe(422);
    let count =
      api.sandbox.control.offers(1).find((o) => o.id === offer.id)?.screenshots.length ?? 0;
    while (count < 20) {
      const n = Math.min(10, 20 - count);
      const urls = Array.from(
        { length: n },
        (_, i) => `https://images.sandbox.test/fill-${count}-${i}.png`,
      );
      const r = await api.call('POST', paths.attachLinks(offer.id), { body: { urls } });
      expect(r.status).toBe(200);
      count += n;
    }
    const over = await api.call('POST', paths.attachLinks(offer.id), {
      body: { urls: ['https://images.sandbox.test/21.png'] },
    });
    expect(over.status).toBe(422);
    expect(over.body.errors.urls[0]).toMatch(/20/);
    expect(
      (
        await api.call('POST', paths.attachLinks(999999), {
          body: { urls: ['https://images.sandbox.test/x.png'] },
        })
      ).status,
    ).toBe(404);
    const foreign = api.sandbox.control.offers(2)[0]?.id ?? 0;
    expect(
      (
        await api.call('POST', paths.attachLinks(foreign), {
          body: { urls: ['https://images.sandbox.test/x.png'] },
        })
      ).status,
    ).toBe(403);
  });
});

describe('detach_screenshot', () => {
  it('removes by URL or stored path and returns what remains', async () => {
    const offer = api.sandbox.control
      .offers(1)
      .find((o) => o.marketplace_type === 2 && o.screenshots.length === 3);
    if (!offer) throw new Error('no offer with 3 screenshots');
    const [first, second] = offer.screenshots;
    const r = await api.call('DELETE', paths.detachScreenshot(offer.id), {
      body: { screenshot_url: `${api.sandbox.baseUrl}/${first}` },
    });
    expect(r.status).toBe(200);
    expect(detachScreenshotResponseSchema.parse(r.body).screenshots).toEqual(
      offer.screenshots.slice(1),
    );
    const r2 = await api.call('DELETE', paths.detachScreenshot(offer.id), {
      body: { screenshot_url: second },
    });
    expect(r2.body.screenshots).toEqual(offer.screenshots.slice(2));
  });

  it('a missing screenshot_url is 422 with the field-keyed body', async () => {
    const offer = accountOfferWithShots();
    const r = await api.call('DELETE', paths.detachScreenshot(offer.id), { body: {} });
    expect(r.status).toBe(422);
    expect(fieldMessagesBodySchema.parse(r.body).screenshot_url?.[0]).toMatch(/required/);
    const none = await api.call('DELETE', paths.detachScreenshot(offer.id));
    expect(none.status).toBe(422);
  });

  it('an account offer whose last screenshot goes becomes Draft; a gold offer keeps its status', async () => {
    const offer = api.sandbox.control
      .offers(1)
      .find((o) => o.marketplace_type === 2 && o.screenshots.length === 1 && o.status === 2);
    if (!offer) throw new Error('no active account offer with one screenshot');
    const r = await api.call('DELETE', paths.detachScreenshot(offer.id), {
      body: { screenshot_url: offer.screenshots[0] },
    });
    expect(r.body.screenshots).toEqual([]);
    expect(api.sandbox.control.offers(1).find((o) => o.id === offer.id)?.status).toBe(1);

    const gold = api.sandbox.control
      .offers(1)
      .find((o) => o.marketplace_type === 1 && o.status === 2);
    if (!gold) throw new Error('no active gold offer');
    const shot = attachLinksResponseSchema.parse(
      (
        await api.call('POST', paths.attachLinks(gold.id), {
          body: { urls: ['https://images.sandbox.test/g.png'] },
        })
      ).body,
    ).uploaded[0];
    await api.call('DELETE', paths.detachScreenshot(gold.id), { body: { screenshot_url: shot } });
    expect(api.sandbox.control.offers(1).find((o) => o.id === gold.id)?.status).toBe(2);
  });

  it('unknown offer 404, no token 401', async () => {
    expect(
      (await api.call('DELETE', paths.detachScreenshot(999999), { body: { screenshot_url: 'x' } }))
        .status,
    ).toBe(404);
    expect(
      (
        await api.call('DELETE', paths.detachScreenshot(1001), {
          body: { screenshot_url: 'x' },
          token: null,
        })
      ).status,
    ).toBe(401);
  });
});
