// The offers view as the seller left it (filters, search, sort, columns), kept by the core in the
// seller profile. Read once as the app starts (the first page is asked for with it), then kept
// here so that coming back to the view starts from it without a round trip; changes are saved a
// moment after the seller stops changing them, so typing a search never waits on a save.
import type { SellerDeskApi } from '../../../electron/contract/ipc/api';
import {
  defaultOffersViewPreferences,
  type OfferQuery,
  type OffersViewPreferences,
} from '../../../electron/contract/ipc/models';
import type { Scheduler } from './latestOnly';

export const defaultViewPreferences = defaultOffersViewPreferences;

let known: OffersViewPreferences | null = null;
let loading: Promise<OffersViewPreferences> | null = null;

/** What the view last knew for this session, or null before the first read. */
export function knownViewPreferences(): OffersViewPreferences | null {
  return known;
}

/** The remembered view, asked of the core once (and again with `fresh`); defaults on failure. */
export function loadViewPreferences(
  api: SellerDeskApi,
  opts: { fresh?: boolean } = {},
): Promise<OffersViewPreferences> {
  if (loading && !opts.fresh) return loading;
  loading = api.offers.viewPreferences().then(
    (result) => {
      known = result.ok ? result.value : (known ?? defaultViewPreferences);
      return known;
    },
    () => known ?? defaultViewPreferences,
  );
  return loading;
}

/** The list query the preferences ask for (no page). */
export function queryOfPreferences(p: OffersViewPreferences): Omit<OfferQuery, 'offset' | 'limit'> {
  return {
    sort: { ...p.sort },
    ...(p.status !== null ? { status: p.status } : {}),
    ...(p.productId !== null ? { productId: p.productId } : {}),
    ...(p.syncState !== null ? { syncState: p.syncState } : {}),
    ...(p.text.trim() ? { text: p.text.trim() } : {}),
    ...(p.lowStock ? { lowStock: true } : {}),
  };
}

export const samePreferences = (a: OffersViewPreferences, b: OffersViewPreferences) =>
  JSON.stringify(a) === JSON.stringify(b);

/** Saves `waitMs` after the last change; `flush` saves a pending change at once. */
export function preferenceSaver(api: SellerDeskApi, timers: Scheduler, waitMs = 800) {
  let timer: unknown = null;
  let pending: OffersViewPreferences | null = null;
  const save = () => {
    timer = null;
    if (!pending) return;
    const value = pending;
    pending = null;
    void api.offers.saveViewPreferences(value);
  };
  return {
    change(next: OffersViewPreferences) {
      if (known && samePreferences(known, next)) return;
      known = next;
      pending = next;
      if (timer !== null) timers.clearTimeout(timer);
      timer = timers.setTimeout(save, waitMs);
    },
    flush() {
      if (timer !== null) timers.clearTimeout(timer);
      save();
    },
  };
}
