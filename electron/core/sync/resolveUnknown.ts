// docs/ARCHITECTURE.md, "Sync: what must hold" 2: the API has no idempotency key, so a create whose
// outcome is unknown (the request left, no answer came back, or the process died while it was in
// flight) is looked for in my_offers before anything is resent. Offers updated after the high-water
// mark of the moment it was sent are read newest first and matched on a fingerprint of product and
// written fields; a match is adopted, never duplicated. Everything else in flight is safe to send
// again.
import { pageSizes } from '../../contract/marketplace/assumptions';
import type { MarketplaceClient } from '../api';
import type { Offer } from '../../contract/marketplace/wire';
import type { OutboxOp, SentFields, SyncStore } from '../store';
import { fingerprintOffer, fingerprintServerOffer } from '../store';
import { settledByReading, settleUnknownCredentials } from './uncertainCredentials';

export interface ResolveResult {
  adopted: number;
  resent: number;
  requests: number;
}

type SentCreate = { op: Extract<OutboxOp, { kind: 'manage' }>; sent: SentFields };

export async function resolveUnknownOutcomes(
  store: SyncStore,
  client: MarketplaceClient,
  signal?: AbortSignal,
): Promise<ResolveResult> {
  const result: ResolveResult = { adopted: 0, resent: 0, requests: 0 };
  const inFlight = store.opsInState(['sending', 'unknown']);
  const creates: SentCreate[] = [];
  for (const op of inFlight) {
    const sent = op.kind === 'manage' ? op.payload.sent : undefined;
    if (op.kind === 'manage' && sent && store.isCreate(op.localId)) {
      creates.push({ op, sent });
    } else if (settledByReading(op)) {
      // Credentials added to an offer buyers may have bought from since: read it first.
      const r = await settleUnknownCredentials(
        store,
        client,
        op,
        'sent again after an unknown outcome',
        signal,
      );
      result.requests += r.requests;
      if (r.settled === 'send_again') result.resent++;
    } else {
      // Edits, status, delete, detach and credentials riding in a create (the offer is new: no
      // buyer has seen it) do no harm twice (the server skips duplicate credentials by hash).
      store.requeue(op.id, 0, 'sent again after an unknown outcome');
      result.resent++;
    }
  }
  if (creates.length === 0) return result;

  const marks = creates.map((c) => c.op.payload.highWater ?? null);
  const oldestMark = marks.some((m) => m === null)
    ? null
    : (marks as string[]).reduce((a, b) => (a < b ? a : b));
  const candidates: Offer[] = [];
  let offset = 0;
  for (;;) {
    const page = await client.myOffers(
      { sort: 'updated_at', order: 'desc', offset, limit: pageSizes.myOffers },
      signal,
    );
    result.requests++;
    let reachedMark = false;
    for (const offer of page.data) {
      if (oldestMark !== null && offer.updated_at <= oldestMark) {
        reachedMark = true;
        break;
      }
      // An offer another local row already holds is someone else's, not our lost create.
      if (store.localIdOfServerId(offer.id) === undefined) candidates.push(offer);
    }
    offset += page.data.length;
    if (reachedMark || page.data.length < pageSizes.myOffers || offset >= page.total) break;
  }

  const taken = new Set<number>();
  for (const { op, sent } of creates) {
    const wanted = fingerprintOffer(op.productId, sent);
    const match = candidates.find(
      (c) =>
        !taken.has(c.id) &&
        c.product_id === op.productId &&
        fingerprintServerOffer(c, sent) === wanted,
    );
    if (match) {
      taken.add(match.id);
      store.acceptManage(op.id, sent, match.id, match);
      result.adopted++;
    } else {
      store.requeue(op.id, 0, 'not found on the marketplace after an unknown outcome; sent again');
      result.resent++;
    }
  }
  return result;
}
