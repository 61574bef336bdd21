// `offers import FILE` and `offers export FILE`: the CSV format of the imports module (header =
// write-field names, product fields as `data.<id>` or by title, screenshots `|`-separated), so
// an export can be edited and imported back. The rules are the use cases' (core/usecases/
// transfers), the same as the app's: all or nothing unless --skip-invalid, duplicates counted and
// skipped, a delivery time of one hour for rows that give none unless --delivery-time says.
import { UseCaseFailure } from '../../core/usecases/failure';
import {
  exportOffers as exportOfferFile,
  saveExport,
} from '../../core/usecases/transfers/exportOffers';
import {
  importOffers as importOfferFile,
  OfferFileRefused,
} from '../../core/usecases/transfers/importOffers';
import { belowCostIn, onSaleWarningIn } from '../../contract/rules/consequenceWords';
import type { CommandHandler } from '../commandTypes';
import { inputProblem } from '../errorMapping';
import { ExitCode } from '../exitCodes';

/** A refused file is named first; bad rows are told with the flag that skips them. */
function aboutFile(error: unknown, file: string): unknown {
  if (!(error instanceof OfferFileRefused)) return error;
  const message =
    error.badRows > 0
      ? `${error.badRows} bad row(s); nothing was queued (fix them, or use --skip-invalid).`
      : error.message;
  return new UseCaseFailure(error.kind, `${file}: ${message}`, error.problems);
}

export const importOffers: CommandHandler = async (ctx, call) => {
  const file = call.args[0]!;
  const putOnSale = call.options['put-on-sale'] === true;
  let outcome;
  try {
    outcome = await importOfferFile(ctx.profile(), {
      productId: call.options.product as number,
      file,
      deliveryTimeMs: call.options['delivery-time'] as number | undefined,
      encoding: call.options.encoding as string | undefined,
      skipInvalid: call.options['skip-invalid'] === true,
      putOnSale,
      allowBelowCost: call.options['allow-below-cost'] === true,
      belowCostHow: 'Run it again with --allow-below-cost to apply it anyway.',
      signal: ctx.signal,
    });
  } catch (error) {
    throw aboutFile(error, file);
  }
  const { created, edited, duplicates, unchanged, skipped } = outcome;
  const problems = outcome.problems.map(inputProblem);
  const { product } = outcome;
  const result = {
    file,
    productId: product.id,
    rows: outcome.rows,
    created,
    edited,
    duplicates,
    unchanged,
    skipped,
    problems,
    // What the edits do on the marketplace (added fields; README: fields are only added).
    changes: outcome.consequences.changes,
    warnings: outcome.consequences.warnings,
    toSaleCount: outcome.consequences.toSaleCount,
    belowCostCount: outcome.consequences.belowCostCount,
    leftOut: outcome.consequences.leftOut,
    forecast: outcome.consequences.forecast,
  };
  const c = outcome.consequences;
  // The same sentences as the app's import preview: Not Active gold offers, prices below cost.
  const choices = [
    onSaleWarningIn(c.toSaleCount, !putOnSale, 'en'),
    belowCostIn(c.belowCostCount, 'en'),
  ].filter((line): line is string => line !== null);
  const human = [
    `${file}: ${created} new offer(s) and ${edited} edit(s) queued for product ${product.id} (${product.title}).`,
    duplicates ? `${duplicates} duplicate row(s) skipped (already there).` : '',
    unchanged ? `${unchanged} row(s) unchanged.` : '',
    skipped ? `${skipped} bad row(s) skipped:` : '',
    ...problems.map((p) => `  line ${p.line}, column ${p.column}: ${p.reason}`),
    ...c.changes
      .slice(0, 20)
      .map((l) => `  line ${l.line}, ${l.offer}: ${l.before ? `${l.before} → ` : ''}${l.after}`),
    c.changing > 20 ? `  … and ${c.changing - 20} more edit(s)` : '',
    ...c.warnings.map((w) => `${w} (${c.toReview.join(', ')})`),
    ...choices,
    ...c.leftOut.map((l) => `Line ${l.line}, ${l.offer}: left out. ${l.reason}`),
    created > 0 && c.forecast ? c.forecast : '',
    created + edited > 0 ? 'Run `seller-desk push` to send them.' : '',
  ]
    .filter(Boolean)
    .join('\n');
  return { data: result, human, exitCode: ExitCode.Done };
};

export const exportOffers: CommandHandler = async (ctx, call) => {
  const file = call.args[0]!;
  const out = await exportOfferFile(ctx.profile(), {
    format: /\.xlsx$/i.test(file) ? 'xlsx' : 'csv',
    productId: call.options.product as number | undefined,
    signal: ctx.signal,
  });
  await saveExport(file, out.contents);
  const { product } = out;
  return {
    data: { file, productId: product.id, offers: out.offers },
    human: `${out.offers} offer(s) of product ${product.id} (${product.title}) written to ${file}.`,
    exitCode: ExitCode.Done,
  };
};
