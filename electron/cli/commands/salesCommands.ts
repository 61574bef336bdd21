// `sales`: units sold, estimated revenue, commission, cost and net from the sales each sync
// records (core/usecases/sales), per offer, with the totals.
import { durationMs } from '../../core/usecases/activity';
import {
  DEFAULT_DEAD_DAYS,
  ESTIMATE_NOTE,
  deadStock,
  salesReport,
  type SalesBucket,
  type SalesTotalsByKind,
} from '../../core/usecases/sales';
import { usageError } from '../cliError';
import type { CommandHandler } from '../commandTypes';
import { ExitCode } from '../exitCodes';
import { formatTable } from '../table';

const DEFAULT_SINCE = '30d';

const money = (n: number): string => n.toFixed(2);
const percent = (n: number | null): string => (n === null ? '–' : `${n.toFixed(1)} %`);

function bucketOf(call: Parameters<CommandHandler>[1]): SalesBucket {
  if (call.options.weekly && call.options.monthly) {
    throw usageError('Give --weekly or --monthly, not both.', 'sales');
  }
  return call.options.monthly ? 'month' : call.options.weekly ? 'week' : 'day';
}

/** "402 units, 2 accounts": gold units and accounts are never added up in words. */
function unitsWords(totals: SalesTotalsByKind): string {
  const parts = [
    totals.gold.units > 0 ? `${totals.gold.units} unit${totals.gold.units === 1 ? '' : 's'}` : '',
    totals.accounts.units > 0
      ? `${totals.accounts.units} account${totals.accounts.units === 1 ? '' : 's'}`
      : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : '0 units';
}

const sales: CommandHandler = async (ctx, call) => {
  const since = (call.options.since as string | undefined) ?? DEFAULT_SINCE;
  const now = ctx.clock.now();
  const report = salesReport(ctx.profile(), {
    since: now - durationMs(since),
    now,
    bucket: bucketOf(call),
    ...(call.options.product !== undefined && { productId: call.options.product as number }),
  });
  const data = {
    since: report.since,
    until: report.until,
    bucket: report.bucket,
    totals: report.totals,
    offers: report.offers,
    topByNet: report.topByNet,
    products: report.products,
    suppliers: report.suppliers,
    series: report.series,
    stopped: report.stopped,
    estimate: ESTIMATE_NOTE,
  };
  const lines: string[] = [];
  if (!report.hasHistory) {
    lines.push('No sales history yet: it starts with the next sync.');
  } else if (report.offers.length === 0) {
    lines.push(`No sales seen in the last ${since}.`);
  } else {
    lines.push(
      formatTable(
        [
          { title: 'ID', value: (o) => String(o.id), align: 'right' },
          { title: 'OFFER', value: (o) => o.name, maxWidth: 40 },
          {
            title: 'SOLD',
            value: (o) => `${o.units} ${o.kind === 'account' ? 'acc.' : 'units'}`,
            align: 'right',
          },
          { title: 'REVENUE (EST.)', value: (o) => money(o.revenue), align: 'right' },
          { title: 'COMMISSION', value: (o) => money(o.commission), align: 'right' },
          {
            title: 'COST',
            value: (o) => (o.unitsWithoutCost > 0 ? `${money(o.cost)}*` : money(o.cost)),
            align: 'right',
          },
          { title: 'NET', value: (o) => money(o.net), align: 'right' },
          { title: 'MARGIN', value: (o) => percent(o.margin), align: 'right' },
        ],
        report.offers,
      ),
    );
    lines.push('');
    const t = report.totals;
    lines.push(
      `Total in the last ${since}: ${unitsWords(t)}; revenue about ${money(t.revenue)} ` +
        `(estimated), commission ${money(t.commission)}, cost ${money(t.cost)}, ` +
        `net ${money(t.net)} (margin ${percent(t.margin)}).`,
    );
    if (t.unitsWithoutCost > 0) {
      lines.push(
        `* ${t.unitsWithoutCost} sold with no cost known: their net leaves the cost out. ` +
          'Set one with `seller-desk offers set-cost` or `credentials pool add --cost`.',
      );
    }
  }
  if (report.stopped.length > 0) {
    lines.push(
      `Stopped selling (sold before, nothing in the last ${since}): ${report.stopped
        .map((s) => `${s.id} ${s.name}`.trim())
        .join(', ')}`,
    );
  }
  if (report.hasHistory) lines.push(ESTIMATE_NOTE);
  return { data, human: lines.join('\n'), exitCode: ExitCode.Done };
};

/** `sales dead-stock`: offers with no sale in N days, their stock and its cost. */
const salesDeadStock: CommandHandler = async (ctx, call) => {
  const days = (call.options.days as number | undefined) ?? DEFAULT_DEAD_DAYS;
  const report = deadStock(ctx.profile(), { days, now: ctx.clock.now() });
  const lines: string[] = [];
  if (report.offers.length === 0) {
    lines.push(`Every offer with stock sold something in the last ${days} days.`);
  } else {
    lines.push(
      formatTable(
        [
          { title: 'ID', value: (o) => String(o.id), align: 'right' },
          { title: 'OFFER', value: (o) => o.name, maxWidth: 40 },
          {
            title: 'STOCK',
            value: (o) =>
              `${o.stock}${o.stockUnknown ? '+' : ''} ${o.kind === 'account' ? 'acc.' : 'units'}`,
            align: 'right',
          },
          {
            title: 'COST TIED UP',
            value: (o) => (o.cost === null ? 'no cost set' : money(o.cost)),
            align: 'right',
          },
          {
            title: 'LAST SALE',
            value: (o) => (o.lastSaleAt === null ? 'never' : o.lastSaleAt.slice(0, 10)),
          },
        ],
        report.offers,
      ),
    );
    const t = report.totals;
    lines.push('');
    lines.push(
      `${t.offers} offer${t.offers === 1 ? '' : 's'} sold nothing in the last ${days} days; ` +
        `cost tied up ${money(t.cost)}` +
        (t.withoutCost > 0 ? ` (${t.withoutCost} with no cost set, not counted).` : '.'),
    );
    if (report.offers.some((o) => o.stockUnknown)) {
      lines.push(
        '+ the marketplace holds more credentials of this offer than Seller Desk can count.',
      );
    }
  }
  return { data: report, human: lines.join('\n'), exitCode: ExitCode.Done };
};

export const salesCommands: Record<string, CommandHandler> = {
  sales,
  'sales dead-stock': salesDeadStock,
};
