// Help text, generated from the command table so it always matches what the parser accepts.
import { usageError } from './cliError';
import {
  commandGroups,
  commandSpecs,
  globalOptions,
  type CommandSpec,
  type OptionSpec,
} from './commandSpecs';
import { ExitCode } from './exitCodes';

function usageLine(spec: CommandSpec): string {
  const args = spec.args.map((a) => {
    const name = a.variadic ? `${a.name}…` : a.name;
    return a.required ? name : `[${name}]`;
  });
  const options = Object.entries(spec.options).map(([name, o]) => {
    const text = `--${name}${o.type === 'flag' ? '' : ` ${o.value ?? 'VALUE'}`}`;
    return o.required ? text : `[${text}]`;
  });
  return ['seller-desk', spec.name, ...args, ...options].join(' ');
}

function optionLines(options: Record<string, OptionSpec>): string[] {
  const entries = Object.entries(options).map(([name, o]) => [
    `--${name}${o.type === 'flag' ? '' : ` ${o.value ?? 'VALUE'}`}`,
    o.description,
  ]);
  const width = Math.max(0, ...entries.map(([left]) => left!.length));
  return entries.map(([left, right]) => `  ${left!.padEnd(width)}  ${right}`);
}

const exitCodeLines = [
  'Exit codes:',
  `  ${ExitCode.Done}  done, nothing left to send`,
  `  ${ExitCode.Failed}  unexpected failure; or credentials locked by the app's keychain (nothing queued)`,
  `  ${ExitCode.BadInput}  usage or input error (bad rows listed with line and column); nothing queued`,
  `  ${ExitCode.NeedsAttention}  done, but some offers need attention (validation, conflict, credentials locked)`,
  `  ${ExitCode.Unauthorized}  the marketplace refused the token, the token is malformed, or it is another seller's than the profile's (nothing sent)`,
  `  ${ExitCode.Unreachable}  the marketplace could not be reached or did not answer sensibly; the queue is kept`,
];

function commandList(specs: Pick<CommandSpec, 'name' | 'summary'>[]): string[] {
  const width = Math.max(...specs.map((s) => s.name.length));
  return specs.map((s) => `  ${s.name.padEnd(width)}  ${s.summary}`);
}

export function helpText(topic: string[]): string {
  if (topic.length === 0) {
    return [
      'seller-desk: your marketplace offers from the command line (same data as the desktop app).',
      '',
      'Usage: seller-desk COMMAND [ARGS] [OPTIONS]',
      '',
      'Commands:',
      ...commandList([...commandSpecs, { name: 'help [COMMAND]', summary: 'help for a command' }]),
      '',
      'Options for every command:',
      ...optionLines(globalOptions),
      '',
      'The API token comes from the SELLER_DESK_TOKEN variable or --token-file FILE, never from',
      'an argument. Changes are queued locally and sent by `seller-desk push`.',
      '',
      ...exitCodeLines,
    ].join('\n');
  }
  const name = topic.join(' ');
  const spec = commandSpecs.find((c) => c.name === name);
  if (spec) {
    return [
      `Usage: ${usageLine(spec)}`,
      '',
      `${spec.summary[0]!.toUpperCase()}${spec.summary.slice(1)}.`,
      ...(spec.details ? ['', spec.details] : []),
      ...(spec.args.length
        ? ['', 'Arguments:', ...spec.args.map((a) => `  ${a.name}  ${a.description}`)]
        : []),
      ...(Object.keys(spec.options).length ? ['', 'Options:', ...optionLines(spec.options)] : []),
      ...(spec.online ? ['', 'Needs the API token (SELLER_DESK_TOKEN or --token-file FILE).'] : []),
      '',
      'Run `seller-desk help` for the options of every command and the exit codes.',
    ].join('\n');
  }
  if (topic.length === 1 && commandGroups.includes(name)) {
    return [
      `Commands of ${name}:`,
      ...commandList(commandSpecs.filter((c) => c.name.startsWith(`${name} `))),
    ].join('\n');
  }
  throw usageError(`No help for "${name}": there is no such command.`);
}
