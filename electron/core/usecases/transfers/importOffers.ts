// Importing an offers file, for the app and the command line alike: a preview says what the file
// would do (new offers, edits, duplicates, unchanged rows, problems by line and column); the
// commit checks the rows a chunk at a time, then queues them all in one transaction
// (store.stageOfferImport), all or nothing unless the seller asked to skip the bad rows. Duplicates are counted, never
// created; a row without a delivery time gets the one the seller chose, one hour by default.
import type { Locale } from '../../../contract/i18n';
import { problemSentence } from '../../../contract/rules/fieldLabels';
import { belowCostRefusal } from '../../../contract/rules/belowCost';
import type { Product } from '../../../contract/marketplace/wire';
import type { OfferSheetRow } from '../../imports/offers';
import { runInChunks, type JobControl } from '../../util/chunkedJob';
import { requireProduct } from '../catalogue/requireProduct';
import { UseCaseFailure, type Problem } from '../failure';
import { noValidRow } from './noValidRow';
import type { SellerProfile } from '../profile';
import { readOfferSheet } from './offerFile';
import {
  importedOffer,
  planOfferRows,
  type ImportConsequences,
  type ImportPlan,
  type PlannedRow,
} from './offerImportPlan';

/** One hour: the delivery promise most sellers start with, for rows that give none. */
export const DEFAULT_DELIVERY_TIME_MS = 3_600_000;

export interface OfferImportInput {
  productId: number;
  /** The file's path. */
  file: string;
  /** The delivery time of new offers whose row gives none; one hour when absent. */
  deliveryTimeMs?: number;
  /** The file's text encoding, when the seller names it (else told from the bytes). */
  encoding?: string;
  signal?: AbortSignal;
  /** The language of the consequences' words (the app's); English without one. */
  locale?: Locale;
}

export interface OfferImportPreview {
  product: Product;
  /** Offer rows in the file (header and comments not counted). */
  rows: number;
  /** Rows without a problem (0 when the header itself is wrong). */
  valid: number;
  toCreate: number;
  toEdit: number;
  duplicates: number;
  unchanged: number;
  /** Lines with at least one problem. */
  invalid: number;
  /** Header problems first, then row by row. */
  problems: Problem[];
  deliveryTimeMs: number;
  /** A wrong column spoils every row: such a file cannot be committed, not even in part. */
  headerRefused: boolean;
  /** What the edits do on the marketplace (before → after, back to review, sold rows left out). */
  consequences: ImportConsequences;
  /** What the commit writes; the fronts keep it between preview and commit. */
  readonly plan: ImportPlan;
}

export interface OfferImportOutcome {
  product: Product;
  rows: number;
  created: number;
  edited: number;
  duplicates: number;
  unchanged: number;
  /** Lines left out for their problems (only when skipping was asked). */
  skipped: number;
  problems: Problem[];
  /** The offers queued, new and edited. */
  localIds: number[];
  /** What the edits do on the marketplace, as previewed. */
  consequences: ImportConsequences;
}

/**
 * The file cannot be imported as it is; nothing was queued. `badRows` (when rows, not the header,
 * are at fault) tells a front to offer importing only the good rows.
 */
export class OfferFileRefused extends UseCaseFailure {
  constructor(
    message: string,
    problems: Problem[],
    readonly badRows = 0,
  ) {
    super('bad_input', message, problems);
  }
}

function badRowsRefused(badRows: number, problems: Problem[]): OfferFileRefused {
  return new OfferFileRefused(
    `${badRows} bad row(s); nothing was queued. Fix them, or import only the good rows.`,
    problems,
    badRows,
  );
}

function checkedDeliveryTime(ms: number | undefined): number {
  if (ms === undefined) return DEFAULT_DELIVERY_TIME_MS;
  if (!Number.isInteger(ms) || ms < 1) {
    throw new UseCaseFailure(
      'bad_input',
      'The delivery time must be a whole number of milliseconds, at least 1.',
      [{ field: 'delivery time', message: 'must be at least 1 millisecond' }],
      { say: { key: 'refusals.transfers.deliveryTime' } },
    );
  }
  return ms;
}

const linesOf = (problems: readonly Problem[]) => new Set(problems.map((p) => p.line)).size;

export async function previewOfferImport(
  profile: SellerProfile,
  input: OfferImportInput,
): Promise<OfferImportPreview> {
  const deliveryTimeMs = checkedDeliveryTime(input.deliveryTimeMs);
  const product = await requireProduct(profile, input.productId, { signal: input.signal });
  const sheet = await readOfferSheet(input.file, product, input.encoding);
  const headerProblems: Problem[] = sheet.headerProblems.map((p) => ({
    line: p.line,
    field: p.column,
    message: problemSentence(p, input.locale ?? 'en'),
  }));
  const headerRefused = headerProblems.length > 0;
  const rows: readonly OfferSheetRow[] = headerRefused ? [] : sheet.rows;
  const plan = planOfferRows(profile.store(), product, rows, deliveryTimeMs, input.locale);
  const invalid = linesOf(plan.problems);
  return {
    product,
    rows: sheet.rows.length,
    valid: headerRefused ? 0 : sheet.rows.length - invalid,
    toCreate: plan.planned.filter((row) => row.action === 'create').length,
    toEdit: plan.planned.filter((row) => row.action === 'edit').length,
    duplicates: plan.duplicates,
    unchanged: plan.unchanged,
    invalid,
    problems: [...headerProblems, ...plan.problems],
    deliveryTimeMs,
    headerRefused,
    consequences: plan.consequences,
    plan,
  };
}

