// Turns argv into a command and its checked arguments. Hand-written rather than
// `util.parseArgs` because options may come before or after the command words and the parser
// must know each command's options to tell a value from a positional argument.
import { usageError } from './cliError';
import {
  commandGroups,
  commandSpecs,
  globalOptions,
  type CommandSpec,
  type OptionSpec,
} from './commandSpecs';

export type OptionValue = string | number | boolean;

export interface GlobalOptions {
  baseUrl?: string;
  dataDir?: string;
  tokenFile?: string;
  /** The profile to work on (`--profile NAME`); default: the marketplace's only profile. */
  profile?: string;
  json: boolean;
  quiet: boolean;
  windowMs?: number;
}

export type ParsedCommandLine =
  | { kind: 'help'; topic: string[]; globals: GlobalOptions }
  | {
      kind: 'run';
      command: CommandSpec;
      args: string[];
      options: Record<string, OptionValue>;
      globals: GlobalOptions;
    };

const PASSWORD_REFUSED =
  'A password is not accepted as an argument: other users can read it in the process list and ' +
  'it stays in your shell history. Use --password-stdin (and --email-password-stdin).';

const TOKEN_REFUSED =
  'The API token is not accepted as an argument: other users can read it in the process ' +
  'list and it stays in your shell history. Set SELLER_DESK_TOKEN or use --token-file FILE.';

/** The arity of every option name, across all commands (a name means the same everywhere). */
function knownOptions(): Map<string, OptionSpec> {
  const all = new Map<string, OptionSpec>(Object.entries(globalOptions));
  for (const spec of commandSpecs) {
    for (const [name, option] of Object.entries(spec.options)) all.set(name, option);
  }
  return all;
}

function parseInteger(name: string, raw: string, command?: string): number {
  if (!/^-?\d+$/.test(raw.trim())) {
    throw usageError(`--${name} expects a whole number, got "${raw}".`, command);
  }
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw usageError(`--${name} is out of range.`, command);
  return value;
}

interface RawOption {
  name: string;
  value: string | true;
}

function splitTokens(argv: string[]): { words: string[]; options: RawOption[] } {
  const known = knownOptions();
  const words: string[] = [];
  const options: RawOption[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === '--') {
      words.push(...argv.slice(i + 1));
      break;
    }
    if (token === '-h') {
      options.push({ name: 'help', value: true });
      continue;
    }
    if (!token.startsWith('--') || token === '-') {
      if (token.startsWith('-') && token !== '-') {
        throw usageError(`Unknown option ${token} (options are spelled --name).`);
      }
      words.push(token);
      continue;
    }
    const eq = token.indexOf('=');
    const name = token.slice(2, eq === -1 ? undefined : eq);
    // Refused before anything else, and never echoed: the value is the secret itself.
    if (name === 'token') throw usageError(TOKEN_REFUSED);
    if (/^(game-|email-)?password$/.test(name)) throw usageError(PASSWORD_REFUSED);
    const spec = known.get(name);
    if (!spec) throw usageError(`Unknown option --${name}.`);
    if (spec.type === 'flag') {
      if (eq !== -1) throw usageError(`--${name} takes no value.`);
      options.push({ name, value: true });
      continue;
    }
    if (eq !== -1) {
      options.push({ name, value: token.slice(eq + 1) });
      continue;
    }
    const next = argv[i + 1];
    if (next === undefined || (next.startsWith('--') && next.length > 2)) {
      throw usageError(`--${name} needs a value (${spec.value ?? 'VALUE'}).`);
    }
    options.push({ name, value: next });
    i++;
  }
  return { words, options };
}

/** The longest run of leading words naming a command (`credentials pool add`, `push`). */
function findCommand(words: string[]): { spec: CommandSpec; rest: string[] } | null {
  for (const length of [3, 2, 1]) {
    const name = words.slice(0, length).join(' ');
    const spec = commandSpecs.find((c) => c.name === name);
    if (spec && words.length >= length) return { spec, rest: words.slice(length) };
  }
  return null;
}

function readGlobals(options: RawOption[]): GlobalOptions {
  const globals: GlobalOptions = { json: false, quiet: false };
  for (const { name, value } of options) {
    if (name === 'json') globals.json = true;
    else if (name === 'quiet') globals.quiet = true;
    else if (name === 'base-url') globals.baseUrl = checkBaseUrl(String(value));
    else if (name === 'data-dir') globals.dataDir = String(value);
    else if (name === 'token-file') globals.tokenFile = String(value);
    else if (name === 'profile') globals.profile = String(value);
    else if (name === 'window-ms') {
      const ms = parseInteger(name, String(value));
      if (ms < 1) throw usageError('--window-ms must be at least 1.');
      globals.windowMs = ms;
    }
  }
  return globals;
}

function checkBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw usageError(`--base-url "${raw}" is not a URL (for example https://host.example).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw usageError(`--base-url must be an http or https address, got ${url.protocol}`);
  }
  return raw.replace(/\/+$/, '');
}

export function parseCommandLine(argv: string[]): ParsedCommandLine {
  const { words, options } = splitTokens(argv);
  const globals = readGlobals(options);
  const wantsHelp = options.some((o) => o.name === 'help');

  if (words.length === 0) return { kind: 'help', topic: [], globals };
  if (words[0] === 'help') return { kind: 'help', topic: words.slice(1), globals };

  const found = findCommand(words);
  if (!found) {
    if (commandGroups.includes(words[0]!) && (wantsHelp || words.length === 1)) {
      return { kind: 'help', topic: [words[0]!], globals };
    }
    const known = commandSpecs.map((c) => c.name).join(', ');
    throw usageError(`Unknown command "${words.join(' ')}". Commands: ${known}.`);
  }
  const { spec, rest } = found;
  if (wantsHelp) return { kind: 'help', topic: spec.name.split(' '), globals };

  const commandOptions: Record<string, OptionValue> = {};
  for (const { name, value } of options) {
    if (name in globalOptions) continue;
    const option = spec.options[name];
    if (!option) throw usageError(`${spec.name} has no option --${name}.`, spec.name);
    commandOptions[name] =
      option.type === 'integer' ? parseInteger(name, String(value), spec.name) : value;
  }
  for (const [name, option] of Object.entries(spec.options)) {
    if (option.required && !(name in commandOptions)) {
      throw usageError(
        `${spec.name} needs --${name} ${option.value ?? ''}`.trimEnd() + '.',
        spec.name,
      );
    }
  }

  const required = spec.args.filter((a) => a.required).length;
  const variadic = spec.args.some((a) => a.variadic);
  if (rest.length < required) {
    const missing = spec.args.slice(rest.length).map((a) => a.name);
    throw usageError(`${spec.name} needs ${missing.join(' ')}.`, spec.name);
  }
  if (!variadic && rest.length > spec.args.length) {
    throw usageError(
      `${spec.name} takes ${spec.args.length || 'no'} argument(s); unexpected "${rest[spec.args.length]}".`,
      spec.name,
    );
  }
  return { kind: 'run', command: spec, args: rest, options: commandOptions, globals };
}
