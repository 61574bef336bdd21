// The offers the seller must look at after a sync: refused by the marketplace (with its words per
// field) or changed on both sides. One list, one wording, for the app's sync panel and the
// command line's pull/push report.
import type { Store, SyncState } from '../../store';

export interface OfferNeedingAttention {
  localId: number;
  serverId: number | null;
  /** The offer as the seller knows it: its names, else product and id. */
  title: string;
  syncState: Extract<SyncState, 'attention' | 'conflict'>;
  message: string;
  fieldErrors: { field: string; messages: string[] }[];
}

/**
 * The offer as the seller knows it: its name, else its product and marketplace id; one not yet
 * sent has no id the seller could look up, so it is said to be new (never its local row number).
 */
export function attentionTitle(row: {
  outerName: string | null;
  internalName: string | null;
  productTitle: string;
  serverId: number | null;
}): string {
  const name = row.outerName || row.internalName;
  if (name) return name;
  return row.serverId !== null
    ? `${row.productTitle} #${row.serverId}`
    : `${row.productTitle}: new offer (not yet on the marketplace)`;
}

/** At most this many are listed; the offers list has the rest. */
export const ATTENTION_LIST_MAX = 50;

export function offersNeedingAttention(
  store: Store,
  states: readonly ('attention' | 'conflict')[] = ['conflict', 'attention'],
  limit = ATTENTION_LIST_MAX,
): OfferNeedingAttention[] {
  const rows = states.flatMap((syncState) => store.queryOffers({ syncState, limit }).rows);
  return rows.slice(0, limit).map((row) => {
    const detail = store.getOffer(row.localId);
    const syncState = row.syncState === 'conflict' ? 'conflict' : 'attention';
    const failedOp = detail?.pending.find((op) => op.state === 'failed' && op.lastError);
    return {
      localId: row.localId,
      serverId: row.serverId,
      title: attentionTitle(row),
      syncState,
      message:
        syncState === 'conflict'
          ? 'Changed here and on the marketplace: choose which value to keep for each field.'
          : (detail?.outcome?.message ??
            failedOp?.lastError ??
            'The marketplace refused this change.'),
      fieldErrors: detail?.outcome?.fieldErrors ?? [],
    };
  });
}
