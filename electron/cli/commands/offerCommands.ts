// `offers list|show|set-status|delete|change-price|discard|retry|dismiss|resolve`, over the offers use cases
// (core/usecases/offers) the app's screens use too, and the file commands from ./offerFiles. All
// of them work on the local data only: changes are queued and sent by `push`.
import {
  changePrice,
  deleteOffers,
  discardLocalChanges,
  dismissRefusal,
  listOffers,
  offerExists,
  requireOffer,
  resolveConflict,
  retryRefused,
  setStatus,
  selectedOffers,
  previewChange,
  priceChangeWords,
  undoLastStep,
  type BulkChange,
  type ChangePreview,
  type BulkOutcome,
  type RefusedOffer,
} from '../../core/usecases/offers';
import { setOfferCost } from '../../core/usecases/profit';
import { sellerStatuses } from '../../contract/rules';
import { belowCostIn, onSaleWarningIn } from '../../contract/rules/consequenceWords';
import { problemLabel, problemReason } from '../../contract/rules/fieldLabels';
import { CliError, usageError } from '../cliError';
import type { JobControl } from '../../core/util/chunkedJob';
import type { CommandContext, CommandHandler, CommandOutcome, Invocation } from '../commandTypes';
import { decimalOption } from '../decimalOption';
import { ExitCode } from '../exitCodes';
import { offerLabel, resolveOfferRef, resolveOfferRefs, statusName } from '../offerRefs';
import { formatFields, formatTable } from '../table';
import { exportOffers, importOffers } from './offerFiles';

const listOffersCommand: CommandHandler = async (ctx, call) => {
  const sort = call.options.sort as string | undefined;
  const order = call.options.order as string | undefined;
  if (order !== undefined && order !== 'asc' && order !== 'desc') {
    throw usageError(`--order is asc or desc, got "${order}".`, 'offers list');
  }
  const column = sort ?? 'updated_at';
  const offset = (call.options.offset as number | undefined) ?? 0;
  const limit = call.options.limit as number | undefined;
  if (limit !== undefined && limit < 1)
    throw usageError('--limit must be at least 1.', 'offers list');
  if (offset < 0) throw usageError('--offset must be 0 or more.', 'offers list');
  const { total, offers } = listOffers(ctx.profile(), {
    ...(call.options.status !== undefined && { status: call.options.status as number }),
    ...(call.options.product !== undefined && { productId: call.options.product as number }),
    ...(call.options.search !== undefined && { text: String(call.options.search) }),
    // Newest first by default; any other column smallest first unless told.
    sort: { column, dir: (order as 'asc' | 'desc' | undefined) ?? (sort ? 'asc' : 'desc') },
    offset,
    ...(limit !== undefined && { limit }),
  });
  const rows = offers.map((r) => ({ id: offerLabel(r), ...r }));
  const shown =
    offset > 0 || total > rows.length
      ? `\n(${rows.length === 0 ? 'none' : `${offset + 1}–${offset + rows.length}`} of ${total} shown)`
      : '';
  const human =
    rows.length === 0
      ? `No offers match.${shown}`
      : formatTable(
          [
            { title: 'ID', value: (r) => r.id, align: 'right' },
            { title: 'PRODUCT', value: (r) => r.productTitle, maxWidth: 24 },
            { title: 'VALUES', value: (r) => r.fieldValues, maxWidth: 28 },
            { title: 'NAME', value: (r) => r.outerName || r.internalName, maxWidth: 32 },
            { title: 'PRICE', value: (r) => r.pricePerStep, align: 'right' },
            { title: 'AMOUNT', value: (r) => r.amount, align: 'right' },
            { title: 'STATUS', value: (r) => statusName(r.status) },
            { title: 'SYNC', value: (r) => (r.pendingDelete ? 'delete queued' : r.syncState) },
          ],
          rows,
        ) + shown;
  return { data: { total, offset, offers: rows }, human, exitCode: ExitCode.Done };
};