export async function commitOfferImport(
  profile: SellerProfile,
  preview: OfferImportPreview,
  options: {
    skipInvalid?: boolean;
    job?: JobControl;
    /** Not Active gold offers the file edits go back on sale (default: kept Not Active). */
    putOnSale?: boolean;
    /** The seller confirmed prices below cost (default: refused, nothing queued). */
    allowBelowCost?: boolean;
    /** How the front confirms a price below cost, for the refusal's English. */
    belowCostHow?: string;
  } = {},
): Promise<OfferImportOutcome> {
  const skipInvalid = options.skipInvalid === true;
  if (preview.headerRefused) {
    throw new OfferFileRefused(
      'The header row has problems; nothing was queued.',
      preview.problems,
    );
  }
  if (preview.rows === 0) {
    throw new OfferFileRefused('The file has a header but no offers; nothing was queued.', []);
  }
  const { plan } = preview;
  if (preview.invalid > 0 && !skipInvalid) throw badRowsRefused(preview.invalid, plan.problems);
  // Skipping the bad rows takes the good ones; with none, nothing is queued, and that is said.
  if (preview.invalid === preview.rows) throw noValidRow(preview.rows, plan.problems);

  // The rows are checked a chunk at a time, other calls answered in between (nothing written:
  // stopped there, nothing is queued); then one transaction queues them all: a crash or a
  // refusal half-way queues nothing (skipping: the refused rows alone are left out).
  // One undoable step: undo removes the new offers and puts the edited ones back.
  const belowCost = plan.consequences.belowCostCount;
  if (belowCost > 0 && !options.allowBelowCost) {
    throw new UseCaseFailure(
      'bad_input',
      belowCostRefusal(
        belowCost,
        options.belowCostHow ?? 'Tick "Sell below cost anyway" to apply it.',
      ),
      [],
      { say: { key: 'offers.belowCostRefused', values: { count: belowCost } } },
    );
  }
  const store = profile.store();
  const staged = store.stageOfferImport(preview.product.id);
  const queue = (row: PlannedRow) => importedOffer(row, options.putOnSale === true);
  const checked = await runInChunks(plan.planned, (rows) => staged.stage(rows.map(queue)), {
    ...options.job,
    minChunk: 128,
  });
  if (checked.cancelled) {
    throw new UseCaseFailure('bad_input', 'The import was stopped; nothing was queued.', [], {
      say: { key: 'refusals.transfers.importStopped' },
    });
  }
  const edited = plan.planned.flatMap((row) => (row.action === 'edit' ? [row.localId] : []));
  const queued = store.undoSteps().record(
    {
      text: `Import of ${plan.planned.length} offer${plan.planned.length === 1 ? '' : 's'}`,
      say: { key: 'undo.step.import', values: { count: plan.planned.length } },
    },
    edited,
    () => staged.commit({ skipRefused: skipInvalid }),
    (result) =>
      // A refusal that is not skipped queues nothing: nothing to undo either.
      result.refused.length > 0 && !skipInvalid
        ? []
        : result.localIds.filter((id): id is number => id !== null),
  );
  const refused: Problem[] = queued.refused.flatMap(({ index, problems }) =>
    problems.map((p) => ({ line: plan.planned[index]!.line, field: p.field, message: p.message })),
  );
  if (refused.length > 0 && !skipInvalid) {
    throw badRowsRefused(linesOf(refused), refused);
  }
  const done = plan.planned.filter((_, i) => queued.localIds[i] !== null);
  const created = done.filter((row) => row.action === 'create').length;
  const problems = [...plan.problems, ...refused];
  return {
    product: preview.product,
    rows: preview.rows,
    created,
    edited: done.length - created,
    duplicates: plan.duplicates,
    unchanged: plan.unchanged,
    skipped: linesOf(problems),
    problems,
    localIds: queued.localIds.filter((id): id is number => id !== null),
    consequences: plan.consequences,
  };
}

/** Preview and commit in one go: the command line's `offers import`. */
export async function importOffers(
  profile: SellerProfile,
  input: OfferImportInput & {
    skipInvalid?: boolean;
    putOnSale?: boolean;
    allowBelowCost?: boolean;
    belowCostHow?: string;
  },
): Promise<OfferImportOutcome> {
  const preview = await previewOfferImport(profile, input);
  const { skipInvalid, putOnSale, allowBelowCost, belowCostHow } = input;
  return commitOfferImport(profile, preview, {
    skipInvalid,
    putOnSale,
    allowBelowCost,
    ...(belowCostHow !== undefined && { belowCostHow }),
  });
}
