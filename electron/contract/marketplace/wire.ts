// The marketplace's wire format, as the API document describes it. Shared by the client (which
// validates responses) and the sandbox (which validates requests and shapes its answers), so the
// two can never drift apart silently. Response objects are loose: unknown extra fields are kept.
import { z } from 'zod';

export const MarketplaceType = { Gold: 1, Account: 2 } as const;
export const marketplaceTypeSchema = z.union([
  z.literal(MarketplaceType.Gold),
  z.literal(MarketplaceType.Account),
]);
export type MarketplaceTypeValue = z.infer<typeof marketplaceTypeSchema>;

export const OfferStatus = {
  Draft: 1,
  Active: 2,
  NotActive: 3,
  NeedDetails: 4,
  OnReview: 5,
  Sold: 6,
  ReviewPassed: 8,
} as const;
export const offerStatusSchema = z.union([
  z.literal(OfferStatus.Draft),
  z.literal(OfferStatus.Active),
  z.literal(OfferStatus.NotActive),
  z.literal(OfferStatus.NeedDetails),
  z.literal(OfferStatus.OnReview),
  z.literal(OfferStatus.Sold),
  z.literal(OfferStatus.ReviewPassed),
]);
export type OfferStatusValue = z.infer<typeof offerStatusSchema>;

/** Each status by the name the API document gives it ("States and transitions"). */
export const offerStatusNames: Record<OfferStatusValue, string> = {
  [OfferStatus.Draft]: 'Draft',
  [OfferStatus.Active]: 'Active',
  [OfferStatus.NotActive]: 'Not Active',
  [OfferStatus.NeedDetails]: 'Need Details',
  [OfferStatus.OnReview]: 'On Review',
  [OfferStatus.Sold]: 'Sold',
  [OfferStatus.ReviewPassed]: 'Review Passed',
};
/** The statuses a seller may ask for through edit_status. */
export const sellerStatusSchema = z.union([
  z.literal(OfferStatus.Draft),
  z.literal(OfferStatus.Active),
  z.literal(OfferStatus.NotActive),
  z.literal(OfferStatus.OnReview),
]);
export type SellerStatusValue = z.infer<typeof sellerStatusSchema>;

export const CredentialSystem = { None: 1, SingleDeprecated: 2, Multiple: 3 } as const;

const timestamp = z.string();

const fieldValueSchema = z.looseObject({
  id: z.number().int(),
  product_field_id: z.number().int(),
  value: z.string(),
  priority: z.number().int(),
  deleted_at: timestamp.nullable(),
  additional_value: z.unknown().nullable(),
});

const productFieldSchema = z.looseObject({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  product_id: z.number().int(),
  is_inline: z.boolean(),
  is_filter: z.boolean(),
  is_required: z.boolean(),
  title: z.string(),
  placeholder: z.string(),
  component_view: z.number().int(),
  priority: z.number().int(),
  deleted_at: timestamp.nullable(),
  parent_value_id: z.number().int().nullable(),
  default_value_id: z.number().int().nullable(),
  is_primary: z.boolean(),
  component_edit: z.number().int(),
  has_custom_value: z.boolean(),
  has_values_counter: z.boolean(),
  component_view_data: z.record(z.string(), z.unknown()),
  component_edit_data: z.record(z.string(), z.unknown()),
  is_hidden: z.boolean(),
  ranking_weight: z.number().int(),
  is_show_in_tags: z.boolean(),
  title_for_primary: z.string().nullable(),
  title_for_tags: z.string().nullable(),
  is_sort_values_by_priority: z.boolean(),
  field_values: z.array(fieldValueSchema),
});
export type ProductField = z.infer<typeof productFieldSchema>;

export const productSchema = z.looseObject({
  id: z.number().int(),
  title: z.string(),
  step_size: z.number().int(),
  meta: z.unknown().nullable(),
  is_active: z.boolean(),
  is_active_for_pro: z.boolean(),
  marketplace_type: marketplaceTypeSchema,
  related_product: z.array(z.record(z.string(), z.unknown())),
  product_fields: z.array(productFieldSchema),
});
export type Product = z.infer<typeof productSchema>;

