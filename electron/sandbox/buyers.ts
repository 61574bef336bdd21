// Buyers on the sandbox marketplace: every so often one of them buys from an offer on sale, so
// that a newcomer trying Seller Desk sees sales, stock falling, restocks and alerts without
// writing code. Off unless asked for: tests that need a still marketplace get one by default.
import { CredentialStatus } from '../contract/marketplace/assumptions';
import { MarketplaceType, OfferStatus, type Offer } from '../contract/marketplace/wire';
import type { SandboxControl } from './control';

export interface BuyersOptions {
  /** The pause between two buyers. */
  everyMs: number;
  /** A number in [0, 1): which offer a buyer picks and how much gold they take. */
  random?: () => number;
}

/** The sandbox's buyers in the demo: one every 20 seconds. */
export const DEMO_BUYERS_EVERY_MS = 20_000;

/** What one buyer bought, or null when nothing was on sale. */
export interface Purchase {
  offerId: number;
  units: number;
}

/** An offer a buyer can buy from: on sale, with something to hand over. */
function buyable(offer: Offer, hasCredentials: (offerId: number) => boolean): boolean {
  if (offer.status !== OfferStatus.Active) return false;
  if (offer.marketplace_type === MarketplaceType.Gold)
    return offer.amount >= Math.max(1, offer.min_purchase_amount);
  return hasCredentials(offer.id);
}

/** One buyer: picks an offer on sale among every seller's and buys from it. */
export function oneBuyer(
  control: SandboxControl,
  sellerIds: readonly number[],
  random: () => number = Math.random,
): Purchase | null {
  const onSale = sellerIds
    .flatMap((id) => control.offers(id))
    .filter((offer) =>
      buyable(offer, (offerId) =>
        control.credentials(offerId).some((c) => c.status === CredentialStatus.Active),
      ),
    );
  if (onSale.length === 0) return null;
  const offer = onSale[Math.floor(random() * onSale.length)]!;
  // A gold buyer takes one to three times the least they may buy; an account buyer, one.
  const units =
    offer.marketplace_type === MarketplaceType.Gold
      ? Math.max(1, offer.min_purchase_amount) * (1 + Math.floor(random() * 3))
      : 1;
  const sold = control.simulateBuyers(offer.id, units);
  return sold > 0 ? { offerId: offer.id, units: sold } : null;
}

/** Buyers every `everyMs` until stopped (the timer never keeps the process alive). */
export function startBuyers(
  control: SandboxControl,
  sellerIds: readonly number[],
  { everyMs, random }: BuyersOptions,
): () => void {
  const timer = setInterval(() => oneBuyer(control, sellerIds, random), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
