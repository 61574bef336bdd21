// How the command line names an offer: by the marketplace's id once it has one, and as `L<n>`
// (the local id) while it exists only in the queue. The same label is printed by `offers list`
// and accepted by every command that takes an offer.
import { offerExists, offerOfMarketplaceId } from '../core/usecases/offers';
import type { SellerProfile } from '../core/usecases/profile';
import { offerStatusNames, type OfferStatusValue } from '../contract/marketplace/wire';
import { CliError } from './cliError';

export function offerLabel(offer: { serverId: number | null; localId: number }): string {
  return offer.serverId !== null ? String(offer.serverId) : `L${offer.localId}`;
}

export function resolveOfferRef(profile: SellerProfile, ref: string): number {
  const text = ref.trim();
  const local = /^L(\d+)$/i.exec(text);
  if (local) {
    const localId = Number(local[1]);
    if (offerExists(profile, localId)) return localId;
    throw new CliError('not_found', `There is no offer ${text} in the local data.`);
  }
  if (!/^\d+$/.test(text)) {
    throw new CliError(
      'usage',
      `"${ref}" is not an offer id: use the marketplace's id (e.g. 1042), or L<n> for an offer not sent yet.`,
    );
  }
  const localId = offerOfMarketplaceId(profile, Number(text));
  if (localId === undefined) {
    throw new CliError(
      'not_found',
      `Offer ${text} is not in the local data; run \`seller-desk pull\` if it was created elsewhere.`,
    );
  }
  return localId;
}

/** Several offers, each named as above; one unknown id stops the command before any change. */
export function resolveOfferRefs(profile: SellerProfile, refs: readonly string[]): number[] {
  return refs.map((ref) => resolveOfferRef(profile, ref));
}

export function statusName(status: number | null | undefined): string {
  if (status === null || status === undefined) return 'not sent';
  return offerStatusNames[status as OfferStatusValue] ?? `status ${status}`;
}