const showOffer: CommandHandler = async (ctx, call) => {
  const seller = ctx.profile();
  const offer = requireOffer(seller, resolveOfferRef(seller, call.args[0]!));
  const fields = offer.fields as Record<string, unknown>;
  const lines: [string, string | number | boolean | null | undefined][] = [
    ['id', offerLabel(offer)],
    ['product', offer.productId],
    ['status', statusName(offer.server?.status ?? null)],
    ['sync', offer.syncState],
  ];
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'data') continue;
    lines.push([name, Array.isArray(value) ? value.join(' | ') : (value as string | number)]);
  }
  for (const [fieldId, value] of Object.entries(offer.fields.data ?? {})) {
    lines.push([`data.${fieldId}`, Array.isArray(value) ? value.join(' | ') : value]);
  }
  if (offer.changedFields.length) lines.push(['changed locally', offer.changedFields.join(', ')]);
  for (const c of offer.conflicts) {
    lines.push([
      `conflict ${c.field}`,
      `mine ${JSON.stringify(c.mine)}, marketplace ${JSON.stringify(c.theirs)}`,
    ]);
  }
  if (offer.outcome && !offer.outcome.ok) {
    lines.push(['refused', offer.outcome.message ?? '']);
    for (const e of offer.outcome.fieldErrors) {
      for (const message of e.messages) {
        const label = problemLabel({ field: e.field, message }) || 'offer';
        lines.push([`  ${label}`, problemReason(e.field, message)]);
      }
    }
  }
  for (const p of offer.pending) {
    lines.push([`queued ${p.kind}`, `${p.state}${p.lastError ? ` (${p.lastError})` : ''}`]);
  }
  if (offer.queuedCredentials) lines.push(['credentials queued', offer.queuedCredentials]);
  const exitCode =
    offer.syncState === 'attention' || offer.syncState === 'conflict'
      ? ExitCode.NeedsAttention
      : ExitCode.Done;
  return {
    data: { id: offerLabel(offer), ...offer },
    human: formatFields(lines),
    exitCode,
  };
};

/**
 * The offers a bulk command is about: the ids given, or those `--product` / `--status` select
 * (the offers of the local data matching them, except those already waiting to be deleted).
 */
function selectedIds(ctx: CommandContext, call: Invocation, refs: string[]): number[] {
  const product = call.options.product as number | undefined;
  const status = call.options.status as number | undefined;
  const filtered = product !== undefined || status !== undefined;
  if (refs.length > 0 && filtered) {
    throw usageError(
      'Name the offers by id or select them with --product/--status, not both.',
      call.command.name,
    );
  }
  if (refs.length === 0 && !filtered) {
    throw usageError(
      'Name the offers (ID…) or select them with --product/--status.',
      call.command.name,
    );
  }
  if (!filtered) return resolveOfferRefs(ctx.profile(), refs);
  return selectedOffers(ctx.profile(), {
    filter: {
      ...(product !== undefined && { productId: product }),
      ...(status !== undefined && { status }),
    },
  });
}

/** The CLI's names of offers, read before the change (a cancelled offer is gone after it). */
function labelsOf(ctx: CommandContext, localIds: readonly number[]): Map<number, string> {
  const seller = ctx.profile();
  const labels = new Map<number, string>();
  for (const localId of localIds) {
    if (offerExists(seller, localId))
      labels.set(localId, offerLabel(requireOffer(seller, localId)));
  }
  return labels;
}

function refusedView(labels: Map<number, string>, refused: readonly RefusedOffer[]) {
  return refused.map((r) => ({
    id: labels.get(r.localId) ?? null,
    offer: r.offer,
    problems: r.problems.map((p) => ({ field: p.field ?? '(offer)', message: p.message })),
  }));
}

/**
 * A bulk outcome as the command line reports it: every offer changed → exit 0; some refused →
 * exit 3 with each refusal listed; all refused → exit 2, nothing queued.
 */
/**
 * A bulk change as the command line runs it: its progress line (on a terminal) and Ctrl-C, which
 * stops it between two chunks; what was applied stays queued, one `seller-desk undo` step.
 */
function bulkJob(ctx: CommandContext, label: string, total: number): JobControl {
  ctx.progress.phase(label, total);
  return {
    signal: ctx.signal,
    onProgress: ({ done, total }) => ctx.progress.update(done, total),
  };
}

