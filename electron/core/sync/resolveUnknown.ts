// docs/ARCHITECTURE.md, "Sync: what must hold" 2: the API has no idempotency key, so a create whose
// outcome is unknown (the request left, no answer came back, or the process died while it was in
// flight) is looked for in my_offers before anything is resent. Offers updated after the high-water
// mark of the moment it was sent are read newest first and matched on a fingerprint of product and
// written fields; a match is adopted, never duplicated. Everything else in flight is safe to send
// again.
import { pageSizes } from '../../contract/marketplace/assumptions';
import type { MarketplaceClient } from '../api';
import type { Offer } from '../../contract/marketplace/wire';
import type { StoreContext } from '../store/context';
import { fingerprintOffer, fingerprintServerOffer, type FlatFields } from '../store/offerFields';
import { localIdOfServerId } from '../store/offers';
import { acceptManage, isCreate, opsInState, requeueOp, type OutboxOp } from '../store/outbox';

export interface ResolveResult {
  adopted: number;
  resent: number;
  requests: number;
}

function sentOf(op: OutboxOp): FlatFields | null {
  const sent = op.payload.sent;
  return sent && typeof sent === 'object' ? (sent as FlatFields) : null;
}

export async function resolveUnknownOutcomes(
  ctx: StoreContext,
  client: MarketplaceClient,
  signal?: AbortSignal,
): Promise<ResolveResult> {
  const result: ResolveResult = { adopted: 0, resent: 0, requests: 0 };
  const inFlight = opsInState(ctx, ['sending', 'unknown']);
  const creates: { op: OutboxOp; sent: FlatFields }[] = [];
  for (const op of inFlight) {
    const sent = sentOf(op);
    if (op.kind === 'manage' && sent && isCreate(ctx, op.localId)) {
      creates.push({ op, sent });
    } else {
      // Edits, status, delete, detach and credential batches do no harm twice (the server
      // skips duplicate credentials by hash), so they simply go again.
      requeueOp(ctx, op.id, 0, 'sent again after an unknown outcome');
      result.resent++;
    }
  }
  if (creates.length === 0) return result;

  const marks = creates.map((c) => c.op.payload.highWater);
  const oldestMark = marks.some((m) => typeof m !== 'string')
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
      if (localIdOfServerId(ctx, offer.id) === undefined) candidates.push(offer);
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
      acceptManage(ctx, op.id, sent, match.id, match);
      result.adopted++;
    } else {
      requeueOp(ctx, op.id, 0, 'not found on the marketplace after an unknown outcome; sent again');
      result.resent++;
    }
  }
  return result;
}
