// `watch`: the profile kept up to date until SIGINT or SIGTERM (core/usecases/watch), one status
// line per round. Its minute is the marketplace's: with --window-ms (the sandbox's scaled minute)
// rounds and retries scale with it.
import {
  MINUTE_MS,
  scaledRetryDelays,
  watchEveryMs,
  watchProfile,
  type RoundReport,
} from '../../core/usecases/watch';
import type { CommandHandler } from '../commandTypes';
import { alertContext } from './alertCommands';
import { ExitCode } from '../exitCodes';

const iso = (ms: number) => new Date(ms).toISOString();
const clockTime = (ms: number) => iso(ms).slice(11, 19);

const unreachableWords = {
  no_network: 'no network on this computer',
  not_answering: 'the marketplace does not answer',
  marketplace_error: 'the marketplace answered with an error',
} as const;

/** The round in one line: when, how it ended, what it did, what it spent, when the next comes. */
export function statusLine(r: RoundReport): string {
  return roundWords(r) + alertWords(r);
}

function alertWords(r: RoundReport): string {
  if (!r.alerts || !(r.alerts.sent || r.alerts.retrying || r.alerts.failed)) return '';
  return (
    ` [alerts: ${r.alerts.sent} sent` +
    (r.alerts.retrying ? `, ${r.alerts.retrying} to retry` : '') +
    (r.alerts.failed ? `, ${r.alerts.failed} given up` : '') +
    ']'
  );
}

function roundWords(r: RoundReport): string {
  const head = `${iso(r.endedAt)} round ${r.round}:`;
  const next = r.nextAt === null ? '' : `; next at ${clockTime(r.nextAt)}`;
  const spent = `${r.requests} request${r.requests === 1 ? '' : 's'} (${r.rateLimited} × 429)`;
  const kept = `${r.toSend} offer${r.toSend === 1 ? '' : 's'} to send`;
  switch (r.state) {
    case 'online':
      return (
        `${head} online; sent ${r.sent}, ${kept}, ${r.needsSeller} need${r.needsSeller === 1 ? 's' : ''} you; ` +
        `${spent}${next}`
      );
    case 'token_refused':
      return (
        `${head} TOKEN REFUSED by the marketplace: replace the token (its file or SELLER_DESK_TOKEN); ` +
        `${kept} kept; asking again${next}`
      );
    case 'unreachable':
      return `${head} cannot reach the marketplace (${unreachableWords[r.unreachable ?? 'not_answering']}); ${kept} kept; ${spent}; retry${next}`;
    case 'failed':
      return `${head} failed: ${r.message ?? 'unknown error'}; ${kept} kept${next}`;
    case 'stopped':
      return `${head} stopped between requests; ${kept} kept`;
  }
}

/** The round as `--json` prints it, one JSON line each (README, "watch"). */
export function roundJson(r: RoundReport) {
  return {
    event: 'round',
    round: r.round,
    startedAt: iso(r.startedAt),
    endedAt: iso(r.endedAt),
    state: r.state,
    sent: r.sent,
    toSend: r.toSend,
    needsSeller: r.needsSeller,
    requests: r.requests,
    rateLimited: r.rateLimited,
    unreachable: r.unreachable,
    message: r.message,
    nextAt: r.nextAt === null ? null : iso(r.nextAt),
    alerts: r.alerts && {
      raised: r.alerts.raised,
      sent: r.alerts.sent,
      retrying: r.alerts.retrying,
      failed: r.alerts.failed,
    },
  };
}

const watch: CommandHandler = async (ctx, call) => {
  const minute = ctx.globals.windowMs ?? MINUTE_MS;
  const every = watchEveryMs(call.options.every as string | undefined);
  const everyMs = Math.max(1, Math.round((every * minute) / MINUTE_MS));
  const profile = ctx.profile();
  ctx.output.note(
    `Watching ${ctx.profileName() ?? 'this profile'} every ${every / 1000} s; stop with Ctrl-C or SIGTERM.`,
  );
  const summary = await watchProfile(profile, {
    everyMs,
    retryDelaysMs: scaledRetryDelays(minute),
    signal: ctx.signal,
    alerts: alertContext(ctx),
    onAlertError: (error) =>
      ctx.output.note(`Alerts could not be sent this round: ${(error as Error).message}`),
    onRound: (report) => ctx.output.line(statusLine(report), roundJson(report)),
  });
  const data = {
    rounds: summary.rounds,
    startedAt: iso(summary.startedAt),
    stoppedAt: iso(summary.stoppedAt),
  };
  return {
    data,
    human: `Stopped after ${summary.rounds} round${summary.rounds === 1 ? '' : 's'}; queued changes are kept.`,
    exitCode: ExitCode.Done,
  };
};

export const watchCommands: Record<string, CommandHandler> = { watch };