function bulkOutcome(
  verb: string,
  labels: Map<number, string>,
  outcome: BulkOutcome,
  data: Record<string, unknown>,
  done: string,
): CommandOutcome {
  const refused = refusedView(labels, outcome.refused);
  const lines = refused.map((r) => `  ${r.offer}: ${r.problems.map((p) => p.message).join(' ')}`);
  if (outcome.changed === 0 && refused.length > 0) {
    throw new CliError(
      'bad_input',
      refused.length === 1
        ? `Nothing was queued: ${refused[0]!.offer} cannot ${verb}.`
        : `Nothing was queued: none of the ${refused.length} offers can ${verb}.`,
      refused.flatMap((r) => r.problems.map((p) => ({ reason: `${r.offer}: ${p.message}` }))),
    );
  }
  // Ctrl-C stopped it between chunks: the offers after those were not touched.
  const interrupted = outcome.cancelled === true;
  const human = [
    ...(interrupted
      ? [
          `Interrupted after ${outcome.changed} of ${offersWord(labels.size)}; the rest are as they were. \`seller-desk undo\` takes back what was applied.`,
        ]
      : []),
    done,
    ...(refused.length > 0 ? [`Refused (${refused.length}), left as they were:`, ...lines] : []),
  ].join('\n');
  return {
    data: {
      changed: outcome.changed,
      offers: outcome.changedIds.map((id) => labels.get(id) ?? null),
      ...data,
      refused,
      ...(interrupted && { interrupted: true, asked: labels.size }),
    },
    human,
    exitCode: interrupted
      ? ExitCode.Interrupted
      : refused.length > 0
        ? ExitCode.NeedsAttention
        : ExitCode.Done,
  };
}

/** The one offer a command was about, or null when it was about several. */
function onlyOne(names: Map<number, string>, localIds: readonly number[]): string | null {
  return localIds.length === 1 ? (names.get(localIds[0]!) ?? null) : null;
}

function offersWord(n: number, label?: string): string {
  return n === 1 && label ? `offer ${label}` : `${n} offer${n === 1 ? '' : 's'}`;
}

const PUSH_HINT = 'Run `seller-desk push` to send';

/** STATUS first; `offers set-status ID STATUS` (one offer, the older order) is still understood. */
function statusAndRefs(args: string[]): { statusText: string; refs: string[] } {
  const isStatus = (text: string) => /^\d$/.test(text);
  if (args.length === 2 && !isStatus(args[0]!) && /^\d+$/.test(args[1]!)) {
    return { statusText: args[1]!, refs: [args[0]!] };
  }
  return { statusText: args[0]!, refs: args.slice(1) };
}

/**
 * `--dry-run`: the consequences the app's preview shows, as lines (before → after, the review
 * warning, what is left out and why), and nothing queued. Exit 0: nothing went wrong.
 */
function dryRun(
  ctx: CommandContext,
  localIds: number[],
  change: BulkChange,
  putOnSale = false,
): CommandOutcome {
  const preview: ChangePreview = previewChange(ctx.profile(), {
    offers: { localIds },
    change,
  });
  const choices = choiceNotes(preview, putOnSale);
  const more = (shown: number, total: number) =>
    total > shown ? [`  … and ${total - shown} more`] : [];
  const human = [
    `Dry run: ${offersWord(preview.changing)} would change, ${preview.leftOutCount} left out; nothing was queued.`,
    ...(preview.rule ? [preview.rule] : []),
    ...preview.changes.map((c) => `  ${c.offer}: ${c.before} → ${c.after}`),
    ...more(preview.changes.length, preview.changing),
    ...preview.warnings.flatMap((w) => [w, ...preview.toReview.map((name) => `  ${name}`)]),
    ...choices,
    ...(preview.leftOutCount > 0 ? ['Left out:'] : []),
    ...preview.leftOut.map((l) => `  ${l.offer}: ${l.reason}`),
    ...more(preview.leftOut.length, preview.leftOutCount),
  ].join('\n');
  const strip = <T extends { localId: number }>({ localId: _l, ...rest }: T) => rest;
  return {
    data: {
      dryRun: true,
      selected: preview.selected,
      changing: preview.changing,
      leftOutCount: preview.leftOutCount,
      toReviewCount: preview.toReviewCount,
      toSaleCount: preview.toSaleCount,
      belowCostCount: preview.belowCostCount,
      rule: preview.rule,
      warnings: [...preview.warnings, ...choices],
      changes: preview.changes.map(strip),
      leftOut: preview.leftOut.map(strip),
      toReview: preview.toReview,
    },
    human,
    exitCode: ExitCode.Done,
  };
}

