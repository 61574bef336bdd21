// The shape shared by every command handler: what it is given, what it hands back.
import type { SellerProfile } from '../core/usecases/profile';
import type { OpenSellerProfileOptions } from '../core/usecases/openSellerProfile';
import type { Clock } from '../core/util/clock';
import type { GlobalOptions, OptionValue } from './args';
import type { CommandSpec } from './commandSpecs';
import type { ExitCodeValue } from './exitCodes';
import type { Output } from './output';
import type { Progress } from './progress';

/**
 * The profile a command works on: the seller profile every use case takes (opened by
 * core/usecases/openSellerProfile with the command line's token source, short retries and a
 * 15 s busy timeout).
 */
export type CliProfile = SellerProfile;

export type ProfileOpening = Pick<
  OpenSellerProfileOptions,
  'clock' | 'windowMs' | 'retry' | 'busyTimeoutMs' | 'onWait'
>;

export interface CommandContext {
  globals: GlobalOptions;
  baseUrl: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  output: Output;
  progress: Progress;
  clock: Clock;
  /** Aborted on Ctrl-C: commands stop between requests and keep what is queued. */
  signal: AbortSignal;
  /** Standard input, for what may not be an argument (`--password-stdin`); null when none. */
  stdin: NodeJS.ReadableStream | null;
  /** How the run opens a profile (clock, rate window, retries, busy timeout, waits shown). */
  opening: ProfileOpening;
  /** The API token (SELLER_DESK_TOKEN or --token-file), read on first use, never printed. */
  token(): string;
  /** The data folder's profile for this marketplace, opened on first use and closed at exit. */
  profile(): CliProfile;
  /** The chosen profile's name (after `profile()`); null before any profile exists. */
  profileName(): string | null;
  /** The secrets this run has read (the token), which nothing it writes may carry. */
  secrets(): (string | null)[];
}

export interface Invocation {
  command: CommandSpec;
  args: string[];
  options: Record<string, OptionValue>;
}

export interface CommandOutcome {
  /** What --json prints under `result`. */
  data: unknown;
  /** What a person sees on stdout. */
  human: string;
  exitCode: ExitCodeValue;
}

export type CommandHandler = (ctx: CommandContext, call: Invocation) => Promise<CommandOutcome>;
