// A new account offer whose screenshot uploads wait for a window: its create goes in the next
// round, right after the last upload's answer, and carries exactly the credentials queued when it
// goes (opened then, not when the round began): one manage, On Review, no add_batch; a replace
// queued while the uploads waited goes instead of the earlier ones.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { placeholderPng } from '../../electron/sandbox/png';
import { accountFields, openDesk, useSyncWorld } from './harness';

const w = useSyncWorld();

const creds = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    login: `${prefix}-${i}`,
    game_password: `pw-${prefix}-${i}`,
  }));

/** A new account offer with two screenshot files and three queued credentials. */
async function offerWithUploads(name: string) {
  const desk = openDesk(w.sb, w.dir.file(`${name}.db`), { sellerId: 3 });
  w.desk = desk;
  await desk.engine.pull({ catalogue: true });
  const id = desk.store.createOffer({
    productId: 10,
    guaranteeDeliveryTime: 600_000,
    fields: accountFields(`Ahead ${name}`),
  });
  const files = [0, 1].map((f) => {
    const file = w.dir.file(`${name}-${f}.png`);
    writeFileSync(file, placeholderPng(`${name}-${f}`));
    return file;
  });
  desk.store.queueScreenshotFiles(id, files);
  desk.store.queueCredentials(id, creds(`${name}-old`, 3), 'add');
  // All but one request of this window taken: the second upload waits for the next window.
  const left = desk.limiter.budget().requestsLeft;
  await Promise.all(Array.from({ length: left - 1 }, () => desk.limiter.acquire({})));
  return { desk, id };
}

function landed(desk: ReturnType<typeof openDesk>, id: number) {
  const serverId = desk.store.getOffer(id)!.serverId!;
  const offer = w.sb.control.offers(3).find((o) => o.id === serverId)!;
  return {
    offer,
    logins: w.sb.control
      .credentials(serverId)
      .map((c) => c.login)
      .sort(),
  };
}

describe('credentials of a create whose uploads wait for a window', () => {
  it('ride in the create as queued: On Review, every credential there, no add_batch', async () => {
    const { desk, id } = await offerWithUploads('plain');
    let waited = 0;
    desk.limiter.onWait(() => waited++);
    const mark = w.sb.requests.length;
    expect(await desk.engine.push()).toMatchObject({ failed: 0, pending: 0 });
    expect(waited).toBeGreaterThan(0);
    const sent = w.sb.requests.slice(mark).map((r) => r.path);
    expect(sent.filter((p) => p.endsWith('/manage'))).toHaveLength(1);
    expect(sent.filter((p) => p.includes('add_batch'))).toHaveLength(0);
    const { offer, logins } = landed(desk, id);
    expect(offer.status).toBe(OfferStatus.OnReview);
    expect(logins).toEqual(['plain-old-0', 'plain-old-1', 'plain-old-2']);
  });

  it('a replace queued while the uploads wait goes instead of the earlier ones', async () => {
    const { desk, id } = await offerWithUploads('changed');
    let replaced = false;
    // While the second upload waits for the next window (after the push's own bookkeeping).
    desk.limiter.onWait(() => {
      if (replaced) return;
      replaced = true;
      queueMicrotask(() =>
        queueMicrotask(() => desk.store.queueCredentials(id, creds('changed-new', 2), 'replace')),
      );
    });
    expect(await desk.engine.push()).toMatchObject({ failed: 0, pending: 0 });
    expect(replaced).toBe(true);
    expect(landed(desk, id).logins).toEqual(['changed-new-0', 'changed-new-1']);
  });
});
