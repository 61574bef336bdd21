// Offers in and out of spreadsheets: a file becomes a checked preview; confirming queues every
// good row as a local change in one transaction (all or nothing); export writes the merged view.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { AppFailure, type Handlers } from '../../../contract/ipc';
import type { Product } from '../../../contract/marketplace/wire';
import { MAX_IMPORT_BYTES } from '../../imports/importError';
import {
  exportOffersCsv,
  exportOffersXlsx,
  offerTemplateCsv,
  offerTemplateXlsx,
  readOfferFile,
  type ExportedOffer,
  type OfferSheetRow,
} from '../../imports/offers';
import { DraftRejected, type ImportedOffer } from '../../store';
import { localIdOfServerId } from '../../store/offers';
import type { AppContext } from '../context';
import { createPreviewCache } from '../previews';

interface PendingOffers {
  productId: number;
  deliveryTimeMs: number;
  rows: OfferSheetRow[];
}

/** One hour, the delivery promise most sellers start with. */
const DEFAULT_DELIVERY_MS = 3_600_000;

function requireProduct(ctx: AppContext, productId: number): Product {
  const product = ctx.profile().store.getProduct(productId);
  if (!product) throw new AppFailure('not_found', 'This product is not in the catalogue.');
  return product;
}

async function chooseFile(ctx: AppContext, ref: string | undefined, name: string) {
  if (ref) return ctx.options.resolveFileRef(ref);
  const chosen = await ctx.options.dialogs.saveFile(name);
  if (!chosen) throw new AppFailure('cancelled', 'Export cancelled.');
  return chosen;
}

export function transferHandlers(
  ctx: AppContext,
): Pick<
  Handlers,
  'imports.offersPreview' | 'imports.offersCommit' | 'exports.offers' | 'exports.template'
> {
  const pending = createPreviewCache<PendingOffers>();
  return {
    async 'imports.offersPreview'({ productId, file, deliveryTimeMs }) {
      const product = requireProduct(ctx, productId);
      const path = await ctx.options.resolveFileRef(file);
      if ((await stat(path)).size > MAX_IMPORT_BYTES) {
        throw new AppFailure(
          'bad_input',
          'This file is larger than 50 MB; split it into smaller files.',
        );
      }
      const sheet = await readOfferFile(await readFile(path), product);
      const problems = [...sheet.headerProblems, ...sheet.rows.flatMap((row) => row.problems)];
      const valid = sheet.rows.filter((row) => row.problems.length === 0).length;
      const previewId = pending.put({
        productId,
        deliveryTimeMs: deliveryTimeMs ?? DEFAULT_DELIVERY_MS,
        rows: sheet.headerProblems.length > 0 ? [] : sheet.rows,
      });
      return {
        previewId,
        rows: sheet.rows.length,
        valid: sheet.headerProblems.length > 0 ? 0 : valid,
        problems,
      };
    },

    async 'imports.offersCommit'({ previewId, skipInvalid }) {
      const { store } = ctx.profile();
      const preview = pending.peek(previewId);
      const good = preview.rows.filter((row) => row.problems.length === 0);
      const bad = preview.rows.length - good.length;
      if (bad > 0 && !skipInvalid) {
        throw new AppFailure(
          'validation',
          `${bad} row${bad === 1 ? ' has' : 's have'} problems: fix the file, or import only the good rows.`,
        );
      }
      const rows = good.map((row): ImportedOffer => {
        const { id, ...fields } = row.offer;
        const deliveryTime = row.deliveryTimeMs ?? preview.deliveryTimeMs;
        const existing = id ? localIdOfServerId(store, id) : undefined;
        return existing !== undefined
          ? {
              action: 'edit',
              localId: existing,
              patch: { ...fields, guarantee_delivery_time: deliveryTime },
            }
          : { action: 'create', fields, guaranteeDeliveryTime: deliveryTime };
      });
      // One transaction for the whole file: a refused row queues nothing.
      const queued = store.importOffers(preview.productId, rows);
      if (queued.refused.length > 0) throw new DraftRejected(queued.refused[0]!.problems);
      const touched = queued.localIds.filter((id): id is number => id !== null);
      pending.drop(previewId);
      ctx.changed(touched);
      return { queued: good.length, skipped: bad };
    },

    async 'exports.offers'({ format, productId, file }) {
      const { store } = ctx.profile();
      if (productId === undefined) {
        throw new AppFailure(
          'validation',
          'Choose a product: an export holds the columns of one product.',
        );
      }
      const product = requireProduct(ctx, productId);
      const offers: ExportedOffer[] = [];
      for (let offset = 0; ; offset += 500) {
        const page = store.queryOffers({
          productId,
          offset,
          limit: 500,
          sort: { column: 'updated_at', dir: 'desc' },
        });
        for (const row of page.rows) {
          const detail = store.getOffer(row.localId);
          if (!detail || row.pendingDelete) continue;
          offers.push({
            ...detail.fields,
            ...(detail.serverId !== null ? { id: detail.serverId } : {}),
          });
        }
        if (page.rows.length < 500) break;
      }
      const target = await chooseFile(ctx, file, `${product.title}.${format}`);
      await writeFile(
        target,
        format === 'csv'
          ? exportOffersCsv(offers, product)
          : await exportOffersXlsx(offers, product),
      );
      return { file: target, rows: offers.length };
    },

    async 'exports.template'({ productId, format, file }) {
      const product = requireProduct(ctx, productId);
      const target = await chooseFile(ctx, file, `${product.title} template.${format}`);
      await writeFile(
        target,
        format === 'csv' ? offerTemplateCsv(product) : await offerTemplateXlsx(product),
      );
      return { file: target };
    },
  };
}
