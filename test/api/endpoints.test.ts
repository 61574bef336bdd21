// Every endpoint of the API document (and upload_screenshot, product details) over a real socket.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { placeholderPng } from '../../electron/sandbox/png';
import { goldOffer, useApiWorld } from './harness';

const w = useApiWorld('api-');

describe('marketplace client, every endpoint', () => {
  it('lists products with the filters and page size it was asked for', async () => {
    const page = await w.client.listProducts({
      marketplaceType: 2,
      isActive: true,
      limit: 2,
      sort: 'id',
      order: 'desc',
    });
    expect(page.result).toHaveLength(2);
    expect(page.result.every((p) => p.marketplace_type === 2 && p.is_active)).toBe(true);
    expect(page.result[0]!.id).toBeGreaterThan(page.result[1]!.id);
    expect(page.total).toBe(
      w.sb.control.products().filter((p) => p.marketplace_type === 2 && p.is_active).length,
    );
  });

  it('reads one product with its fields', async () => {
    const product = await w.client.getProduct(10);
    expect(product.id).toBe(10);
    expect(product.product_fields.map((f) => f.id)).toEqual(
      w.sb.control
        .products()
        .find((p) => p.id === 10)!
        .product_fields.map((f) => f.id),
    );
  });

  it('creates offers through manage and never sends `status`', async () => {
    const before = w.sb.control.offers(1).length;
    const offer = { ...goldOffer(0.42), status: 5 } as ReturnType<typeof goldOffer>;
    const result = await w.client.manageOffers(1, {
      offers: [offer, goldOffer(0.43)],
      guarantee_delivery_time: 3_600_000,
    });
    expect(result).toMatchObject({ received: 2, successfully: 2 });
    expect(result.results.map((r) => r.status)).toEqual(['ok', 'ok']);
    const created = w.sb.control.offers(1).filter((o) => result.results.some((r) => r.id === o.id));
    expect(created.map((o) => o.price_per_step).sort()).toEqual([0.42, 0.43]);
    expect(created.every((o) => o.status === 2)).toBe(true); // the service chose, not us
    expect(w.sb.control.offers(1).length).toBe(before + 2);
    expect(w.sb.requests.at(-1)).toMatchObject({ method: 'POST', manageOffers: 2, status: 200 });
  });

  it('lists own offers with id, status, sort and page', async () => {
    const one = await w.client.myOffers({ id: 1004 });
    expect(one.data.map((o) => o.id)).toEqual([1004]);
    const active = await w.client.myOffers({
      status: 2,
      sort: 'price_per_step',
      order: 'asc',
      limit: 100,
    });
    expect(active.data.length).toBeGreaterThan(0);
    expect(active.data.every((o) => o.status === 2)).toBe(true);
    const prices = active.data.map((o) => o.price_per_step);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const page = await w.client.myOffers({ offset: 1, limit: 2 });
    expect(page.data).toHaveLength(2);
    expect(page.total).toBe(w.sb.control.offers(1).length);
  });

  it('changes an offer status', async () => {
    const answer = await w.client.editStatus(1001, 3);
    expect(answer.message).toEqual(expect.any(String));
    expect(w.sb.control.offers(1).find((o) => o.id === 1001)!.status).toBe(3);
  });

  it('attaches screenshots from links, reporting failures, then detaches one', async () => {
    const urls = [
      'https://images.sandbox.test/shots/a.png',
      'https://elsewhere.example/b.png',
      'https://cdn.sandbox.test/fail/c.png',
    ];
    const before = w.sb.control.offers(1).find((o) => o.id === 1008)!.screenshots.length;
    const answer = await w.client.attachScreenshotsFromLinks(1008, urls);
    expect(answer.failed).toEqual(urls.slice(1));
    expect(answer.uploaded).toHaveLength(1);
    expect(w.sb.requests.at(-1)).toMatchObject({ attach: true, status: 200 });
    const offer = w.sb.control.offers(1).find((o) => o.id === 1008)!;
    expect(offer.screenshots).toHaveLength(before + 1);

    const detached = await w.client.detachScreenshot(1008, answer.uploaded[0]!);
    expect(detached.screenshots).toHaveLength(before);
    expect(w.sb.control.offers(1).find((o) => o.id === 1008)!.screenshots).toEqual(
      detached.screenshots,
    );
  });

  it('adds credentials in a batch and reads the added and duplicate counts', async () => {
    const creds = [
      { login: 'alpha-player', game_password: 'pw-1' },
      {
        login: 'beta-player',
        game_password: 'pw-2',
        email: 'beta@mail.test',
        email_password: 'mail-pw',
      },
    ];
    const first = await w.client.addCredentials(1008, creds);
    expect(first).toMatchObject({ added: 2, duplicates: 0 });
    const again = await w.client.addCredentials(1008, [
      ...creds,
      { login: 'gamma-player', game_password: 'pw-3' },
    ]);
    expect(again).toMatchObject({ added: 1, duplicates: 2 });
    const logins = w.sb.control.credentials(1008).map((c) => c.login);
    expect(logins).toEqual(expect.arrayContaining(['alpha-player', 'beta-player', 'gamma-player']));
  });

  it('replaces all credentials, updates one and deletes one', async () => {
    const replaced = await w.client.replaceCredentials(1009, [
      { login: 'r-one', game_password: 'x1' },
      { login: 'r-two', game_password: 'x2' },
    ]);
    expect(replaced.replaced).toBe(2);
    const stored = w.sb.control.credentials(1009);
    expect(stored.map((c) => c.login).sort()).toEqual(['r-one', 'r-two']);

    const target = stored.find((c) => c.login === 'r-one')!;
    const record = await w.client.updateCredential(1009, target.id, {
      login: 'r-one-new',
      game_password: 'x9',
    });
    expect(record.id).toBe(target.id);
    expect(w.sb.control.credentials(1009).find((c) => c.id === target.id)!.login).toBe('r-one-new');

    await w.client.deleteCredential(1009, target.id);
    expect(w.sb.control.credentials(1009).map((c) => c.id)).not.toContain(target.id);
  });

  it('uploads a screenshot file as multipart and the server stores its bytes', async () => {
    const file = w.dir.file('shot.png');
    const bytes = placeholderPng('upload-test');
    writeFileSync(file, bytes);
    const stored = await w.client.uploadScreenshot(file);
    expect(stored.url).toContain(stored.path);
    expect(w.sb.control.screenshotBytes(stored.path)).toEqual(readFileSync(file));
  });

  it('deletes an offer', async () => {
    await w.client.deleteOffer(1003);
    expect(w.sb.control.offers(1).map((o) => o.id)).not.toContain(1003);
  });
});