/**
 * The sentences about what the seller chooses, as the app's preview says them: the Not Active gold
 * offers kept Not Active (or, with --put-on-sale, back on sale), and prices below cost.
 */
function choiceNotes(
  preview: { toSaleCount: number; belowCostCount: number },
  putOnSale: boolean,
): string[] {
  return [
    onSaleWarningIn(preview.toSaleCount, !putOnSale, 'en'),
    belowCostIn(preview.belowCostCount, 'en'),
  ].filter((line): line is string => line !== null);
}

/** How the command line confirms prices below cost, for the use case's refusal. */
const BELOW_COST_HOW = 'Run it again with --allow-below-cost to apply it anyway.';

/** The review warning after a change was queued (the same sentence the preview shows). */
function reviewNote(preview: ChangePreview | null): string[] {
  return preview?.warnings ?? [];
}

const setStatusCommand: CommandHandler = async (ctx, call) => {
  const { statusText, refs } = statusAndRefs(call.args);
  const status = Number(statusText);
  if (!/^\d+$/.test(statusText) || !(sellerStatuses as readonly number[]).includes(status)) {
    throw usageError(
      `STATUS must be one of 1 (Draft), 2 (Active), 3 (Not Active), 5 (On Review); got "${statusText}".`,
      'offers set-status',
    );
  }
  const localIds = selectedIds(ctx, call, refs);
  if (call.options['dry-run'] === true) return dryRun(ctx, localIds, { kind: 'status', status });
  const names = labelsOf(ctx, localIds);
  const outcome = await setStatus(
    ctx.profile(),
    { offers: { localIds }, status },
    bulkJob(ctx, 'Changing status', localIds.length),
  );
  const first = names.get(outcome.changedIds[0]!);
  // An offer already in that status is no refusal: a script that sets it twice still succeeds.
  const already = outcome.unchanged.map((u) => names.get(u.localId) ?? u.offer);
  const alreadyLine =
    already.length > 0 ? `Already ${statusName(status)}: ${already.join(', ')}.` : '';
  // Told, not enforced: the marketplace's rules for these are not published.
  const expected = outcome.expected.map((e) => ({ offer: e.offer, reason: e.reason }));
  const expectedLines =
    expected.length > 0
      ? [
          'Queued anyway; the marketplace decides (its rules here are not published):',
          ...expected.map((e) => `  ${e.offer}: ${e.reason}`),
        ].join('\n')
      : '';
  const done =
    outcome.changed === 0 && outcome.refused.length === 0
      ? `Nothing to do: ${offersWord(already.length, already[0])} already ${statusName(status)}.`
      : [
          `Queued: ${offersWord(outcome.changed, first)} → ${statusName(status)}. ${PUSH_HINT} ${outcome.changed === 1 ? 'it' : 'them'}.`,
          alreadyLine,
          expectedLines,
        ]
          .filter(Boolean)
          .join('\n');
  return bulkOutcome(
    `go to ${statusName(status)}`,
    names,
    outcome,
    // `id` and `queued` as when the command took one offer (README: fields are only added).
    {
      id: onlyOne(names, localIds),
      status,
      queued: outcome.changed > 0,
      unchanged: already,
      expected,
    },
    done,
  );
};

const deleteCommand: CommandHandler = async (ctx, call) => {
  const localIds = selectedIds(ctx, call, call.args);
  if (call.options['dry-run'] === true) return dryRun(ctx, localIds, { kind: 'delete' });
  // Read before: an offer never sent is gone once deleted.
  const names = labelsOf(ctx, localIds);
  const outcome = await deleteOffers(
    ctx.profile(),
    { offers: { localIds } },
    bulkJob(ctx, 'Deleting', localIds.length),
  );
  const cancelled = new Set(outcome.cancelledIds);
  const queued = outcome.changedIds.filter((id) => !cancelled.has(id));
  const single = outcome.changed === 1 ? names.get(outcome.changedIds[0]!) : undefined;
  const done =
    single !== undefined
      ? cancelled.size === 1
        ? `Offer ${single} was never sent: removed from the queue.`
        : `Queued: delete offer ${single}. ${PUSH_HINT} it.`
      : [
          queued.length > 0 && `Queued: delete ${offersWord(queued.length)}. ${PUSH_HINT} them.`,
          cancelled.size > 0 && `${offersWord(cancelled.size)} never sent: removed from the queue.`,
        ]
          .filter(Boolean)
          .join('\n');
  return bulkOutcome(
    'be deleted',
    names,
    outcome,
    {
      // `id` and `result` as when the command took one offer (README: fields are only added).
      id: onlyOne(names, localIds),
      result:
        localIds.length === 1 && outcome.changed === 1
          ? cancelled.size === 1
            ? 'cancelled'
            : 'queued'
          : null,
      queued: queued.map((id) => names.get(id) ?? null),
      cancelled: outcome.cancelledIds.map((id) => names.get(id) ?? null),
    },
    done,
  );
};

