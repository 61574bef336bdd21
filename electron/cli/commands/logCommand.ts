// `log`: the activity log (core/usecases/activity), filtered by time, offer and words.
import { durationMs, listActivity, outcomeWords } from '../../core/usecases/activity';
import type { CommandHandler } from '../commandTypes';
import { ExitCode } from '../exitCodes';
import { formatTable } from '../table';

const log: CommandHandler = async (ctx, call) => {
  const since = call.options.since as string | undefined;
  const list = listActivity(ctx.profile(), {
    ...(since !== undefined && { since: ctx.clock.now() - durationMs(since) }),
    ...(call.options.offer !== undefined && { offer: String(call.options.offer) }),
    ...(call.options.search !== undefined && { text: String(call.options.search) }),
    ...(call.options.limit !== undefined && { limit: call.options.limit as number }),
  });
  const human =
    list.entries.length === 0
      ? Object.keys(call.options).some((o) => o !== 'limit')
        ? 'No request matches.'
        : 'Nothing has been sent to the marketplace yet.'
      : formatTable(
          [
            { title: 'TIME', value: (e) => e.at.replace('T', ' ').replace(/\.\d+Z$/, 'Z') },
            { title: 'OPERATION', value: (e) => e.operation, maxWidth: 40 },
            { title: 'OFFERS', value: (e) => e.offers.join(' '), maxWidth: 30 },
            { title: 'OUTCOME', value: (e) => outcomeWords(e.outcome) },
            { title: 'MESSAGE', value: (e) => e.message, maxWidth: 80 },
          ],
          list.entries,
        );
  return { data: { entries: list.entries }, human, exitCode: ExitCode.Done };
};

export const logCommands: Record<string, CommandHandler> = { log };
