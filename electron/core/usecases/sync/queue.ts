// What the next sync sends, per offer, with what it will do on the marketplace: the Sync view's
// queue. The unit is the offer (one offer with a new price and a status change is one entry),
// the same unit as the sidebar's number and `changesToSend` in the status. Beside it, the changes
// that wait behind a refusal or a conflict, with what the seller does to let them go.
import type { PendingChanges } from '../../store';
import type { SellerProfile } from '../profile';
import { attentionTitle } from './attention';

export type QueuedChange =
  | { kind: 'create' }
  | { kind: 'update'; fields: string[] }
  | { kind: 'status'; status: number }
  | { kind: 'delete' }
  | { kind: 'credentials'; count: number; replace: boolean }
  | { kind: 'upload'; count: number }
  | { kind: 'links'; count: number }
  | { kind: 'detach'; count: number };

export interface QueueEntry {
  localId: number;
  serverId: number | null;
  /** The offer as the seller knows it: its name, else product and marketplace id. */
  name: string;
  productTitle: string;
  pricePerStep: number | null;
  /** `sending` while a request for it is out. */
  state: 'local' | 'sending';
  changes: QueuedChange[];
}

export interface HeldEntry extends QueueEntry {
  /** What holds them: the offer's refusal (retry or dismiss it) or its conflict (resolve it). */
  heldBy: 'refusal' | 'conflict';
}

export interface SendQueue {
  /** Offers with changes to send (the figure the sidebar shows). */
  total: number;
  entries: QueueEntry[];
  /** Offers with queued changes that no sync sends until the seller settles what holds them. */
  held: { total: number; entries: HeldEntry[] };
}

/** A deletion is all that will happen to the offer; otherwise each kind of change, in order. */
export function changesOf(p: PendingChanges): QueuedChange[] {
  if (p.delete) return [{ kind: 'delete' }];
  const changes: QueuedChange[] = [];
  if (p.create) changes.push({ kind: 'create' });
  else if (p.fields.length > 0) changes.push({ kind: 'update', fields: p.fields });
  if (p.status !== null) changes.push({ kind: 'status', status: p.status });
  if (p.credentials > 0 || p.replaceCredentials) {
    changes.push({ kind: 'credentials', count: p.credentials, replace: p.replaceCredentials });
  }
  if (p.uploads > 0) changes.push({ kind: 'upload', count: p.uploads });
  if (p.links > 0) changes.push({ kind: 'links', count: p.links });
  if (p.detach > 0) changes.push({ kind: 'detach', count: p.detach });
  return changes;
}

export function sendQueue(
  profile: SellerProfile,
  page: { offset?: number; limit?: number } = {},
): SendQueue {
  const store = profile.store();
  const { localIds, total } = store.offersToSend(page);
  const held = store.offersHeldBack(page);
  return {
    total,
    entries: queueEntries(profile, localIds, {}),
    held: {
      total: held.total,
      entries: queueEntries(
        profile,
        held.offers.map((o) => o.localId),
        { waiting: true },
      ).map((entry) => ({
        ...entry,
        heldBy: held.offers.find((o) => o.localId === entry.localId)!.by,
      })),
    },
  };
}

function queueEntries(
  profile: SellerProfile,
  localIds: readonly number[],
  options: { waiting?: boolean },
): QueueEntry[] {
  const store = profile.store();
  const pending = store.pendingChanges(localIds, options);
  const entries: QueueEntry[] = [];
  for (const localId of localIds) {
    const offer = store.getOffer(localId);
    const p = pending.get(localId);
    if (!offer || !p) continue;
    const productTitle = store.getProduct(offer.productId)?.title ?? '';
    const fields = offer.fields as { outer_name?: string | null; internal_name?: string | null };
    entries.push({
      localId,
      serverId: offer.serverId,
      name: attentionTitle({
        outerName: fields.outer_name ?? null,
        internalName: fields.internal_name ?? null,
        productTitle,
        serverId: offer.serverId,
      }),
      productTitle,
      pricePerStep:
        typeof offer.fields.price_per_step === 'number' ? offer.fields.price_per_step : null,
      state: offer.syncState === 'sending' ? 'sending' : 'local',
      changes: changesOf(p),
    });
  }
  return entries;
}
