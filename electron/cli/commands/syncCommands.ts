// `status` (offline: what the local data holds and what is waiting), `pull` and `push`, each over
// its use case in core/usecases/sync.
import { limits } from '../../contract/marketplace/limits';
import { formatDuration } from '../../core/limits/pause';
import { status as profileStatus } from '../../core/usecases/sync';
import type { CommandHandler } from '../commandTypes';
import { ExitCode } from '../exitCodes';
import { offerLabel, statusName } from '../offerRefs';
import { unsureLine } from './unsureCommands';
import { formatFields, formatTable } from '../table';
import { pull, push } from './syncRun';

/** "15:42:07": the local time of day a wait ends. */
const clockTime = (ms: number) => new Date(ms).toLocaleTimeString('en-GB', { hour12: false });

const status: CommandHandler = async (ctx) => {
  const current = profileStatus(ctx.profile());
  const lastRun = current.lastSync;
  const budget = current.rateBudget;
  const windowMs = ctx.globals.windowMs ?? limits.windowMs;
  const data = {
    profile: ctx.profileName(),
    baseUrl: current.baseUrl,
    dataFile: current.dataFile,
    offers: current.offers,
    byStatus: current.byStatus,
    bySyncState: current.bySyncState,
    queuedOperations: current.queuedOperations,
    changesToSend: current.changesToSend,
    needsSeller: current.needsSeller,
    lastSync: lastRun && {
      kind: lastRun.kind,
      startedAt: new Date(lastRun.startedAt).toISOString(),
      finishedAt: lastRun.finishedAt === null ? null : new Date(lastRun.finishedAt).toISOString(),
      sent: lastRun.sent,
      failed: lastRun.failed,
      conflicts: lastRun.conflicts,
      needsAttention: lastRun.needsAttention,
      unauthorized: lastRun.unauthorized,
      error: lastRun.error,
    },
    rateBudget: { ...budget, windowMs },
    waiting: current.waiting && {
      offers: current.waiting.offers,
      until: new Date(current.waiting.untilMs).toISOString(),
    },
    uncertain: current.uncertain.map((u) => ({
      id: offerLabel({ serverId: u.id, localId: u.localId }),
      name: u.title,
      accounts: u.accounts,
    })),
  };
  // While the rate limit holds them, offers "sending" are waiting: said so, with until when.
  const waitingWords = current.waiting
    ? `waiting until ${clockTime(current.waiting.untilMs)} (in ${formatDuration(current.waiting.untilMs - Date.now())}): the marketplace's rate limit`
    : null;
  const human = [
    formatFields([
      ['profile', ctx.profileName() ?? '(none yet)'],
      ['marketplace', current.baseUrl],
      ['data file', current.dataFile],
      ['offers', current.offers],
      // The app's unit: offers with unsent changes (one offer may make several requests).
      ['changes to send', current.changesToSend],
      ...(waitingWords ? [['sending', waitingWords] as [string, string]] : []),
      ['needs attention', current.needsSeller],
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
      Object.entries(current.byStatus).map(([s, n]): [string, number] => [
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
      Object.entries(current.bySyncState).map(([state, n]): [string, number] => [
        state === 'sending' && waitingWords ? `waiting (${waitingWords})` : state,
        n,
      ]),
    ),
    ...(current.uncertain.length > 0 ? ['', ...current.uncertain.map(unsureLine)] : []),
  ].join('\n');
  return {
    data,
    human,
    exitCode: current.needsSeller > 0 ? ExitCode.NeedsAttention : ExitCode.Done,
  };
};

export const syncCommands: Record<string, CommandHandler> = {
  pull,
  push,
  status,
};
