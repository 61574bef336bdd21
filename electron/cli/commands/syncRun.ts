// `pull` and `push` through the sync engine: one run per profile at a time (runLock), progress
// on the terminal, and the run's summary turned into the exit code a script acts on.
import { CREDENTIALS_LOCKED_MESSAGE } from '../../core/secrets';
import { createSyncEngine, type SyncEngine, type SyncSummary } from '../../core/sync';
import { CliError } from '../cliError';
import { unreachableReason } from '../errorMapping';
import type { CommandContext, CommandHandler } from '../commandTypes';
import { ExitCode, type ExitCodeValue } from '../exitCodes';
import { offerLabel } from '../offerRefs';
import { watchReachability } from '../reachability';
import { formatFields } from '../table';

const phaseLabels = {
  resolve: 'checking unfinished sends',
  catalogue: 'pull catalogue',
  offers: 'pull offers',
  push: 'push',
} as const;

/** Offers the seller must look at, for the result (at most 50: `offers list` has the rest). */
function offersNeedingAttention(ctx: CommandContext) {
  const store = ctx.profile().store();
  const rows = [
    ...store.queryOffers({ syncState: 'conflict', limit: 50 }).rows,
    ...store.queryOffers({ syncState: 'attention', limit: 50 }).rows,
  ].slice(0, 50);
  return rows.map((r) => {
    const outcome = store.getOffer(r.localId)?.outcome;
    return {
      id: offerLabel(r),
      syncState: r.syncState,
      message:
        r.syncState === 'conflict'
          ? 'changed on the marketplace and here: choose per field in the app'
          : (outcome?.message ?? 'refused by the marketplace'),
      fieldErrors: outcome?.fieldErrors ?? [],
    };
  });
}

/**
 * Credentials this run could not open (the rest was sent): how many lists, and the one sentence
 * that says how to send them. Null when there are none.
 */
function credentialsHeld(
  ctx: CommandContext,
  summary: SyncSummary,
): { operations: number; message: string } | null {
  if (summary.credentialsHeld === 0) return null;
  const locked = ctx.profile().secretBox().locked;
  return {
    operations: summary.credentialsHeld,
    message:
      locked?.reason === 'locked'
        ? CREDENTIALS_LOCKED_MESSAGE
        : (summary.credentialsHeldReason ?? 'They could not be opened here.'),
  };
}

/** A push, then what the marketplace made of it (statuses it chose, ids): a cheap pull. */
async function pushThenRead(engine: SyncEngine, signal: AbortSignal): Promise<SyncSummary> {
  const pushed = await engine.push(signal);
  if (pushed.sent === 0 || pushed.error || pushed.unauthorized || pushed.cancelled) return pushed;
  const pulled = await engine.pull({}, signal);
  return {
    ...pulled,
    sent: pushed.sent,
    failed: pushed.failed,
    adopted: pushed.adopted,
    credentialsHeld: pushed.credentialsHeld,
    credentialsHeldReason: pushed.credentialsHeldReason,
  };
}

async function runSync(
  ctx: CommandContext,
  kind: 'pull' | 'push',
  full: boolean,
): Promise<{ summary: SyncSummary; exitCode: ExitCodeValue; data: unknown; human: string }> {
  const profile = ctx.profile();
  const store = profile.store();
  const watched = watchReachability(await profile.client());
  const signal = AbortSignal.any([ctx.signal, watched.signal]);
  let phase: string | null = null;
  const engine = createSyncEngine({
    store,
    client: watched.client,
    // Opened only if credentials are sent: a pull never creates a key.
    secretBox: {
      seal: (plain) => profile.secretBox().seal(plain),
      open: (sealed) => profile.secretBox().open(sealed),
    },
    limiter: profile.limiter(),
    clock: ctx.clock,
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
  });
  const summary =
    kind === 'pull'
      ? await engine.pull({ full, catalogue: true }, signal)
      : await pushThenRead(engine, signal);

  ctx.progress.finish();

  if (summary.unauthorized || watched.unauthorized) {
    throw new CliError(
      'unauthorized',
      'The marketplace refused the API token (401). Check SELLER_DESK_TOKEN or the token file; ' +
        `${summary.pending} queued operation(s) are kept.`,
    );
  }
  if (watched.unreachable || (watched.lastCallFailed && (summary.error || summary.pending > 0))) {
    throw new CliError(
      'unreachable',
      `${unreachableReason(watched.lastFailureKind)} (${watched.lastFailure ?? 'network error'}). ` +
        `${summary.sent} operation(s) were sent; ${summary.pending} are kept for the next push.`,
    );
  }
  if (summary.cancelled && ctx.signal.aborted) {
    throw new CliError(
      'interrupted',
      `Interrupted; ${summary.pending} queued operation(s) are kept.`,
    );
  }
  if (summary.error) throw new CliError('internal', `${kind} failed: ${summary.error}`);

  const counts = store.countOffers();
  const attention = offersNeedingAttention(ctx);
  const held = credentialsHeld(ctx, summary);
  const needsSeller = summary.conflicts + summary.needsAttention;
  const exitCode =
    needsSeller > 0 || (kind === 'push' && summary.pending > 0)
      ? ExitCode.NeedsAttention
      : ExitCode.Done;
  const data = {
    kind,
    sent: summary.sent,
    failed: summary.failed,
    conflicts: summary.conflicts,
    needsAttention: summary.needsAttention,
    adopted: summary.adopted,
    unauthorized: false,
    error: null,
    queuedOperations: summary.pending,
    credentialsHeld: held,
    offers: counts.total,
    bySyncState: counts.bySyncState,
    attention,
  };
  const human = [
    formatFields([
      [
        kind === 'push' ? 'sent' : 'requests',
        kind === 'push' ? summary.sent : summary.pullRequests,
      ],
      ...(kind === 'push' ? [['refused', summary.failed] as [string, number]] : []),
      ['offers', counts.total],
      ['still queued', summary.pending],
      ['conflicts', summary.conflicts],
      ['need attention', summary.needsAttention],
    ]),
    ...(attention.length
      ? [
          '',
          'Offers to look at:',
          ...attention.map((a) => `  ${a.id} (${a.syncState}): ${a.message}`),
        ]
      : []),
    ...(held ? ['', `${held.operations} credentials list(s) not sent. ${held.message}`] : []),
  ].join('\n');
  return { summary, exitCode, data, human };
}

export const pull: CommandHandler = async (ctx, call) => {
  const { data, human, exitCode } = await runSync(ctx, 'pull', call.options.full === true);
  return { data, human, exitCode };
};

export const push: CommandHandler = async (ctx) => {
  const { data, human, exitCode } = await runSync(ctx, 'push', false);
  return { data, human, exitCode };
};