export const productListResponseSchema = z.looseObject({
  result: z.array(productSchema),
  total: z.number().int(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** Product details: the shape is not shown in the API document; we assume `{ result: Product }`. */
export const productDetailsResponseSchema = z.looseObject({ result: productSchema });

/** A value in an offer's `data`: real products carry strings, numbers or arrays of them. */
export const dataValueSchema = z.union([
  z.string(),
  z.number(),
  z.array(z.union([z.string(), z.number()])),
]);
export type DataValue = z.infer<typeof dataValueSchema>;
export const offerDataSchema = z.record(z.string(), dataValueSchema);

export const offerSchema = z.looseObject({
  id: z.number().int(),
  product_id: z.number().int(),
  user_id: z.number().int(),
  price_per_step: z.number(),
  amount: z.number(),
  min_purchase_amount: z.number(),
  status: offerStatusSchema,
  marketplace_type: marketplaceTypeSchema,
  guarantee_delivery_time: z.number().int(),
  credential_system_type_id: z.number().int(),
  description: z.string(),
  outer_name: z.string(),
  internal_name: z.string(),
  comment_for_reviewer: z.string(),
  image: z.string(),
  is_enabled: z.boolean(),
  is_auto_activate_status: z.boolean(),
  data: offerDataSchema,
  screenshots: z.array(z.string()),
  original_import_price: z.number(),
  commission_percent: z.number(),
  import_status: z.number().int(),
  purchased_amount: z.number(),
  last_review_comment: z.string(),
  credentials_recorded: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: timestamp.nullable(),
});
export type Offer = z.infer<typeof offerSchema>;

export const myOffersResponseSchema = z.looseObject({
  data: z.array(offerSchema),
  total: z.number().int(),
});
export type MyOffersResponse = z.infer<typeof myOffersResponseSchema>;

export const credentialInputSchema = z.object({
  login: z.string(),
  game_password: z.string(),
  email: z.string().nullable().optional(),
  email_password: z.string().nullable().optional(),
  is_2fa_active: z.boolean().nullable().optional(),
  comment: z.string().nullable().optional(),
});
export type CredentialInput = z.infer<typeof credentialInputSchema>;

/**
 * One element of `offers` in manage. Only the shape is checked here; the marketplace's rules
 * (bounds per type, lengths, product fields) live in `contract/rules`, which both sides apply.
 */
export const offerWriteSchema = z.object({
  id: z.number().int().nullable().optional(),
  price_per_step: z.number().optional(),
  amount: z.number().optional(),
  min_purchase_amount: z.number().optional(),
  data: offerDataSchema.optional(),
  marketplace_type: z.number().int().optional(),
  screenshots: z.array(z.string()).nullable().optional(),
  comment_for_reviewer: z.string().nullable().optional(),
  is_auto_activate_status: z.boolean().nullable().optional(),
  outer_name: z.string().nullable().optional(),
  internal_name: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  credential_system_type_id: z.number().int().nullable().optional(),
  booster_price: z.number().nullable().optional(),
  credentials: z.array(credentialInputSchema).nullable().optional(),
  skycoach_price: z.number().nullable().optional(),
  import_status: z.number().int().nullable().optional(),
  search_description: z.string().nullable().optional(),
});
export type OfferWrite = z.infer<typeof offerWriteSchema>;

export const manageRequestSchema = z.object({
  offers: z.array(offerWriteSchema),
  guarantee_delivery_time: z.number(),
});
export type ManageRequest = z.infer<typeof manageRequestSchema>;

const manageResultItemSchema = z.looseObject({
  id: z.number().int().nullable(),
  status: z.string(),
  message: z.string().nullable(),
});

export const manageResponseSchema = z.looseObject({
  result: z.looseObject({
    message: z.string(),
    received: z.number().int(),
    successfully: z.number().int(),
    results: z.array(manageResultItemSchema),
  }),
});
export type ManageResponse = z.infer<typeof manageResponseSchema>;

export const dataFieldErrorSchema = z.looseObject({
  error: z.string(),
  type: z.string(),
  allowed_values: z.array(z.string()),
});
export type DataFieldError = z.infer<typeof dataFieldErrorSchema>;

/** 400 of manage: plain rules are arrays of strings, data fields arrays of objects. */
export const validationErrorBodySchema = z.looseObject({
  message: z.string(),
  errors: z.record(z.string(), z.union([z.array(z.string()), z.array(dataFieldErrorSchema)])),
});

export const messageBodySchema = z.looseObject({ message: z.string() });

export const manageRateLimitBodySchema = z.looseObject({
  message: z.string(),
  budget_used: z.number().int(),
  budget_limit: z.number().int(),
  offers_requested: z.number().int(),
});

export const detachScreenshotResponseSchema = z.looseObject({
  message: z.string(),
  screenshots: z.array(z.string()),
});

export const attachLinksResponseSchema = z.looseObject({
  uploaded: z.array(z.string()),
  failed: z.array(z.string()),
});
export type AttachLinksResponse = z.infer<typeof attachLinksResponseSchema>;

export const replaceAllResponseSchema = z.looseObject({
  result: z.looseObject({ message: z.string(), replaced: z.number().int() }),
});
const credentialRecordSchema = z.looseObject({
  id: z.number().int(),
  status: z.number().int(),
  updated_at: timestamp,
});
export const updateCredentialResponseSchema = z.looseObject({ result: credentialRecordSchema });
export type CredentialRecord = z.infer<typeof credentialRecordSchema>;

/**
 * upload_screenshot: shape not shown in the API document; our assumption (docs/ARCHITECTURE.md,
 * "Assumptions").
 */
export const uploadScreenshotResponseSchema = z.looseObject({ path: z.string(), url: z.string() });

/** Validation body of detach_screenshot (and other non-manage 422s): field → messages. */
export const fieldMessagesBodySchema = z.record(z.string(), z.array(z.string()));