const changePriceCommand: CommandHandler = async (ctx, call) => {
  const percent = call.options.percent as string | undefined;
  const amount = call.options.amount as string | undefined;
  if ((percent === undefined) === (amount === undefined)) {
    throw usageError('Give exactly one of --percent N or --amount N.', 'offers change-price');
  }
  const mode = percent !== undefined ? 'percent' : 'amount';
  const value = decimalOption(mode, (percent ?? amount)!, 'offers change-price');
  const localIds = selectedIds(ctx, call, call.args);
  const putOnSale = call.options['put-on-sale'] === true;
  const allowBelowCost = call.options['allow-below-cost'] === true;
  if (call.options['dry-run'] === true) {
    return dryRun(ctx, localIds, { kind: 'price', mode, value }, putOnSale);
  }
  const names = labelsOf(ctx, localIds);
  // The review warning is worth saying after the fact too: those offers are now off sale once sent.
  const before = previewChange(ctx.profile(), {
    offers: { localIds },
    change: { kind: 'price', mode, value },
    limit: 20,
  });
  const outcome = await changePrice(
    ctx.profile(),
    { offers: { localIds }, mode, value, putOnSale, allowBelowCost, belowCostHow: BELOW_COST_HOW },
    bulkJob(ctx, 'Changing prices', localIds.length),
  );
  const notes = [...reviewNote(before), ...choiceNotes(before, putOnSale)];
  const change = priceChangeWords(mode, value);
  const first = outcome.changedIds[0];
  const done =
    outcome.changed === 1 && first !== undefined
      ? `Queued: offer ${names.get(first)} price ${outcome.prices.get(first)}. ${PUSH_HINT} it.`
      : `Queued: ${offersWord(outcome.changed)} price ${change}. ${PUSH_HINT} them.`;
  return bulkOutcome(
    'change price',
    names,
    outcome,
    {
      mode,
      value,
      prices: outcome.changedIds.map((id) => ({
        id: names.get(id) ?? null,
        price: outcome.prices.get(id) ?? null,
      })),
      warnings: notes,
      keptNotActive: outcome.keptPaused,
    },
    [done, ...notes].join('\n'),
  );
};

const setCostCommand: CommandHandler = async (ctx, call) => {
  const perUnit = call.options['per-unit'] as string | undefined;
  const clear = call.options.clear === true;
  if ((perUnit !== undefined) === clear) {
    throw usageError('Give exactly one of --per-unit X or --clear.', 'offers set-cost');
  }
  const cost = clear ? null : decimalOption('per-unit', perUnit!, 'offers set-cost');
  const localIds = selectedIds(ctx, call, call.args);
  const names = labelsOf(ctx, localIds);
  const { changed } = setOfferCost(ctx.profile(), { localIds, perUnit: cost });
  const who = offersWord(changed, onlyOne(names, localIds) ?? undefined);
  return {
    data: {
      changed,
      offers: localIds.map((id) => names.get(id) ?? null),
      perUnit: cost,
    },
    human:
      cost === null
        ? `Cost per unit forgotten for ${who}.`
        : `Cost per unit of ${who}: ${cost}. Kept in this profile only, never sent to the marketplace.`,
    exitCode: ExitCode.Done,
  };
};

const discardCommand: CommandHandler = async (ctx, call) => {
  const localIds = resolveOfferRefs(ctx.profile(), call.args);
  const names = labelsOf(ctx, localIds);
  const outcome = await discardLocalChanges(
    ctx.profile(),
    { localIds },
    bulkJob(ctx, 'Discarding local changes', localIds.length),
  );
  const first = outcome.changedIds[0];
  const done =
    outcome.changed === 1 && first !== undefined
      ? `Discarded the local changes of offer ${names.get(first)}.`
      : `Discarded the local changes of ${offersWord(outcome.changed)}.`;
  return bulkOutcome('be discarded', names, outcome, {}, done);
};

