// One run of `seller-desk`: parse, dispatch to the command's handler, print its outcome or its
// error, and answer the exit code. Everything from outside (streams, environment, clock, Ctrl-C)
// comes in as a parameter, so tests can run it in-process as well as through the binary.
import { DEFAULT_BASE_URL } from '../contract/marketplace/assumptions';
import { defaultDataDir } from '../core/usecases/paths';
import type { WaitEvent } from '../core/limits';
import { isCapped, pauseNotice } from '../core/limits/pause';
import { systemClock, type Clock } from '../core/util/clock';
import { parseCommandLine, type GlobalOptions, type ParsedCommandLine } from './args';
import { CliError } from './cliError';
import type { CommandGroup } from './commandSpecs';
import type { CliProfile, CommandContext, CommandHandler } from './commandTypes';
import { toCliError } from './errorMapping';
import { ExitCode, type ExitCodeValue } from './exitCodes';
import { helpText } from './help';
import { createOutput, type Output, type Writable } from './output';
import { createProgress } from './progress';
import { readToken } from './token';
import { chooseProfile } from './profileSelection';

/** The token is another seller's than the profile's: exit 4, saying which profile is theirs. */
function wrongSellerError(error: unknown): CliError | null {
  if (!(error instanceof Error) || !('tokenProfile' in error)) return null;
  const theirs = error.tokenProfile;
  const unconfirmed = 'unconfirmedFor' in error ? error.unconfirmedFor : null;
  const hint =
    typeof theirs === 'string'
      ? ` To work with this token, run the command with --profile ${JSON.stringify(theirs)}.`
      : typeof unconfirmed === 'string'
        ? ` If it is this profile's new token (the old one was revoked), take it with: seller-desk ` +
          `profiles replace-token ${JSON.stringify(unconfirmed)} (it says what Seller Desk can and ` +
          'cannot know, and takes the token with --confirm). Otherwise use the token this profile ' +
          'was used with, or a new profile for this token.'
        : ' To work with this token, add a profile (seller-desk profiles add NAME) and run the command with --profile NAME.';
  return new CliError('unauthorized', `${error.message}${hint}`);
}

/** A 403 showed the token is another seller's: the run stopped; say so, not "token refused". */
function stoppedAtSendTime(error: unknown, profile: CliProfile | null): CliError | null {
  const why = profile?.sellerMismatch?.();
  if (!why) return null;
  const kept = (error as { detail?: { queue?: { kept: number } } }).detail?.queue?.kept;
  const queue = kept === undefined ? '' : ` ${kept} queued operation(s) are kept.`;
  return new CliError(
    'unauthorized',
    `${why.replace('Nothing was sent.', 'The push stopped.')}${queue}`,
  );
}

export interface CliIo {
  stdout: Writable;
  stderr: Writable;
  env: NodeJS.ProcessEnv;
  clock?: Clock;
  /** Aborted on Ctrl-C. */
  signal?: AbortSignal;
  /** Read only by a command that asks for it (`--password-stdin`). */
  stdin?: NodeJS.ReadableStream;
}

type HandlerTable = Record<string, CommandHandler>;

/** Retries of safe requests: short, so that an unreachable marketplace ends the run quickly. */
const CLI_RETRY = { attempts: 3, baseDelayMs: 400, maxDelayMs: 4000 };
/** A write waits this long for the app or another run holding the profile file. */
const CLI_BUSY_TIMEOUT_MS = 15_000;

// Loaded on demand: `help` and usage errors never load SQLite or the HTTP client.
const handlerLoaders: Record<CommandGroup, () => Promise<HandlerTable>> = {
  sync: async () => (await import('./commands/syncCommands')).syncCommands,
  products: async () => (await import('./commands/productCommands')).productCommands,
  offers: async () => (await import('./commands/offerCommands')).offerCommands,
  credentials: async () => (await import('./commands/credentialCommands')).credentialCommands,
  screenshots: async () => (await import('./commands/screenshotCommands')).screenshotCommands,
  activity: async () => (await import('./commands/logCommand')).logCommands,
  sales: async () => (await import('./commands/salesCommands')).salesCommands,
  stock: async () => (await import('./commands/stockCommands')).stockCommands,
  profiles: async () => (await import('./commands/profileCommands')).profileCommands,
  watch: async () => (await import('./commands/watchCommand')).watchCommands,
  alerts: async () => (await import('./commands/alertCommands')).alertCommands,
};

function outputFor(
  globals: GlobalOptions,
  io: CliIo,
  secrets?: () => Iterable<string | null>,
): Output {
  return createOutput({
    stdout: io.stdout,
    stderr: io.stderr,
    json: globals.json,
    quiet: globals.quiet,
    ...(secrets && { secrets }),
  });
}

