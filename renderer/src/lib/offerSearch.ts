// Search-as-you-type between the seller and the core: when a keystroke only narrows the search,
// the rows already on screen can be narrowed at once while the core computes the full answer.
import type { OfferQuery, OfferRow } from '../../../electron/contract/ipc/models';

type Filter = Omit<OfferQuery, 'offset' | 'limit'>;

/**
 * The new search text when `next` asks for a subset of `previous` (same filters and sort, text
 * that contains the old text), else null.
 */
export function narrowerText(previous: Filter, next: Filter): string | null {
  const text = next.text?.trim().toLowerCase() ?? '';
  const before = previous.text?.trim().toLowerCase() ?? '';
  if (text === '' || text === before || !text.includes(before)) return null;
  const rest = (f: Filter) =>
    JSON.stringify([f.status, f.productId, f.syncState, f.sort.column, f.sort.dir]);
  return rest(previous) === rest(next) ? text : null;
}

/**
 * Whether a row surely matches: each field on its own (the field values line as one), so a hit
 * never spans two fields. The core also searches descriptions, which a row does not carry, so it
 * may find more; never fewer.
 */
export function rowMatchesText(row: OfferRow, text: string): boolean {
  return [
    row.outerName,
    row.internalName,
    row.productTitle,
    String(row.serverId ?? ''),
    row.fieldValues ?? '',
  ].some((field) => field.toLowerCase().includes(text));
}
