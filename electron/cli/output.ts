// Everything the command line prints. stdout carries results only (a table, or with --json one
// JSON document); notes and progress go to stderr, so `seller-desk offers list --json | jq` works.
import type { CliError } from './cliError';
import type { ExitCodeValue } from './exitCodes';

export interface Writable {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

/** The stable `--json` document (README, "Command line"). */
export type JsonDocument =
  | { ok: true; command: string; exitCode: ExitCodeValue; result: unknown }
  | {
      ok: false;
      command: string | null;
      exitCode: ExitCodeValue;
      error: { kind: string; message: string; problems: CliError['problems'] };
    };

export interface Output {
  readonly json: boolean;
  readonly quiet: boolean;
  /** The command's result: `human` for people, `data` for --json. */
  result(command: string, data: unknown, human: string, exitCode: ExitCodeValue): void;
  failure(command: string | null, error: CliError): void;
  /** A remark for people (stderr); silent with --json or --quiet. */
  note(text: string): void;
}

export function createOutput(opts: {
  stdout: Writable;
  stderr: Writable;
  json: boolean;
  quiet: boolean;
}): Output {
  const { stdout, stderr, json, quiet } = opts;
  const print = (stream: Writable, text: string) => {
    if (text) stream.write(text.endsWith('\n') ? text : `${text}\n`);
  };
  return {
    json,
    quiet,
    result(command, data, human, exitCode) {
      if (json) {
        const doc: JsonDocument = { ok: true, command, exitCode, result: data };
        print(stdout, JSON.stringify(doc));
      } else {
        print(stdout, human);
      }
    },
    failure(command, error) {
      if (json) {
        const doc: JsonDocument = {
          ok: false,
          command,
          exitCode: error.exitCode,
          error: { kind: error.kind, message: error.message, problems: error.problems },
        };
        print(stdout, JSON.stringify(doc));
        return;
      }
      const problems = error.problems.map(
        (p) =>
          `  ${[p.line !== undefined ? `line ${p.line}` : '', p.column ? `column ${p.column}` : '']
            .filter(Boolean)
            .join(', ')}${p.line !== undefined || p.column ? ': ' : ''}${p.reason}`,
      );
      print(stderr, [`seller-desk: ${error.message}`, ...problems].join('\n'));
    },
    note(text) {
      if (!json && !quiet) print(stderr, text);
    },
  };
}
