// The sandbox marketplace's world: sellers, products, offers, credentials and stored screenshots.
// Plain data (so a snapshot is one JSON.stringify away) plus the few operations every endpoint
// needs. Time comes from the injected clock.
import type { Clock } from '../contract/clock';
import type { Offer, OfferStatusValue, Product } from '../contract/marketplace/wire';
import { CredentialStatus } from '../contract/marketplace/assumptions';

export interface SellerRecord {
  id: number;
  name: string;
  token: string;
  approvedDomains: string[];
  /** Last `updated_at` handed out, so each seller's timestamps strictly increase. */
  lastUpdatedMs: number;
}

/** An offer as stored: the wire fields plus the filter key my_offers knows. */
export type StoredOffer = Offer & { product_currency_setting_id: number };

export interface StoredCredential {
  id: number;
  offerId: number;
  // The sandbox keeps no passwords: it never needs them, and a snapshot file must not hold them.
  login: string;
  email: string | null;
  is_2fa_active: boolean | null;
  comment: string | null;
  status: number;
  login_hash: string;
  email_hash: string | null;
  updated_at: string;
}

export interface StoredScreenshot {
  path: string;
  sellerId: number;
  /** Clock ms from which GET /storage answers it (attached-from-link images lag a little). */
  visibleAt: number;
  contentType: string;
  bytes: Buffer;
}

export interface MarketData {
  sellers: SellerRecord[];
  products: Product[];
  offers: StoredOffer[];
  credentials: StoredCredential[];
  transferredOfferIds: number[];
  screenshots: StoredScreenshot[];
  nextOfferId: number;
  nextCredentialId: number;
  nextScreenshotId: number;
}

export class MarketState {
  readonly sellers: SellerRecord[];
  readonly products = new Map<number, Product>();
  readonly offers = new Map<number, StoredOffer>();
  readonly credentials = new Map<number, StoredCredential>();
  readonly transferred = new Set<number>();
  readonly screenshots = new Map<string, StoredScreenshot>();
  nextOfferId: number;
  nextCredentialId: number;
  nextScreenshotId: number;
  /**
   * A marketplace that quotes the values it refuses back in its errors (routes/quoting.ts): off
   * unless a test turns it on through control. Not part of a snapshot.
   */
  quoteValuesInErrors = false;
  /**
   * add_batch skips only credentials still on sale as duplicates, not sold ones: the document
   * does not say which it does, so tests can take the reading that sells an account twice.
   */
  soldAreNotDuplicates = false;

  constructor(
    data: MarketData,
    readonly clock: Clock,
  ) {
    this.sellers = data.sellers;
    for (const p of data.products) this.products.set(p.id, p);
    for (const o of data.offers) this.offers.set(o.id, o);
    for (const c of data.credentials) this.credentials.set(c.id, c);
    for (const id of data.transferredOfferIds) this.transferred.add(id);
    for (const s of data.screenshots) this.screenshots.set(s.path, s);
    this.nextOfferId = data.nextOfferId;
    this.nextCredentialId = data.nextCredentialId;
    this.nextScreenshotId = data.nextScreenshotId;
  }

  toData(): MarketData {
    return {
      sellers: this.sellers,
      products: [...this.products.values()],
      offers: [...this.offers.values()],
      credentials: [...this.credentials.values()],
      transferredOfferIds: [...this.transferred],
      screenshots: [...this.screenshots.values()],
      nextOfferId: this.nextOfferId,
      nextCredentialId: this.nextCredentialId,
      nextScreenshotId: this.nextScreenshotId,
    };
  }

  sellerByToken(token: string): SellerRecord | undefined {
    return this.sellers.find((s) => s.token === token);
  }

  seller(id: number): SellerRecord {
    const s = this.sellers.find((x) => x.id === id);
    if (!s) throw new Error(`unknown seller ${id}`);
    return s;
  }

  offersOf(sellerId: number): StoredOffer[] {
    return [...this.offers.values()].filter((o) => o.user_id === sellerId);
  }

  /** A fresh `updated_at` for this seller: ISO with ms, strictly after the previous one. */
  nextTimestamp(sellerId: number): string {
    const seller = this.seller(sellerId);
    const ms = Math.max(this.clock.now(), seller.lastUpdatedMs + 1);
    seller.lastUpdatedMs = ms;
    return new Date(ms).toISOString();
  }

  touch(offer: StoredOffer): void {
    offer.updated_at = this.nextTimestamp(offer.user_id);
  }

  setStatus(offer: StoredOffer, status: OfferStatusValue): void {
    offer.status = status;
    this.touch(offer);
  }

  credentialsOf(offerId: number): StoredCredential[] {
    return [...this.credentials.values()].filter((c) => c.offerId === offerId);
  }

  activeCredentialCount(offerId: number): number {
    return this.credentialsOf(offerId).filter((c) => c.status === CredentialStatus.Active).length;
  }

  removeOffer(offerId: number): void {
    this.offers.delete(offerId);
    for (const c of this.credentialsOf(offerId)) this.credentials.delete(c.id);
    this.transferred.delete(offerId);
  }

  /** Strips a base URL so that a screenshot can be named by its URL or its stored path. */
  static screenshotPath(urlOrPath: string): string {
    const at = urlOrPath.indexOf('storage/screenshots/');
    return at >= 0 ? urlOrPath.slice(at) : urlOrPath;
  }

  storeScreenshot(sellerId: number, bytes: Buffer, contentType: string, visibleAt: number): string {
    const id = this.nextScreenshotId++;
    const ext = contentType === 'image/jpeg' ? 'jpg' : 'png';
    const path = `storage/screenshots/${sellerId}/${id}.${ext}`;
    this.screenshots.set(path, { path, sellerId, visibleAt, contentType, bytes });
    return path;
  }
}
