// `offers list|show|set-status|delete`, and the file commands from ./offerFiles. All of them work
// on the local data only: changes are queued and sent by `push`.
import { DraftRejected } from '../../core/store';
import { CliError } from '../cliError';
import type { CommandHandler } from '../commandTypes';
import { ExitCode } from '../exitCodes';
import { offerLabel, resolveOfferRef, statusName } from '../offerRefs';
import { formatFields, formatTable } from '../table';
import { exportOffers, importOffers } from './offerFiles';

const SELLER_STATUSES = [1, 2, 3, 5];
const PAGE = 500;

const listOffers: CommandHandler = async (ctx, call) => {
  const store = ctx.profile().store();
  const limit = call.options.limit as number | undefined;
  if (limit !== undefined && limit < 1) throw new CliError('usage', '--limit must be at least 1.');
  const query = {
    ...(call.options.status !== undefined && { status: call.options.status as number }),
    ...(call.options.product !== undefined && { productId: call.options.product as number }),
    ...(call.options.search !== undefined && { text: String(call.options.search) }),
    sort: { column: 'updated_at' as const, dir: 'desc' as const },
  };
  const rows = [];
  let total: number;
  for (let offset = 0; ; offset += PAGE) {
    const want = limit === undefined ? PAGE : Math.min(PAGE, limit - rows.length);
    const page = store.queryOffers({ ...query, offset, limit: want });
    total = page.total;
    rows.push(...page.rows);
    if (page.rows.length < want || (limit !== undefined && rows.length >= limit)) break;
  }
  const offers = rows.map((r) => ({ id: offerLabel(r), ...r }));
  const human =
    offers.length === 0
      ? 'No offers match.'
      : formatTable(
          [
            { title: 'ID', value: (r) => r.id, align: 'right' },
            { title: 'PRODUCT', value: (r) => r.productTitle, maxWidth: 24 },
            { title: 'NAME', value: (r) => r.outerName || r.internalName, maxWidth: 32 },
            { title: 'PRICE', value: (r) => r.pricePerStep, align: 'right' },
            { title: 'AMOUNT', value: (r) => r.amount, align: 'right' },
            { title: 'STATUS', value: (r) => statusName(r.status) },
            { title: 'SYNC', value: (r) => (r.pendingDelete ? 'delete queued' : r.syncState) },
          ],
          offers,
        ) + (total > offers.length ? `\n(${offers.length} of ${total} shown)` : '');
  return { data: { total, offers }, human, exitCode: ExitCode.Done };
};

const showOffer: CommandHandler = async (ctx, call) => {
  const store = ctx.profile().store();
  const localId = resolveOfferRef(store, call.args[0]!);
  const offer = store.getOffer(localId)!;
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
    for (const e of offer.outcome.fieldErrors) lines.push([`  ${e.field}`, e.messages.join('; ')]);
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

function rejected(error: unknown, what: string): never {
  if (error instanceof DraftRejected) {
    throw new CliError(
      'bad_input',
      `${what}: ${error.message}`,
      error.problems.map((p) => ({ column: p.field, reason: p.message })),
    );
  }
  throw error;
}

const setStatus: CommandHandler = async (ctx, call) => {
  const statusText = call.args[1]!;
  const status = Number(statusText);
  if (!/^\d+$/.test(statusText) || !SELLER_STATUSES.includes(status)) {
    throw new CliError(
      'usage',
      `STATUS must be one of 1 (Draft), 2 (Active), 3 (Not Active), 5 (On Review); got "${statusText}".`,
    );
  }
  const store = ctx.profile().store();
  const localId = resolveOfferRef(store, call.args[0]!);
  try {
    store.changeStatus(localId, status);
  } catch (error) {
    rejected(error, `Offer ${call.args[0]} cannot go to ${statusName(status)}`);
  }
  const id = offerLabel(store.getOffer(localId)!);
  return {
    data: { id, status, queued: true },
    human: `Queued: offer ${id} → ${statusName(status)}. Run \`seller-desk push\` to send it.`,
    exitCode: ExitCode.Done,
  };
};

const deleteOffer: CommandHandler = async (ctx, call) => {
  const store = ctx.profile().store();
  const localId = resolveOfferRef(store, call.args[0]!);
  const id = offerLabel(store.getOffer(localId)!);
  const result = store.deleteOffer(localId);
  return {
    data: { id, result },
    human:
      result === 'cancelled'
        ? `Offer ${id} was never sent: removed from the queue.`
        : `Queued: delete offer ${id}. Run \`seller-desk push\` to send it.`,
    exitCode: ExitCode.Done,
  };
};

export const offerCommands: Record<string, CommandHandler> = {
  'offers list': listOffers,
  'offers show': showOffer,
  'offers import': importOffers,
  'offers export': exportOffers,
  'offers set-status': setStatus,
  'offers delete': deleteOffer,
};