export async function runCli(argv: string[], io: CliIo): Promise<ExitCodeValue> {
  let parsed: ParsedCommandLine;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    // The parse failed, so --json is read straight from argv to answer in the asked shape.
    const json = argv.includes('--json');
    outputFor({ json, quiet: false }, io).failure(null, toCliError(error));
    return ExitCode.BadInput;
  }
  let profile: CliProfile | null = null;
  let chosenName: string | null = null;
  // Read by the first command that goes online, then kept out of everything printed (output.ts).
  let token: string | null = null;
  const output = outputFor(parsed.globals, io, () => [token]);

  if (parsed.kind === 'help') {
    try {
      const text = helpText(parsed.topic);
      output.result('help', { topic: parsed.topic.join(' '), text }, text, ExitCode.Done);
      return ExitCode.Done;
    } catch (error) {
      const cliError = toCliError(error);
      output.failure('help', cliError);
      return cliError.exitCode;
    }
  }

  const { command } = parsed;
  const clock = io.clock ?? systemClock;
  const progress = createProgress({
    stream: io.stderr,
    enabled: !parsed.globals.quiet && !parsed.globals.json,
    now: () => clock.now(),
  });
  let lastPauseNote = '';
  const onWait = (e: WaitEvent) => {
    // A pause longer than Seller Desk honours is told on its own line too: a cron log has no
    // progress line, and "waiting" must not read as a year.
    if (e.pause && isCapped(e.pause) && pauseNotice(e.pause) !== lastPauseNote) {
      lastPauseNote = pauseNotice(e.pause);
      progress.finish();
      output.note(lastPauseNote);
    }
    progress.waiting(e.waitMs, e.reason, e.pause);
  };
  const baseUrl = parsed.globals.baseUrl ?? DEFAULT_BASE_URL;
  const dataDir = parsed.globals.dataDir ?? defaultDataDir(process.platform, io.env);
  const signal = io.signal ?? new AbortController().signal;
  try {
    // Loaded on demand: `help` and usage errors never open SQLite.
    const { openSellerProfile } = await import('../core/usecases/openSellerProfile');
    const { listProfiles, sellerGuard } = await import('../core/usecases/profiles');
    const { profileFile } = await import('../core/usecases/paths');
    // How every profile of this run is opened (the chosen one, and one named by a command).
    const opening = {
      clock,
      ...(parsed.globals.windowMs !== undefined && { windowMs: parsed.globals.windowMs }),
      busyTimeoutMs: CLI_BUSY_TIMEOUT_MS,
      retry: CLI_RETRY,
      onWait,
    };
    const context: CommandContext = {
      globals: parsed.globals,
      baseUrl,
      dataDir,
      env: io.env,
      output,
      progress,
      clock,
      signal,
      stdin: io.stdin ?? null,
      opening,
      // A watcher reads the token again at every request: replacing the token file is how the
      // seller answers "token refused" without stopping it.
      token: () =>
        command.group === 'watch'
          ? (token = readToken({ env: io.env, tokenFile: parsed.globals.tokenFile }))
          : (token ??= readToken({ env: io.env, tokenFile: parsed.globals.tokenFile })),
      profile: () => {
        if (!profile) {
          const chosen = chooseProfile(
            listProfiles(dataDir, baseUrl),
            parsed.globals.profile,
            new URL(baseUrl).host,
          );
          chosenName = chosen?.name ?? null;
          const file = chosen?.file ?? profileFile(dataDir, baseUrl);
          profile = openSellerProfile({
            dataDir,
            baseUrl,
            file,
            // A token of another seller than the profile's stops here, before anything is sent.
            guard: sellerGuard({ dataDir, marketUrl: baseUrl, file, signal }),
            token: () => context.token(),
            ...opening,
            // pull, push and sync commit thousands of offers: their WAL is copied into the file
            // by a thread beside the commands' own, as in the app (a 1000-offer push spent
            // ~380 ms of its thread in SQLite's automatic checkpoints). The close still empties
            // the WAL (TRUNCATE) before the process ends.
            ...((command.group === 'sync' || command.group === 'watch') && {
              checkpointInBackground: true,
            }),
          });
        }
        return profile;
      },
      secrets: () => [token],
      profileName: () => {
        const file = context.profile().file;
        // A first profile claimed during this run has its name now: read it back.
        return listProfiles(dataDir, baseUrl).find((p) => p.file === file)?.name ?? chosenName;
      },
    };
    const handlers = await handlerLoaders[command.group]();
    const handler = handlers[command.name];
    if (!handler) throw new CliError('internal', `No handler for ${command.name}.`);
    const outcome = await handler(context, parsed);
    progress.finish();
    output.result(command.name, outcome.data, outcome.human, outcome.exitCode);
    return outcome.exitCode;
  } catch (error) {
    progress.finish();
    const cliError =
      signal.aborted && !(error instanceof CliError)
        ? new CliError('interrupted', 'Interrupted; queued changes are kept.')
        : (wrongSellerError(error) ??
          stoppedAtSendTime(error, profile as CliProfile | null) ??
          toCliError(error));
    output.failure(command.name, cliError);
    return cliError.exitCode;
  } finally {
    await (profile as CliProfile | null)?.close();
  }
}