const retryCommand: CommandHandler = async (ctx, call) => {
  const localIds = resolveOfferRefs(ctx.profile(), call.args);
  const names = labelsOf(ctx, localIds);
  const outcome = retryRefused(ctx.profile(), { localIds });
  const first = outcome.changedIds[0];
  const done =
    outcome.changed === 1 && first !== undefined
      ? `Offer ${names.get(first)}: what the marketplace refused goes again with the next push.`
      : `${offersWord(outcome.changed)}: what the marketplace refused goes again with the next push.`;
  return bulkOutcome('be retried', names, outcome, {}, done);
};

const dismissCommand: CommandHandler = async (ctx, call) => {
  const localIds = resolveOfferRefs(ctx.profile(), call.args);
  const names = labelsOf(ctx, localIds);
  const outcome = dismissRefusal(ctx.profile(), { localIds });
  const first = outcome.changedIds[0];
  const done =
    outcome.changed === 1 && first !== undefined
      ? `Offer ${names.get(first)}: the refused change is dropped.`
      : `${offersWord(outcome.changed)}: the refused changes are dropped.`;
  return bulkOutcome('be dismissed', names, outcome, {}, done);
};

function keepOption(name: string, raw: unknown): 'mine' | 'theirs' {
  if (raw === 'mine' || raw === 'theirs') return raw;
  throw usageError(`--${name} is mine or theirs, got "${String(raw)}".`, 'offers resolve');
}

const resolveCommand: CommandHandler = async (ctx, call) => {
  const field = call.options.field as string | undefined;
  const keep = call.options.keep;
  const all = call.options.all;
  if (all !== undefined && (field !== undefined || keep !== undefined)) {
    throw usageError(
      'Give --all mine|theirs, or --field NAME --keep mine|theirs.',
      'offers resolve',
    );
  }
  if (all === undefined && (field === undefined || keep === undefined)) {
    throw usageError(
      'Give --field NAME --keep mine|theirs (one field), or --all mine|theirs.',
      'offers resolve',
    );
  }
  const seller = ctx.profile();
  const localId = resolveOfferRef(seller, call.args[0]!);
  const resolved =
    all !== undefined
      ? resolveConflict(seller, { localId, all: keepOption('all', all) })
      : resolveConflict(seller, { localId, field: field!, choice: keepOption('keep', keep) });
  const offer = requireOffer(seller, localId);
  const id = offerLabel(offer);
  const whose =
    resolved.choice === 'mine' ? 'your value (sent by the next push)' : "the marketplace's value";
  const left = offer.conflicts.map((c) => c.field);
  return {
    data: {
      id,
      keep: resolved.choice,
      resolved: resolved.fields,
      conflictsLeft: left,
      syncState: offer.syncState,
    },
    human: [
      `Offer ${id}: kept ${whose} for ${resolved.fields.join(', ')}.`,
      ...(left.length > 0 ? [`Conflicts left: ${left.join(', ')}.`] : []),
    ].join('\n'),
    exitCode: left.length > 0 ? ExitCode.NeedsAttention : ExitCode.Done,
  };
};

const undoCommand: CommandHandler = async (ctx) => {
  const undone = undoLastStep(ctx.profile());
  return {
    data: { undone: undone.label, offers: undone.offers },
    human: `Undone: ${undone.label} (${offersWord(undone.offers)} as before, nothing left to send for it).`,
    exitCode: ExitCode.Done,
  };
};

export const offerCommands: Record<string, CommandHandler> = {
  undo: undoCommand,
  'offers list': listOffersCommand,
  'offers show': showOffer,
  'offers import': importOffers,
  'offers export': exportOffers,
  'offers set-status': setStatusCommand,
  'offers delete': deleteCommand,
  'offers change-price': changePriceCommand,
  'offers set-cost': setCostCommand,
  'offers discard': discardCommand,
  'offers retry': retryCommand,
  'offers dismiss': dismissCommand,
  'offers resolve': resolveCommand,
};
