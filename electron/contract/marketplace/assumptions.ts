// Every point the API document leaves open, and what we assume (docs/ARCHITECTURE.md,
// "Assumptions: where the API document is silent"). The client and the sandbox both read this
// file, so changing an assumption is a one-line change and the two cannot disagree.
// Environment-neutral: no Node import, since the contract is shared with the renderer.

export const DEFAULT_BASE_URL = 'https://api.marketplace.example';

export const paths = {
  productList: '/api/shop/marketplace/products/list',
  productDetails: (productId: number) => `/shop/marketplace/products/${productId}`,
  manage: (productId: number) => `/api/shop/marketplace/products/${productId}/offers/manage`,
  myOffers: '/api/shop/marketplace/offers/my_offers',
  editStatus: (offerId: number) => `/api/shop/marketplace/offers/${offerId}/edit_status`,
  deleteOffer: (offerId: number) => `/api/shop/marketplace/offers/${offerId}/delete`,
  detachScreenshot: (offerId: number) =>
    `/api/shop/marketplace/offers/${offerId}/detach_screenshot`,
  attachLinks: (offerId: number) =>
    `/api/shop/marketplace/offers/${offerId}/attach_screenshots_from_links`,
  addCredentials: (offerId: number) => `/external_api/pro/offers/${offerId}/credentials/add_batch`,
  replaceCredentials: (offerId: number) =>
    `/api/shop/marketplace/offers/${offerId}/credentials/replace_all`,
  credential: (offerId: number, credentialId: number) =>
    `/api/shop/marketplace/offers/${offerId}/credentials/${credentialId}`,
  uploadScreenshot: '/shop/marketplace/offers/upload_screenshot',
} as const;

/** Query parameter names of the product list and my_offers (not shown in the API document). */
export const query = {
  offset: 'offset',
  limit: 'limit',
  sort: 'sort',
  order: 'order',
  marketplaceType: 'marketplace_type',
  isActive: 'is_active',
  status: 'status',
  id: 'id',
  productCurrencySettingId: 'product_currency_setting_id',
} as const;

export const pageSizes = { productList: 25, myOffers: 100 } as const;

export const myOffersSortColumns = [
  'price_per_step',
  'guarantee_delivery_time',
  'status',
  'created_at',
  'updated_at',
] as const;
export type MyOffersSortColumn = (typeof myOffersSortColumns)[number];

/** The multipart field name of upload_screenshot (assumed). */
export const uploadFieldName = 'screenshot';

/**
 * upload_screenshot's shape is "not shown": we assume one file per request (the field above), so
 * N files cost N requests, each in the global 120-per-window pool; no batching is assumed.
 */
export const filesPerUpload = 1;

/**
 * Credentials in a manage edit (Offer write fields: `credentials`, "account marketplace with a
 * credential system"; the document does not restrict it to creates). Whether an edit's
 * credentials join the offer's set or replace it is not shown, so queued credentials ride in an
 * edit only when both readings agree: an add to an offer holding none on the marketplace (no
 * credential this app sent, `credentials_recorded` false). Otherwise they go by add_batch.
 * Screenshots: the write's `screenshots` (uploaded paths) is allowed in an edit as in a create.
 */
export const credentialsInManageEdit = { whenOfferHoldsNone: true } as const;

/**
 * A status change queued right after a manage write, to the status the document's manage rules
 * give the offer (gold → Active; account with its fields valid and an active credential carried,
 * or no credential system → On Review, by the precedence of `statusAfterManage`), is not sent
 * once the marketplace accepted that write: the write already decided it. Where the rules leave
 * it open (an account offer's credentials we cannot count), the status change is sent.
 */
export const statusDecidedByManage = { skipQueuedEqualStatus: true } as const;

/** Credential status values (assumed): 1 active, 2 sold. */
export const CredentialStatus = { Active: 1, Sold: 2 } as const;

/** The marketplace's per-offer success marker in manage results. */
export const MANAGE_OK = 'ok';

/**
 * login_hash / email_hash (Credential input): the marketplace spots a duplicate credential by "a
 * hash of login" and of email. The document names no normalisation, so we hash the value as it
 * is stored (sha256 hex): "Alpha" and "alpha" are two accounts to the marketplace. A login that
 * differs from another only by case is a warning in the preview the seller can override, never
 * a silent skip. Core (core/credentials/hash.ts) and the sandbox (sandbox/credentialHash.ts)
 * each hash with their own code from this one definition, and a test keeps them equal.
 */
export const credentialHashing = {
  algorithm: 'sha256',
  normalize: (value: string): string => value,
} as const;

/**
 * Seller identity (API: none — the document has no "who am I" call). A profile belongs to one
 * seller on one marketplace. The seller is the `user_id` on their own offers: one offer from
 * my_offers (`offersAsked`) names them. A seller with no offer yet is known only by a keyed
 * fingerprint of the token (HMAC-SHA256 with a random key of the data folder, cut to
 * `fingerprintHexLength` hex digits; never the token): the same token finds the same profile,
 * but a second token of that seller cannot be told apart from another seller's until an offer
 * exists, so it is not used for that profile's queue until `user_id` confirms it.
 */
export const SELLER_IDENTITY = { offersAsked: 1, fingerprintHexLength: 32 } as const;

/**
 * edit_status (API: which statuses an offer may leave and enter, and whether an account offer
 * needs a screenshot before review: "not shown"). We expect: an offer that needs details goes
 * only to Draft or On Review; a sold offer keeps its status; an account offer is reviewed only
 * with a screenshot. Expectations, not rules: the app says what it expects and sends the change
 * anyway, and the marketplace decides (a refusal shows with its reason). The sandbox plays the
 * marketplace by them. Only the document's own rule (a seller sets 1, 2, 3 or 5) blocks locally.
 */
export const expectedStatusChanges = {
  fromNeedDetails: [1, 5] as readonly number[],
  fromSold: [] as readonly number[],
  accountReviewNeedsScreenshot: true,
} as const;
