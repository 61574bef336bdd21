// Store rows → the shapes the renderer shows. Nothing secret is in a store row that reaches here:
// credentials appear only as counts.
import { fieldValuesLine } from '../../contract/rules/fieldValuesLine';
import type {
  FieldProblemDto,
  OfferDetail as OfferDetailDto,
  OfferRow,
  ProductSummary as ProductSummaryDto,
  Screenshot,
} from '../../contract/ipc';
import {
  MarketplaceType,
  type OfferStatusValue,
  type OfferWrite,
  type Product,
} from '../../contract/marketplace/wire';
import type { OfferDetail } from '../usecases/offers';
import { QUEUED_SCREENSHOT_PREFIX } from '../usecases/screenshots';
import type { ListedOffer } from '../usecases/offers';

const asStatus = (status: number | null) => (status as OfferStatusValue | null) ?? null;

export function offerRowView(row: ListedOffer): OfferRow {
  return {
    localId: row.localId,
    serverId: row.serverId,
    productId: row.productId,
    productTitle: row.productTitle,
    marketplaceType: row.marketplaceType ?? MarketplaceType.Gold,
    outerName: row.outerName,
    internalName: row.internalName,
    pricePerStep: row.pricePerStep,
    amount: row.amount,
    minPurchaseAmount: row.minPurchaseAmount,
    deliveryTimeMs: row.guaranteeDeliveryTime,
    status: (row.status as OfferStatusValue | null) ?? null,
    syncState: row.syncState,
    updatedAt: row.updatedAt || null,
    pending: { delete: row.pending.delete, status: asStatus(row.pending.status) },
    problem: row.problem,
    fieldValues: row.fieldValues,
  };
}

/** A stored screenshot path as a URL the renderer can load. */
export function screenshotUrl(baseUrl: string, ref: string): string {
  return /^https?:\/\//i.test(ref) ? ref : new URL(ref, baseUrl).toString();
}

/**
 * Where the renderer loads each queued file's staged copy from, by placeholder ref. Empty when the
 * platform serves no staged copies (then a queued tile shows "No preview" until the upload).
 */
export function queuedThumbnailUrls(
  queuedFiles: ReadonlyMap<string, string>,
  stagedScreenshotUrl: ((stagedPath: string) => string | null) | undefined,
): Map<string, string> {
  const urls = new Map<string, string>();
  if (!stagedScreenshotUrl) return urls;
  for (const [ref, path] of queuedFiles) {
    const url = stagedScreenshotUrl(path);
    if (url) urls.set(ref, url);
  }
  return urls;
}

function screenshotsView(
  list: readonly string[],
  baseUrl: string,
  queuedThumbnails: ReadonlyMap<string, string>,
  detaches: OfferDetail['screenshotDetaches'],
): Screenshot[] {
  return list.map((ref): Screenshot => {
    if (ref.startsWith(QUEUED_SCREENSHOT_PREFIX)) {
      return {
        ref,
        thumbnailUrl: queuedThumbnails.get(ref) ?? null,
        state: 'queued',
        problem: null,
      };
    }
    const thumbnailUrl = screenshotUrl(baseUrl, ref);
    // A refused removal leaves the screenshot where it is (the refusal is under Needs attention).
    const detach = detaches.find((d) => d.url === ref && d.state !== 'failed');
    return detach
      ? { ref, thumbnailUrl, state: 'leaving', problem: null, canKeep: detach.state === 'queued' }
      : { ref, thumbnailUrl, state: 'attached', problem: null };
  });
}

/** The field a refused operation is told under: what the seller changed, never the queue's kind. */
const refusedOpField: Readonly<Record<string, string>> = {
  manage: '(offer)',
  delete: '(offer)',
  status: 'status',
  credentials: 'credentials',
  screenshot_upload: 'screenshots',
  screenshot_links: 'screenshots',
  screenshot_detach: 'screenshots',
};

function problemsView(detail: OfferDetail): FieldProblemDto[] {
  const problems: FieldProblemDto[] = [];
  for (const error of detail.outcome?.fieldErrors ?? []) {
    for (const message of error.messages) problems.push({ field: error.field, message });
  }
  if (detail.outcome && !detail.outcome.ok && problems.length === 0 && detail.outcome.message) {
    problems.push({ field: '(offer)', message: detail.outcome.message });
  }
  for (const op of detail.pending) {
    // A refusal is said once, even when the offer's outcome already carries its words.
    if (
      op.state === 'failed' &&
      op.lastError &&
      !problems.some((p) => p.message === op.lastError)
    ) {
      problems.push({ field: refusedOpField[op.kind] ?? '(offer)', message: op.lastError });
    }
  }
  return problems;
}

export function offerDetailView(
  detail: OfferDetail,
  product: Product,
  baseUrl: string,
  queuedThumbnails: ReadonlyMap<string, string> = new Map(),
): OfferDetailDto {
  const { guarantee_delivery_time: deliveryTime, ...fields } = detail.fields;
  const server = detail.server;
  return {
    row: {
      localId: detail.localId,
      serverId: detail.serverId,
      productId: detail.productId,
      productTitle: product.title,
      marketplaceType: product.marketplace_type,
      outerName: fields.outer_name ?? '',
      internalName: fields.internal_name ?? '',
      pricePerStep: fields.price_per_step ?? null,
      amount: fields.amount ?? null,
      minPurchaseAmount: fields.min_purchase_amount ?? null,
      deliveryTimeMs: deliveryTime ?? null,
      status: server?.status ?? null,
      syncState: detail.syncState,
      updatedAt: server?.updated_at ?? null,
      fieldValues: fieldValuesLine(product, fields.data),
      pending: { delete: detail.pending.some((op) => op.kind === 'delete'), status: null },
      problem:
        detail.syncState === 'attention'
          ? (detail.outcome?.message ??
            detail.pending.find((op) => op.state === 'failed')?.lastError ??
            null)
          : null,
    },
    product,
    fields: fields as OfferWrite,
    deliveryTimeMs: deliveryTime ?? null,
    problems: problemsView(detail),
    conflicts: detail.conflicts,
    screenshots: screenshotsView(
      fields.screenshots ?? [],
      baseUrl,
      queuedThumbnails,
      detail.screenshotDetaches,
    ),
    credentials: {
      queued: detail.queuedCredentials,
      riding: detail.ridingCredentials,
      uploadedHashes: detail.uploadedCredentialHashes,
      system: fields.credential_system_type_id ?? null,
    },
    lastReviewComment: server?.last_review_comment || null,
  };
}

export function productSummaryView(product: Product, offerCount: number): ProductSummaryDto {
  const fields = product.product_fields.filter((f) => f.deleted_at === null);
  return {
    id: product.id,
    title: product.title,
    marketplaceType: product.marketplace_type,
    stepSize: product.step_size,
    isActive: product.is_active,
    isActiveForPro: product.is_active_for_pro,
    fieldCount: fields.length,
    requiredFieldCount: fields.filter((f) => f.is_required).length,
    offerCount,
  };
}
