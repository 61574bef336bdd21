// The switches a launch of Seller Desk takes, for both shells: Electron main reads them from its
// command line, the browser host's preview from its own, and the end-to-end harness writes them
// when it starts the real app. One table, so the three and `--help` cannot disagree.
import { parseArgs } from 'node:util';
import type { CoreInit } from '../contract/ipc/corePort';

/** The core's plain-data options a launch may set (a development launch, the flows). */
export type CoreTuning = Pick<
  CoreInit,
  'baseUrl' | 'windowMs' | 'syncDebounceMs' | 'syncHoldMs' | 'retryDelaysMs'
>;

export interface LaunchOptions extends CoreTuning {
  /** The data folder (the desktop app's own by default, or SELLER_DESK_DATA_DIR). */
  dataDir?: string;
  /** "Try the sandbox" reaches this marketplace with this token instead of starting its own. */
  sandboxUrl?: string;
  sandboxToken?: string;
  /** The pause between the in-app sandbox's buyers; 0 keeps it still. */
  sandboxBuyersMs?: number;
}

interface Switch {
  name: string;
  key: keyof LaunchOptions;
  value: string;
  help: string;
  kind: 'text' | 'number' | 'numbers';
  /** Honoured by an installed (packaged) app too; the others only by a development launch. */
  installed?: boolean;
}

const SWITCHES: readonly Switch[] = [
  {
    name: 'data-dir',
    key: 'dataDir',
    value: 'DIR',
    help: 'the data folder',
    kind: 'text',
    installed: true,
  },
  {
    name: 'base-url',
    key: 'baseUrl',
    value: 'URL',
    help: 'the marketplace a token connects to (`npm run sim` prints one)',
    kind: 'text',
  },
  {
    name: 'sandbox-url',
    key: 'sandboxUrl',
    value: 'URL',
    help: '"Try the sandbox" opens this marketplace instead of starting one',
    kind: 'text',
  },
  {
    name: 'sandbox-token',
    key: 'sandboxToken',
    value: 'TOKEN',
    help: 'the token "Try the sandbox" uses with --sandbox-url',
    kind: 'text',
  },
  {
    name: 'sandbox-buyers-ms',
    key: 'sandboxBuyersMs',
    value: 'MS',
    help: 'the pause between the sandbox\u2019s buyers (0: no buyers)',
    kind: 'number',
  },
  {
    name: 'window-ms',
    key: 'windowMs',
    value: 'MS',
    help: 'the rate limits\u2019 minute, scaled (as the sandbox\u2019s --window-ms)',
    kind: 'number',
  },
  {
    name: 'sync-debounce-ms',
    key: 'syncDebounceMs',
    value: 'MS',
    help: 'the pause after a change before the background sync',
    kind: 'number',
  },
  {
    name: 'sync-hold-ms',
    key: 'syncHoldMs',
    value: 'MS',
    help: 'how long a fresh change can be undone before it is sent',
    kind: 'number',
  },
  {
    name: 'retry-delays-ms',
    key: 'retryDelaysMs',
    value: 'MS,MS,…',
    help: 'the pauses between attempts while the marketplace cannot be reached',
    kind: 'numbers',
  },
];

/** The command-line switches that say `options`, for a launch of the app. */
export function launchArguments(options: LaunchOptions): string[] {
  return SWITCHES.flatMap((each) => {
    const value = options[each.key];
    if (value === undefined) return [];
    return [`--${each.name}=${Array.isArray(value) ? value.join(',') : String(value)}`];
  });
}

export class LaunchOptionError extends Error {}

/**
 * The launch options in `args`, leaving anything else alone (Chromium's own switches reach
 * Electron's main too). An installed app takes only the switches marked `installed`.
 */
export function parseLaunchOptions(
  args: readonly string[],
  { installed = false }: { installed?: boolean } = {},
): LaunchOptions {
  const { values } = parseArgs({
    args: [...args],
    options: Object.fromEntries(SWITCHES.map((each) => [each.name, { type: 'string' as const }])),
    strict: false,
    allowPositionals: true,
  });
  const options: Record<string, unknown> = {};
  for (const each of SWITCHES) {
    const raw = values[each.name];
    if (typeof raw !== 'string' || (installed && !each.installed)) continue;
    options[each.key] = parseValue(each, raw);
  }
  return options as LaunchOptions;
}

function parseValue(each: Switch, raw: string): string | number | number[] {
  if (each.kind === 'text') {
    if (!raw) throw new LaunchOptionError(`--${each.name} needs a value.`);
    return raw;
  }
  const numbers = raw.split(',').map((part) => Number(part.trim()));
  if (!numbers.length || numbers.some((n) => !Number.isFinite(n) || n < 0)) {
    throw new LaunchOptionError(`--${each.name} takes ${each.value}, not "${raw}".`);
  }
  return each.kind === 'number' ? numbers[0]! : numbers;
}

/** The core's options among `options`, to hand to its init. */
export function coreTuning(options: LaunchOptions): CoreTuning {
  const { baseUrl, windowMs, syncDebounceMs, syncHoldMs, retryDelaysMs } = options;
  return { baseUrl, windowMs, syncDebounceMs, syncHoldMs, retryDelaysMs };
}

/** One line of a `--help`: the switch, then what it does, in a column. */
export function helpLine(flag: string, help: string): string {
  return `  ${flag.padEnd(24)} ${help}`;
}

/** One line a switch, for a `--help`; `only` limits it to those names. */
export function launchHelp(only?: readonly string[]): string[] {
  return SWITCHES.filter((each) => !only || only.includes(each.name)).map((each) =>
    helpLine(`--${each.name}=${each.value}`, each.help),
  );
}
