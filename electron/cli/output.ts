// Everything the command line prints. stdout carries results only (a table, or with --json one
// JSON document); notes and progress go to stderr, so `seller-desk offers list --json | jq` works.
// Whatever is printed passes the redaction of the secrets the run knows (the token once read), in
// every spelling: a marketplace that quotes it back in a message never gets it onto the terminal.
import { fieldLabel, problemReason } from '../contract/rules/fieldLabels';
import { createRedactor, redactStrings } from '../core/secrets/redact';
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
  /**
   * One line of a long-running command's stream on stdout (`watch`'s status line): `human`, or
   * with --json `data` as one JSON line (JSON Lines, before the final document).
   */
  line(human: string, data: unknown): void;
}

export function createOutput(opts: {
  stdout: Writable;
  stderr: Writable;
  json: boolean;
  quiet: boolean;
  /** Read at each print: a secret learnt during the run (the token) is redacted from then on. */
  secrets?: () => Iterable<string | null | undefined>;
}): Output {
  const { stdout, stderr, json, quiet } = opts;
  const redactor = () => createRedactor(opts.secrets?.() ?? []);
  const write = (stream: Writable, text: string) => {
    if (text) stream.write(text.endsWith('\n') ? text : `${text}\n`);
  };
  const print = (stream: Writable, text: string) => write(stream, redactor()(text));
  /** Redacted value by value, so that the document stays the JSON it was. */
  const printJson = (doc: JsonDocument) =>
    write(stdout, JSON.stringify(redactStrings(doc, redactor())));
  return {
    json,
    quiet,
    result(command, data, human, exitCode) {
      if (json) {
        printJson({ ok: true, command, exitCode, result: data });
      } else {
        print(stdout, human);
      }
    },
    failure(command, error) {
      if (json) {
        printJson({
          ok: false,
          command,
          exitCode: error.exitCode,
          error: { kind: error.kind, message: error.message, problems: error.problems },
        });
        return;
      }
      const problems = error.problems.map((p) => {
        // A file's column is the header the seller wrote; an offer's field is named by its label.
        if (p.line === undefined && p.column) {
          const label = fieldLabel(p.column);
          return `  ${label ? `${label}: ${problemReason(p.column, p.reason)}` : p.reason}`;
        }
        return `  ${[
          p.line !== undefined ? `line ${p.line}` : '',
          p.column ? `column ${p.column}` : '',
        ]
          .filter(Boolean)
          .join(', ')}${p.line !== undefined || p.column ? ': ' : ''}${p.reason}`;
      });
      print(stderr, [`seller-desk: ${error.message}`, ...problems].join('\n'));
    },
    note(text) {
      if (!json && !quiet) print(stderr, text);
    },
    line(human, data) {
      if (json) printJson(data as JsonDocument);
      else print(stdout, human);
    },
  };
}
