// `pull` and `push`: the sync use cases (core/usecases/sync) with progress on the terminal, told
// to give up on a marketplace that cannot be reached (a script's run must end), and their outcome
// turned into the exit code a script acts on.
import { pull as pullOffers, push as pushQueue, type SyncOutcome } from '../../core/usecases/sync';
import type { SyncRunOptions } from '../../core/usecases/sync';
import type { CommandContext, CommandHandler, CommandOutcome } from '../commandTypes';
import { ExitCode } from '../exitCodes';
import { offerLabel } from '../offerRefs';
import { formatFields } from '../table';
import { sellerProblem } from '../../contract/rules/fieldLabels';

const phaseLabels = {
  resolve: 'checking unfinished sends',
  catalogue: 'pull catalogue',
  offers: 'pull offers',
  push: 'push',
} as const;

function runOptions(ctx: CommandContext): SyncRunOptions {
  let phase: string | null = null;
  return {
    signal: ctx.signal,
    giveUpWhenUnreachable: true,
    onLockWait: (pid) =>
      ctx.output.note(
        `Another Seller Desk process (pid ${pid}) is syncing this data; waiting for it.`,
      ),
    onProgress: (p) => {
      if (p.waitingMs !== undefined) return; // the limiter's own hook draws waits
      if (p.phase !== phase) {
        phase = p.phase;
        ctx.progress.phase(phaseLabels[p.phase], p.total);
      }
      ctx.progress.update(p.done, p.total);
    },
  };
}

/** The `--json` result and the lines a person reads (README, "pull and push"). */
function present(kind: 'pull' | 'push', outcome: SyncOutcome): CommandOutcome {
  const attention = outcome.attention.map((a) => ({
    id: offerLabel(a),
    syncState: a.syncState,
    message: a.message,
    fieldErrors: a.fieldErrors,
  }));
  const held = outcome.credentialsHeld;
  const needsSeller = outcome.conflicts + outcome.needsAttention;
  const exitCode =
    needsSeller > 0 || (kind === 'push' && outcome.queuedOperations > 0)
      ? ExitCode.NeedsAttention
      : ExitCode.Done;
  const data = {
    kind,
    sent: outcome.sent,
    failed: outcome.failed,
    conflicts: outcome.conflicts,
    needsAttention: outcome.needsAttention,
    adopted: outcome.adopted,
    unauthorized: false,
    error: null,
    queuedOperations: outcome.queuedOperations,
    credentialsHeld: held,
    offers: outcome.offers,
    bySyncState: outcome.bySyncState,
    attention,
  };
  const human = [
    formatFields([
      [
        kind === 'push' ? 'sent' : 'requests',
        kind === 'push' ? outcome.sent : outcome.pullRequests,
      ],
      ...(kind === 'push' ? [['refused', outcome.failed] as [string, number]] : []),
      ['offers', outcome.offers],
      ['still queued', outcome.queuedOperations],
      ['conflicts', outcome.conflicts],
      ['need attention', outcome.needsAttention],
    ]),
    ...(attention.length
      ? [
          '',
          'Offers to look at:',
          ...attention.flatMap((a) => [
            `  ${a.id} (${a.syncState}): ${a.message}`,
            // Each refused field by the label the app's form shows, not the API's key.
            ...a.fieldErrors.flatMap((e) =>
              e.messages.map((m) => `    ${sellerProblem({ field: e.field, message: m })}`),
            ),
          ]),
        ]
      : []),
    ...(held ? ['', `${held.operations} credentials list(s) not sent. ${held.message}`] : []),
  ].join('\n');
  return { data, human, exitCode };
}

export const pull: CommandHandler = async (ctx, call) => {
  const outcome = await pullOffers(
    ctx.profile(),
    { full: call.options.full === true },
    runOptions(ctx),
  );
  ctx.progress.finish();
  return present('pull', outcome);
};

export const push: CommandHandler = async (ctx) => {
  const outcome = await pushQueue(ctx.profile(), runOptions(ctx));
  ctx.progress.finish();
  return present('push', outcome);
};
