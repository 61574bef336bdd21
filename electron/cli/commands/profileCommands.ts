// `profiles list|add|rename|remove|replace-token`: the seller's profiles on this marketplace
// (core/usecases/profiles). A profile is one seller's: its own cache, queue and rate budget.
import {
  addProfile,
  listProfiles,
  removeProfile,
  renameProfile,
  replaceProfileToken,
  unsentWork,
} from '../../core/usecases/profiles';
import { CliError } from '../cliError';
import type { CommandHandler } from '../commandTypes';
import { ExitCode } from '../exitCodes';
import { describeProfile } from '../profileSelection';
import { formatTable } from '../table';

const list: CommandHandler = async (ctx) => {
  const profiles = listProfiles(ctx.dataDir, ctx.baseUrl).map((p) => ({
    name: p.name,
    sellerId: p.userId,
    bound: p.bound,
    file: p.file,
    ...unsentWork(p.file),
  }));
  const human = profiles.length
    ? formatTable(
        [
          { title: 'PROFILE', value: (p) => p.name, maxWidth: 40 },
          {
            title: 'SELLER',
            value: (p) =>
              p.sellerId !== null ? String(p.sellerId) : p.bound ? 'unconfirmed' : '-',
          },
          { title: 'QUEUED', value: (p) => String(p.queuedOperations) },
          { title: 'FILE', value: (p) => p.file },
        ],
        profiles,
      )
    : 'No profile yet: the first command that talks to the marketplace makes one for your token.';
  return { data: { profiles }, human, exitCode: ExitCode.Done };
};

const add: CommandHandler = async (ctx, call) => {
  const profile = addProfile(ctx.dataDir, ctx.baseUrl, call.args[0]!);
  return {
    data: { profile: { name: profile.name, file: profile.file } },
    human:
      `Added profile "${profile.name}". It belongs to the seller whose token is first used ` +
      `with it: seller-desk pull --profile ${JSON.stringify(profile.name)}`,
    exitCode: ExitCode.Done,
  };
};

const rename: CommandHandler = async (ctx, call) => {
  const profile = renameProfile(ctx.dataDir, ctx.baseUrl, call.args[0]!, call.args[1]!);
  return {
    data: { profile: { name: profile.name, file: profile.file }, from: call.args[0] },
    human: `Renamed profile "${call.args[0]}" to "${profile.name}".`,
    exitCode: ExitCode.Done,
  };
};

const remove: CommandHandler = async (ctx, call) => {
  const outcome = removeProfile(ctx.dataDir, ctx.baseUrl, call.args[0]!, call.options.yes === true);
  const { queuedOperations, offersWithLocalChanges } = outcome.lost;
  const loss =
    queuedOperations || offersWithLocalChanges
      ? `${queuedOperations} queued operation(s) not sent yet and ${offersWithLocalChanges} offer(s) with local changes`
      : 'no unsent work';
  if (!outcome.removed) {
    throw new CliError(
      'usage',
      `Removing profile ${describeProfile(outcome.profile)} deletes its files with ${loss}. ` +
        'Nothing was removed; run it again with --yes to remove it.',
    );
  }
  return {
    data: {
      profile: { name: outcome.profile.name, file: outcome.profile.file },
      removed: true,
      lost: outcome.lost,
    },
    human: `Removed profile ${describeProfile(outcome.profile)} and its files (${loss} lost).`,
    exitCode: ExitCode.Done,
  };
};

const replaceToken: CommandHandler = async (ctx, call) => {
  const name = call.args[0]!;
  const outcome = await replaceProfileToken({
    dataDir: ctx.dataDir,
    baseUrl: ctx.baseUrl,
    name,
    token: ctx.token(),
    confirmed: call.options.confirm === true,
    open: ctx.opening,
    signal: ctx.signal,
  });
  if (!outcome.taken) {
    throw new CliError(
      'usage',
      `${outcome.message} Nothing was changed. To take it, run the command again with --confirm.`,
    );
  }
  const { profile } = outcome;
  const vouched =
    outcome.confirmedBy === 'seller'
      ? 'as you confirmed (nothing on the marketplace names its seller yet)'
      : profile.userId !== null
        ? `the marketplace confirmed seller ${profile.userId}`
        : 'the marketplace accepted it';
  return {
    data: {
      profile: { name: profile.name, file: profile.file },
      sellerId: profile.userId,
      confirmedBy: outcome.confirmedBy,
    },
    human:
      `Profile ${describeProfile(profile)} takes the new token: ${vouched}. Its queue is kept; ` +
      `send it with: seller-desk push --profile ${JSON.stringify(profile.name)}`,
    exitCode: ExitCode.Done,
  };
};

export const profileCommands: Record<string, CommandHandler> = {
  'profiles list': list,
  'profiles add': add,
  'profiles rename': rename,
  'profiles remove': remove,
  'profiles replace-token': replaceToken,
};
