// The one error type the command line reports itself. Every failure ends as one of these, so
// that the human message, the `--json` document and the exit code always agree.
import { ExitCode, type ExitCodeValue } from './exitCodes';

/** A bad row or cell of an input file, or a bad argument: where, and why. */
export interface InputProblem {
  line?: number;
  column?: string;
  reason: string;
}

export type CliErrorKind =
  | 'usage'
  | 'bad_input'
  | 'needs_attention'
  | 'unauthorized'
  | 'unreachable'
  | 'not_found'
  | 'forbidden'
  | 'data_folder'
  /** The profile's credentials key is protected by the app's keychain only (see README). */
  | 'credentials_locked'
  | 'interrupted'
  | 'internal';

const exitCodeOfKind: Record<CliErrorKind, ExitCodeValue> = {
  usage: ExitCode.BadInput,
  bad_input: ExitCode.BadInput,
  not_found: ExitCode.BadInput,
  needs_attention: ExitCode.NeedsAttention,
  forbidden: ExitCode.NeedsAttention,
  unauthorized: ExitCode.Unauthorized,
  unreachable: ExitCode.Unreachable,
  data_folder: ExitCode.Failed,
  credentials_locked: ExitCode.Failed,
  interrupted: ExitCode.Interrupted,
  internal: ExitCode.Failed,
};

export class CliError extends Error {
  override readonly name = 'CliError';
  readonly exitCode: ExitCodeValue;
  constructor(
    readonly kind: CliErrorKind,
    message: string,
    readonly problems: InputProblem[] = [],
  ) {
    super(message);
    this.exitCode = exitCodeOfKind[kind];
  }
}

export function usageError(message: string, command?: string): CliError {
  const hint = command ? `seller-desk ${command} --help` : 'seller-desk help';
  return new CliError('usage', `${message}\nSee: ${hint}`);
}
