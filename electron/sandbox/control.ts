// The sandbox's back door for tests and its own tools: things that happen on the marketplace
// without the seller's API (a purchase, an edit in the web dashboard, a transfer).
import { randomBytes } from 'node:crypto';
import {
  CredentialSystem,
  MarketplaceType,
  OfferStatus,
  type Offer,
  type Product,
} from '../contract/marketplace/wire';
import { CredentialStatus } from '../contract/marketplace/assumptions';
import { MarketState, type StoredOffer } from './state';

export interface SandboxControl {
  offers(sellerId: number): Offer[];
  products(): Product[];
  credentials(offerId: number): {
    id: number;
    login: string;
    email: string | null;
    status: number;
    login_hash: string;
    email_hash: string | null;
  }[];
  simulatePurchase(offerId: number): void;
  /**
   * Buyers buy `units` of an offer: a gold offer's amount goes down (never below 0) and
   * purchased_amount up; an account offer sells one active credential per unit (Multiple: none
   * left turns it Not Active). Returns the units actually sold (a buyer cannot buy what is not there).
   */
  simulateBuyers(offerId: number, units: number): number;
  setTransferred(offerId: number, transferred: boolean): void;
  approveDomain(sellerId: number, domain: string): void;
  editOfferAsServer(offerId: number, patch: Partial<Offer>): void;
  deleteOfferAsServer(offerId: number): void;
  screenshotBytes(path: string): Buffer | null;
  /**
   * From now on the marketplace quotes what it refuses back in its errors, in the spellings
   * careless services use (routes/quoting.ts): credential writes are refused with their logins
   * and passwords quoted, manage answers a 500 that quotes the request's token.
   */
  quoteValuesInErrors(on: boolean): void;
  /**
   * From now on add_batch adds a credential again when the one it duplicates was sold (the
   * document does not say whether sold credentials count as duplicates): one account, sold twice.
   */
  soldAreNotDuplicates(on: boolean): void;
  /**
   * The seller regenerates their API token in the dashboard: a new random token is theirs from
   * now on and the old one is refused (401).
   */
  regenerateToken(sellerId: number): string;
}

export function sandboxControl(state: () => MarketState): SandboxControl {
  const offer = (id: number): StoredOffer => {
    const o = state().offers.get(id);
    if (!o) throw new Error(`sandbox: no offer ${id}`);
    return o;
  };
  const purchase = (offerId: number): void => {
    const o = offer(offerId);
    const active = state()
      .credentialsOf(offerId)
      .find((c) => c.status === CredentialStatus.Active);
    if (active) {
      active.status = CredentialStatus.Sold;
      active.updated_at = state().nextTimestamp(o.user_id);
    }
    o.purchased_amount += 1;
    state().touch(o);
    // A purchase can sell out an offer in any visible status, not only Active.
    if (
      o.credential_system_type_id === CredentialSystem.Multiple &&
      state().activeCredentialCount(o.id) === 0 &&
      o.status !== OfferStatus.NotActive
    ) {
      state().setStatus(o, OfferStatus.NotActive);
    }
  };
  return {
    offers: (sellerId) =>
      structuredClone(
        state()
          .offersOf(sellerId)
          .sort((a, b) => a.id - b.id),
      ),
    products: () => structuredClone([...state().products.values()]),
    credentials: (offerId) =>
      state()
        .credentialsOf(offerId)
        .map((c) => ({
          id: c.id,
          login: c.login,
          email: c.email,
          status: c.status,
          login_hash: c.login_hash,
          email_hash: c.email_hash,
        })),
    simulatePurchase: (offerId) => purchase(offerId),
    simulateBuyers(offerId, units) {
      const o = offer(offerId);
      if (!Number.isInteger(units) || units < 1) throw new Error('sandbox: units must be ≥ 1');
      if (o.marketplace_type === MarketplaceType.Gold) {
        const sold = Math.min(units, Math.max(0, o.amount));
        if (sold === 0) return 0;
        o.amount -= sold;
        o.purchased_amount += sold;
        state().touch(o);
        return sold;
      }
      let sold = 0;
      for (; sold < units; sold++) {
        // Without credentials on the marketplace there is nothing to hand a buyer.
        if (
          o.credential_system_type_id === CredentialSystem.Multiple &&
          state().activeCredentialCount(o.id) === 0
        )
          break;
        purchase(offerId);
      }
      return sold;
    },
    setTransferred(offerId, transferred) {
      offer(offerId);
      if (transferred) state().transferred.add(offerId);
      else state().transferred.delete(offerId);
    },
    approveDomain(sellerId, domain) {
      const seller = state().seller(sellerId);
      if (!seller.approvedDomains.includes(domain.toLowerCase()))
        seller.approvedDomains.push(domain.toLowerCase());
    },
    editOfferAsServer(offerId, patch) {
      const o = offer(offerId);
      Object.assign(o, patch, { id: o.id, user_id: o.user_id });
      state().touch(o);
    },
    deleteOfferAsServer(offerId) {
      offer(offerId);
      state().removeOffer(offerId);
    },
    screenshotBytes(path) {
      const shot = state().screenshots.get(MarketState.screenshotPath(path));
      return shot ? Buffer.from(shot.bytes) : null;
    },
    quoteValuesInErrors(on) {
      state().quoteValuesInErrors = on;
    },
    soldAreNotDuplicates(on) {
      state().soldAreNotDuplicates = on;
    },
    regenerateToken(sellerId) {
      const seller = state().seller(sellerId);
      seller.token = `sandbox-${sellerId}-${randomBytes(18).toString('base64url')}`;
      return seller.token;
    },
  };
}
