// Offers in and out of spreadsheets, as the app offers them: the use cases (core/usecases/
// transfers) decide; here a preview waits in main's memory between "look" and "confirm", the
// renderer hears of what was queued, and an export asks where to save and says where it went.
import { dirname } from 'node:path';
import type { Locale } from '../../../contract/i18n';
import type { Handlers } from '../../../contract/ipc';
import {
  exportOffers,
  offerTemplate,
  saveExport,
  type ExportedFile,
} from '../../usecases/transfers/exportOffers';
import {
  commitOfferImport,
  previewOfferImport,
  type OfferImportPreview,
} from '../../usecases/transfers/importOffers';
import type { AppContext } from '../context';
import { createPreviewCache } from '../previews';
import { jobsOf } from '../jobs';
import { refusal } from '../failures';

async function save(
  ctx: AppContext,
  ref: string | undefined,
  name: string,
  out: ExportedFile,
): Promise<string> {
  const target = ref
    ? await ctx.options.resolveFileRef(ref)
    : await ctx.options.dialogs.saveFile(name);
  if (!target) throw refusal('cancelled', 'refusals.app.exportCancelled');
  await saveExport(target, out.contents);
  return target;
}

/** `locale`: the app's language, which an import preview's consequences are said in. */
export function transferHandlers(
  ctx: AppContext,
  locale: () => Locale = () => 'en',
): Pick<
  Handlers,
  | 'imports.offersPreview'
  | 'imports.offersCommit'
  | 'exports.offers'
  | 'exports.template'
  | 'exports.openFolder'
> {
  const pending = createPreviewCache<OfferImportPreview>();
  // Only a folder this app wrote an export into is opened: the renderer names a file, never a path.
  const written = new Set<string>();
  const savedTo = (file: string) => {
    written.add(file);
    return { file, folder: dirname(file), canOpenFolder: ctx.options.openFolder !== undefined };
  };
  return {
    async 'imports.offersPreview'({ productId, file, deliveryTimeMs }) {
      const preview = await previewOfferImport(ctx.seller(), {
        productId,
        file: await ctx.options.resolveFileRef(file),
        ...(deliveryTimeMs !== undefined && { deliveryTimeMs }),
        locale: locale(),
      });
      return {
        previewId: pending.put(preview),
        rows: preview.rows,
        valid: preview.valid,
        toCreate: preview.toCreate,
        toEdit: preview.toEdit,
        duplicates: preview.duplicates,
        unchanged: preview.unchanged,
        deliveryTimeMs: preview.deliveryTimeMs,
        consequences: preview.consequences,
        problems: preview.problems.map((p) => ({
          line: p.line ?? 0,
          column: p.field ?? '',
          message: p.message,
        })),
      };
    },

    async 'imports.offersCommit'({ previewId, skipInvalid, putOnSale, allowBelowCost }) {
      // Its rows are checked a chunk at a time (progress, Stop); stopped, nothing is queued.
      const outcome = await jobsOf(ctx.bus).run('offer_import', (job) =>
        commitOfferImport(ctx.seller(), pending.peek(previewId), {
          skipInvalid,
          job,
          putOnSale,
          allowBelowCost,
        }),
      );
      pending.drop(previewId);
      ctx.changed(outcome.localIds);
      return {
        queued: outcome.created + outcome.edited,
        created: outcome.created,
        edited: outcome.edited,
        duplicates: outcome.duplicates,
        unchanged: outcome.unchanged,
        skipped: outcome.skipped,
      };
    },

    async 'exports.offers'({ format, productId, file }) {
      const out = await exportOffers(ctx.seller(), {
        format,
        ...(productId !== undefined && { productId }),
        locale: locale(),
      });
      const target = await save(ctx, file, `${out.product.title}.${format}`, out);
      return { ...savedTo(target), rows: out.offers };
    },

    async 'exports.template'({ productId, format, file }) {
      const out = await offerTemplate(ctx.seller(), { productId, format, locale: locale() });
      return savedTo(await save(ctx, file, `${out.product.title} template.${format}`, out));
    },

    async 'exports.openFolder'({ file }) {
      if (!written.has(file) || !ctx.options.openFolder) {
        throw refusal('not_found', 'refusals.app.exportFolderUnknown');
      }
      await ctx.options.openFolder(dirname(file));
      return { message: 'Opened.' };
    },
  };
}
