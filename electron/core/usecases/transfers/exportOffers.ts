// Offers out to a spreadsheet, in the format the import reads (so export → edit → import works),
// and the empty template of a product. The fronts choose where the file goes; `saveExport`
// writes it whole or not at all.
import { rename, unlink, writeFile } from 'node:fs/promises';
import type { Locale } from '../../../contract/i18n/locale';
import type { Product } from '../../../contract/marketplace/wire';
import {
  exportOffersCsv,
  exportOffersXlsx,
  offerTemplateCsv,
  offerTemplateXlsx,
  type ExportedOffer,
} from '../../imports/offers';
import { QUEUED_SCREENSHOT_PREFIX, type OfferListRow, type Store } from '../../store';
import { requireProduct } from '../catalogue/requireProduct';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';

export type SheetFormat = 'csv' | 'xlsx';

export interface ExportInput {
  format: SheetFormat;
  /** Absent: the one product the seller's offers are of (an export holds one product's columns). */
  productId?: number;
  /** The language of the column headers (an import reads either); default English. */
  locale?: Locale;
  signal?: AbortSignal;
}

export interface ExportedFile {
  product: Product;
  /** Offers written (a template: 0). */
  offers: number;
  contents: string | Buffer;
}

const PAGE = 500;

/** Every list row of a product (or of all), read a page at a time, newest first. */
function offerRows(store: Store, productId?: number): OfferListRow[] {
  const rows: OfferListRow[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = store.queryOffers({
      ...(productId !== undefined && { productId }),
      offset,
      limit: PAGE,
    });
    rows.push(...page.rows);
    if (page.rows.length < PAGE) return rows;
  }
}

async function exportedProduct(profile: SellerProfile, input: ExportInput): Promise<Product> {
  if (input.productId !== undefined) {
    return requireProduct(profile, input.productId, { signal: input.signal });
  }
  const products = new Set(offerRows(profile.store()).map((row) => row.productId));
  if (products.size === 1) {
    return requireProduct(profile, [...products][0]!, { signal: input.signal });
  }
  throw new UseCaseFailure(
    'bad_input',
    products.size === 0
      ? 'There are no offers to export.'
      : `Your offers are of ${products.size} products; choose one: an export holds the columns of one product.`,
    [],
    {
      say:
        products.size === 0
          ? { key: 'refusals.transfers.noOffers' }
          : { key: 'refusals.transfers.oneProduct', values: { count: products.size } },
    },
  );
}

/** The seller's view of the offers (local changes included), oldest first; deletions left out. */
export async function exportOffers(
  profile: SellerProfile,
  input: ExportInput,
): Promise<ExportedFile> {
  const product = await exportedProduct(profile, input);
  const store = profile.store();
  const offers: ExportedOffer[] = offerRows(store, product.id)
    .filter((row) => !row.pendingDelete)
    .flatMap((row) => {
      const detail = store.getOffer(row.localId);
      if (!detail) return [];
      const fields = { ...detail.fields } as ExportedOffer;
      // A file not uploaded yet has no URL to write; it stays queued on its offer.
      if (fields.screenshots) {
        fields.screenshots = fields.screenshots.filter(
          (s) => !s.startsWith(QUEUED_SCREENSHOT_PREFIX),
        );
      }
      return [detail.serverId !== null ? { id: detail.serverId, ...fields } : fields];
    })
    .reverse();
  const contents =
    input.format === 'xlsx'
      ? await exportOffersXlsx(offers, product, input.locale)
      : exportOffersCsv(offers, product, input.locale);
  return { product, offers: offers.length, contents };
}

/** The empty sheet of a product: its columns, and its select fields' allowed values. */
export async function offerTemplate(
  profile: SellerProfile,
  input: { productId: number; format: SheetFormat; locale?: Locale; signal?: AbortSignal },
): Promise<ExportedFile> {
  const product = await requireProduct(profile, input.productId, { signal: input.signal });
  const contents =
    input.format === 'xlsx'
      ? await offerTemplateXlsx(product, input.locale)
      : offerTemplateCsv(product, input.locale);
  return { product, offers: 0, contents };
}

/** Writes beside the target and renames, so a failed write never leaves half a file. */
export async function saveExport(path: string, contents: string | Buffer): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, contents);
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    const code = (error as NodeJS.ErrnoException).code ?? 'unwritable';
    throw new UseCaseFailure('bad_input', `Cannot write ${path} (${code}).`, [], {
      say: { key: 'refusals.transfers.cannotWrite', values: { path, code } },
    });
  }
}
