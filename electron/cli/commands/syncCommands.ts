// `status` (offline: what the local data holds and what is waiting), `pull` and `push`.
import { limits } from '../../contract/marketplace/limits';
import { formatDuration } from '../../core/limits/pause';
import type { CommandHandler } from '../commandTypes';
import { ExitCode } from '../exitCodes';
import { statusName } from '../offerRefs';
import { formatFields, formatTable } from '../table';
import { pull, push } from './syncRun';

const status: CommandHandler = async (ctx) => {
  const profile = ctx.profile();
  const store = profile.store();
  const counts = store.countOffers();
  const lastRun = store.recentSyncRuns(1)[0] ?? null;
  const budget = profile.limiter().budget();
  const windowMs = ctx.globals.windowMs ?? limits.windowMs;
  const data = {
    baseUrl: ctx.baseUrl,
    dataFile: profile.file,
    offers: counts.total,
    byStatus: counts.byStatus,
    bySyncState: counts.bySyncState,
    queuedOperations: counts.outbox,
    lastSync: lastRun && {
      kind: lastRun.kind,
      startedAt: new Date(lastRun.startedAt).toISOString(),
      finishedAt: lastRun.finishedAt === null ? null : new Date(lastRun.finishedAt).toISOString(),
      sent: lastRun.sent,
      failed: lastRun.failed,
      conflicts: lastRun.conflicts,
      needsAttention: lastRun.needsAttention,
      unauthorized: lastRun.unauthorized,
      error: lastRun.error ?? null,
    },
    rateBudget: { ...budget, windowMs },
  };
  const needsSeller = counts.bySyncState.attention + counts.bySyncState.conflict;
  const human = [
    formatFields([
      ['marketplace', ctx.baseUrl],
      ['data file', profile.file],
      ['offers', counts.total],
      ['queued operations', counts.outbox],
      [
        'last sync',
        lastRun
          ? `${data.lastSync!.finishedAt ?? `${data.lastSync!.startedAt} (did not finish)`}: ` +
            `${lastRun.kind}, ${lastRun.sent} sent, ${lastRun.failed} failed` +
            (lastRun.unauthorized ? ', token refused' : '') +
            (lastRun.error ? ` (${lastRun.error})` : '')
          : 'never',
      ],
      [
        'rate budget',
        `${budget.requestsLeft}/${limits.requestsPerWindow} requests, ` +
          `${budget.manageOffersLeft}/${limits.manageOffersPerWindow} offers, ` +
          `${budget.attachLeft}/${limits.attachPerWindow} screenshot links left in the window`,
      ],
      [
        'next request',
        budget.nextRoomInMs > 0 ? `in ${formatDuration(budget.nextRoomInMs)}` : 'now',
      ],
    ]),
    '',
    formatTable(
      [
        { title: 'SERVER STATUS', value: (r: [string, number]) => r[0] },
        { title: 'OFFERS', value: (r) => r[1], align: 'right' },
      ],
      Object.entries(counts.byStatus).map(([s, n]): [string, number] => [
        s === 'none' ? 'not sent yet' : statusName(Number(s)),
        n,
      ]),
    ),
    '',
    formatTable(
      [
        { title: 'SYNC STATE', value: (r: [string, number]) => r[0] },
        { title: 'OFFERS', value: (r) => r[1], align: 'right' },
      ],
      Object.entries(counts.bySyncState),
    ),
  ].join('\n');
  return {
    data,
    human,
    exitCode: needsSeller > 0 ? ExitCode.NeedsAttention : ExitCode.Done,
  };
};

export const syncCommands: Record<string, CommandHandler> = {
  pull,
  push,
  status,
};
