// `stock`: account offers' credentials left on the marketplace and their low-stock levels
// (core/usecases/stock); `stock set` changes an offer's level.
import {
  STOCK_ESTIMATE_NOTE,
  setStockThreshold,
  stockReport,
  uncertainAccounts,
  type OfferStock,
} from '../../core/usecases/stock';
import { unsureLine } from './unsureCommands';
import type { CommandHandler } from '../commandTypes';
import { ExitCode } from '../exitCodes';
import { offerLabel, resolveOfferRef, statusName } from '../offerRefs';
import { formatTable } from '../table';

/** Why an offer is or is not low: the level, the pool that tops it up, a hidden offer. */
function note(o: OfferStock): string {
  if (o.soldOut) return 'SOLD OUT';
  return [
    o.low ? 'LOW' : '',
    o.hiddenStatus !== null ? `HIDDEN (${statusName(o.hiddenStatus)}): not on sale` : '',
    o.backedByPool ? `at its level; the pool tops it up to ${o.keep}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

const stock: CommandHandler = async (ctx) => {
  const offers = stockReport(ctx.profile());
  const unsure = uncertainAccounts(ctx.profile());
  const data = {
    offers: offers.map((o) => ({
      id: offerLabel({ serverId: o.id, localId: o.localId }),
      name: o.title,
      credentialsLeft: o.credentialsLeft,
      estimate: o.estimate,
      threshold: o.threshold,
      low: o.low,
      soldOut: o.soldOut,
      pool: o.pool,
      keep: o.keep,
      hidden: o.hiddenStatus === null ? null : statusName(o.hiddenStatus),
      backedByPool: o.backedByPool,
      uncertain: o.uncertain,
    })),
    uncertain: unsure.map((u) => ({
      id: offerLabel({ serverId: u.id, localId: u.localId }),
      name: u.title,
      accounts: u.accounts,
    })),
    estimate: STOCK_ESTIMATE_NOTE,
  };
  const left = (o: (typeof offers)[number]): string =>
    o.soldOut
      ? 'sold out'
      : o.credentialsLeft === null
        ? 'unknown'
        : `${o.estimate ? '~' : ''}${o.credentialsLeft}`;
  const human =
    offers.length === 0 && unsure.length === 0
      ? 'No account offers with credentials.'
      : [
          formatTable(
            [
              {
                title: 'ID',
                value: (o) => offerLabel({ serverId: o.id, localId: o.localId }),
                align: 'right',
              },
              { title: 'OFFER', value: (o) => o.title, maxWidth: 40 },
              { title: 'LEFT', value: left, align: 'right' },
              { title: 'LOW AT', value: (o) => String(o.threshold), align: 'right' },
              {
                title: 'POOL',
                value: (o) => (o.keep > 0 || o.pool > 0 ? `${o.pool} (keep ${o.keep})` : ''),
                align: 'right',
              },
              { title: '', value: note },
            ],
            offers,
          ),
          ...unsure.map(unsureLine),
          '',
          STOCK_ESTIMATE_NOTE,
        ].join('\n');
  return { data, human, exitCode: ExitCode.Done };
};

const stockSet: CommandHandler = async (ctx, call) => {
  const profile = ctx.profile();
  const localId = resolveOfferRef(profile, String(call.options.offer));
  const threshold = call.options.threshold as number;
  setStockThreshold(profile, { localId, threshold });
  return {
    data: { offer: String(call.options.offer), threshold },
    human: `Offer ${String(call.options.offer)} counts as low on stock at ${threshold} credential${threshold === 1 ? '' : 's'} left or fewer.`,
    exitCode: ExitCode.Done,
  };
};

export const stockCommands: Record<string, CommandHandler> = { stock, 'stock set': stockSet };
