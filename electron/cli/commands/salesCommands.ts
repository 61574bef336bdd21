// `sales`: units sold and estimated revenue from the sales history each sync keeps
// (core/usecases/sales), per offer, with the totals.
import { durationMs } from '../../core/usecases/activity';
import { ESTIMATE_NOTE, salesReport } from '../../core/usecases/sales';
import type { CommandHandler } from '../commandTypes';
import { ExitCode } from '../exitCodes';
import { formatTable } from '../table';

const DEFAULT_SINCE = '30d';

const money = (n: number): string => n.toFixed(2);

const sales: CommandHandler = async (ctx, call) => {
  const since = (call.options.since as string | undefined) ?? DEFAULT_SINCE;
  const now = ctx.clock.now();
  const report = salesReport(ctx.profile(), {
    since: now - durationMs(since),
    now,
    bucket: call.options.weekly ? 'week' : 'day',
    ...(call.options.product !== undefined && { productId: call.options.product as number }),
  });
  const data = {
    since: report.since,
    until: report.until,
    bucket: report.bucket,
    totals: report.totals,
    offers: report.offers.map((o) => ({
      id: o.id,
      name: o.name,
      productId: o.productId,
      unitsSold: o.unitsSold,
      revenue: o.revenue,
      lastSaleAt: o.lastSaleAt,
    })),
    products: report.products,
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
          { title: 'UNITS', value: (o) => String(o.unitsSold), align: 'right' },
          { title: 'REVENUE (EST.)', value: (o) => money(o.revenue), align: 'right' },
        ],
        report.offers,
      ),
    );
    lines.push('');
    lines.push(
      `Total in the last ${since}: ${report.totals.unitsSold} units, about ${money(report.totals.revenue)} (estimated).`,
    );
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

export const salesCommands: Record<string, CommandHandler> = { sales };
