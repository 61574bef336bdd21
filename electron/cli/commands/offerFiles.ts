// `offers import FILE` and `offers export FILE`: the CSV format of the imports module (header =
// write-field names, product fields as `data.<id>` or by title, screenshots `|`-separated), so
// an export can be edited and imported back. An import is all-or-nothing unless --skip-invalid:
// every row is checked first, then every good row is queued in one transaction
// (store.importOffers).
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { OfferWrite, Product } from '../../contract/marketplace/wire';
import {
  exportOffersCsv,
  exportOffersXlsx,
  readOfferFile,
  type ExportedOffer,
  type OfferSheetRow,
} from '../../core/imports/offers';
import { QUEUED_SCREENSHOT_PREFIX, type ImportedOffer, type Store } from '../../core/store';
import { fingerprintOffer, flattenDraft, type FlatFields } from '../../core/store/offerFields';
import { productFor } from '../catalogue';
import { CliError, type InputProblem } from '../cliError';
import type { CommandContext, CommandHandler } from '../commandTypes';
import { ExitCode } from '../exitCodes';

const PAGE = 500;

function readInputFile(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new CliError('bad_input', `Cannot read ${path} (${code}).`);
  }
}

/** Every offer of a product (list rows, newest first), read 500 at a time as the store pages. */
function offersOfProduct(store: Store, productId?: number) {
  const rows = [];
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

/**
 * "Already there" for a new row: an offer of the product (queued or on the marketplace) with the
 * same values in every column the row fills. Rows of one file share their columns, so the
 * existing offers are read once and fingerprinted once per set of columns: a lookup per row.
 */
function duplicateFinder(store: Store, productId: number) {
  let existing: FlatFields[] | null = null;
  const byColumns = new Map<string, Set<string>>();
  const seenInFile = new Set<string>();
  return (written: FlatFields): 'file' | 'existing' | null => {
    const print = fingerprintOffer(productId, written);
    if (seenInFile.has(print)) return 'file';
    seenInFile.add(print);
    const columns = Object.keys(written).sort().join(',');
    let prints = byColumns.get(columns);
    if (!prints) {
      existing ??= store.liveOffersOfProduct(productId).map((offer) => offer.fields);
      prints = new Set(
        existing.map((fields) => {
          const picked: FlatFields = {};
          for (const key of Object.keys(written)) picked[key] = fields[key];
          return fingerprintOffer(productId, picked);
        }),
      );
      byColumns.set(columns, prints);
    }
    return prints.has(print) ? 'existing' : null;
  };
}

type PlannedRow =
  | { line: number; action: 'create'; fields: OfferWrite; deliveryTime: number }
  | {
      line: number;
      action: 'edit';
      localId: number;
      fields: OfferWrite & { guarantee_delivery_time?: number };
    };

interface ImportPlan {
  planned: PlannedRow[];
  problems: InputProblem[];
  duplicates: number;
  unchanged: number;
}

function withoutId(offer: OfferWrite): OfferWrite {
  const { id: _id, ...fields } = offer;
  return fields;
}

function planRows(
  store: Store,
  product: Product,
  rows: OfferSheetRow[],
  defaultDeliveryTime: number | undefined,
): ImportPlan {
  const plan: ImportPlan = { planned: [], problems: [], duplicates: 0, unchanged: 0 };
  const isDuplicate = duplicateFinder(store, product.id);
  for (const row of rows) {
    const problems: InputProblem[] = row.problems.map((p) => ({
      line: p.line,
      column: p.column,
      reason: p.message,
    }));
    const fields = withoutId(row.offer);
    if (typeof row.offer.id === 'number') {
      const known = store.offerOfServerId(row.offer.id);
      if (!known) {
        problems.push({
          line: row.line,
          column: 'id',
          reason: `offer ${row.offer.id} is not in the local data (run \`seller-desk pull\`)`,
        });
      } else if (known.productId !== product.id) {
        problems.push({
          line: row.line,
          column: 'id',
          reason: `offer ${row.offer.id} belongs to product ${known.productId}, not ${product.id}`,
        });
      }
      if (problems.length > 0) {
        plan.problems.push(...problems);
        continue;
      }
      const patch = {
        ...fields,
        ...(row.deliveryTimeMs !== undefined && { guarantee_delivery_time: row.deliveryTimeMs }),
      };
      const current = known!.fields;
      const changed = Object.entries(flattenDraft(patch)).some(
        ([key, value]) => JSON.stringify(current[key] ?? null) !== JSON.stringify(value ?? null),
      );
      if (!changed) plan.unchanged++;
      else
        plan.planned.push({
          line: row.line,
          action: 'edit',
          localId: known!.localId,
          fields: patch,
        });
      continue;
    }
    const deliveryTime = row.deliveryTimeMs ?? defaultDeliveryTime;
    if (deliveryTime === undefined) {
      problems.push({
        line: row.line,
        column: 'guarantee_delivery_time',
        reason:
          'a new offer needs a delivery time: add a guarantee_delivery_time column or --delivery-time MS',
      });
    }
    if (problems.length > 0) {
      plan.problems.push(...problems);
      continue;
    }
    const written = flattenDraft({ ...fields, guarantee_delivery_time: deliveryTime });
    if (isDuplicate(written)) {
      plan.duplicates++;
      continue;
    }
    plan.planned.push({ line: row.line, action: 'create', fields, deliveryTime: deliveryTime! });
  }
  return plan;
}

function importedOffer(row: PlannedRow): ImportedOffer {
  return row.action === 'create'
    ? { action: 'create', fields: row.fields, guaranteeDeliveryTime: row.deliveryTime }
    : { action: 'edit', localId: row.localId, patch: row.fields };
}

export const importOffers: CommandHandler = async (ctx, call) => {
  const file = call.args[0]!;
  const productId = call.options.product as number;
  const deliveryTime = call.options['delivery-time'] as number | undefined;
  const skipInvalid = call.options['skip-invalid'] === true;
  if (deliveryTime !== undefined && deliveryTime < 1) {
    throw new CliError('usage', '--delivery-time must be at least 1 (milliseconds).');
  }
  const bytes = readInputFile(file);
  const product = await productFor(ctx, productId);
  const store = ctx.profile().store();
  const encoding = call.options.encoding as string | undefined;
  const sheet = await readOfferFile(bytes, product, { encoding });
  const headerProblems: InputProblem[] = sheet.headerProblems.map((p) => ({
    line: p.line,
    column: p.column,
    reason: p.message,
  }));
  if (headerProblems.length > 0) {
    // A wrong column spoils every row: refused even with --skip-invalid.
    throw new CliError(
      'bad_input',
      `${file}: the header row has problems; nothing was queued.`,
      headerProblems,
    );
  }
  if (sheet.rows.length === 0) {
    throw new CliError('bad_input', `${file} has a header but no offers; nothing was queued.`);
  }

  const plan = planRows(store, product, sheet.rows, deliveryTime);
  const badLines = new Set(plan.problems.map((p) => p.line));
  if (badLines.size > 0 && !skipInvalid) {
    throw new CliError(
      'bad_input',
      `${file}: ${badLines.size} bad row(s); nothing was queued (fix them, or use --skip-invalid).`,
      plan.problems,
    );
  }

  // One transaction: a crash or a refusal half-way queues nothing (--skip-invalid: the refused
  // rows alone are left out).
  const queued = store.importOffers(product.id, plan.planned.map(importedOffer), {
    skipRefused: skipInvalid,
  });
  const rejected: InputProblem[] = queued.refused.flatMap(({ index, problems }) =>
    problems.map((p) => ({ line: plan.planned[index]!.line, column: p.field, reason: p.message })),
  );
  const queuedRows = plan.planned.filter((_, i) => queued.localIds[i] !== null);
  const created = queuedRows.filter((row) => row.action === 'create').length;
  const edited = queuedRows.length - created;
  if (rejected.length > 0 && !skipInvalid) {
    throw new CliError('bad_input', `${file}: rows refused; nothing was queued.`, rejected);
  }
  const problems = [...plan.problems, ...rejected];
  const skipped = new Set(problems.map((p) => p.line)).size;
  const result = {
    file,
    productId: product.id,
    rows: sheet.rows.length,
    created,
    edited,
    duplicates: plan.duplicates,
    unchanged: plan.unchanged,
    skipped,
    problems,
  };
  const human = [
    `${file}: ${created} new offer(s) and ${edited} edit(s) queued for product ${product.id} (${product.title}).`,
    plan.duplicates ? `${plan.duplicates} duplicate row(s) skipped (already there).` : '',
    plan.unchanged ? `${plan.unchanged} row(s) unchanged.` : '',
    skipped ? `${skipped} bad row(s) skipped:` : '',
    ...problems.map((p) => `  line ${p.line}, column ${p.column}: ${p.reason}`),
    created + edited > 0 ? 'Run `seller-desk push` to send them.' : '',
  ]
    .filter(Boolean)
    .join('\n');
  return { data: result, human, exitCode: ExitCode.Done };
};

function writeAtomically(path: string, text: string | Buffer): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

async function exportedProduct(ctx: CommandContext, store: Store, given: number | undefined) {
  if (given !== undefined) return productFor(ctx, given);
  const products = new Set(offersOfProduct(store).map((r) => r.productId));
  if (products.size === 1) return productFor(ctx, [...products][0]!);
  throw new CliError(
    'usage',
    products.size === 0
      ? 'There are no offers to export.'
      : `Your offers span ${products.size} products; say which with --product ID.`,
  );
}

export const exportOffers: CommandHandler = async (ctx, call) => {
  const file = call.args[0]!;
  const store = ctx.profile().store();
  const product = await exportedProduct(ctx, store, call.options.product as number | undefined);
  const offers: ExportedOffer[] = offersOfProduct(store, product.id)
    .filter((r) => !r.pendingDelete)
    .map((r) => {
      const detail = store.getOffer(r.localId)!;
      const fields = { ...detail.fields } as ExportedOffer;
      // A file not uploaded yet has no URL to write; it stays queued on its offer.
      if (fields.screenshots) {
        fields.screenshots = fields.screenshots.filter(
          (s) => !s.startsWith(QUEUED_SCREENSHOT_PREFIX),
        );
      }
      return detail.serverId !== null ? { id: detail.serverId, ...fields } : fields;
    })
    .reverse();
  const contents = /\.xlsx$/i.test(file)
    ? await exportOffersXlsx(offers, product)
    : exportOffersCsv(offers, product);
  try {
    writeAtomically(file, contents);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unwritable';
    throw new CliError('bad_input', `Cannot write ${file} (${code}).`);
  }
  return {
    data: { file, productId: product.id, offers: offers.length },
    human: `${offers.length} offer(s) of product ${product.id} (${product.title}) written to ${file}.`,
    exitCode: ExitCode.Done,
  };
};
