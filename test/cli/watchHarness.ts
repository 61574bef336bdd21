// `seller-desk watch` as a long-running child process: its JSON lines as they come, a way to
// wait for one, and its end.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  argvOf,
  binPath,
  envOf,
  jsonOf,
  repoRoot,
  succeeds,
  type CliTarget,
  type TempDir,
} from './harness';

export interface WatchLine {
  event?: string;
  round?: number;
  state?: string;
  sent?: number;
  requests?: number;
  rateLimited?: number;
  ok?: boolean;
  exitCode?: number;
  [key: string]: unknown;
}

export interface Watcher {
  child: ChildProcess;
  lines: WatchLine[];
  stderr(): string;
  /** Resolves with the first line (from `from` on) that passes `test`. */
  waitFor(
    test: (line: WatchLine) => boolean,
    timeoutMs?: number,
    from?: number,
  ): Promise<WatchLine>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startWatcher(
  target: CliTarget,
  extra: string[] = [],
  env: Record<string, string> = {},
): Watcher {
  const argv = [binPath, ...argvOf(['watch', '--json', ...extra], target)];
  const childEnv: NodeJS.ProcessEnv = { ...envOf(target), ...env };
  // A watcher given a token file reads it, not the variable.
  if (extra.includes('--token-file')) delete childEnv.SELLER_DESK_TOKEN;
  const child = spawn(process.execPath, argv, { cwd: repoRoot, env: childEnv, stdio: 'pipe' });
  const lines: WatchLine[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    let at: number;
    while ((at = buffer.indexOf('\n')) >= 0) {
      const text = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      if (!text.trim()) continue;
      try {
        lines.push(JSON.parse(text) as WatchLine);
      } catch {
        lines.push({ event: 'text', text });
      }
      for (const wake of waiters) wake();
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => {
      for (const wake of waiters) wake();
      done({ code, signal });
    }),
  );
  let ended = false;
  void exited.then(() => (ended = true));
  return {
    child,
    lines,
    stderr: () => stderr,
    exited,
    waitFor(test, timeoutMs = 60_000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.slice(from).find(test);
          if (found) {
            cleanup();
            resolve(found);
          } else if (ended) {
            cleanup();
            reject(new Error(`watcher ended first:\n${JSON.stringify(lines)}\n${stderr}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(`no such line in ${timeoutMs} ms:\n${JSON.stringify(lines)}\n${stderr}`),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    async stop(signal = 'SIGTERM') {
      if (!ended) child.kill(signal);
      return exited;
    },
  };
}

/**
 * An account offer sent with two credentials on sale and a restock pool of three behind it (keep
 * 2); its marketplace id.
 */
export async function pooledOffer(target: CliTarget, dir: TempDir): Promise<number> {
  const ok = (args: string[]) => succeeds(args, target);
  const offers = dir.file(
    'account.csv',
    [
      'price_per_step,amount,min_purchase_amount,outer_name,Platform,Skins count',
      '25,1,1,Watched offer,PC,120',
    ].join('\n'),
  );
  await ok(['offers', 'import', offers, '--product', '12', '--delivery-time', '600000']);
  const listed = jsonOf<{ result: { offers: { id: string }[] } }>(
    await ok(['offers', 'list', '--product', '12', '--json']),
  );
  await ok([
    'credentials',
    'import',
    dir.file('first.txt', 'first-1:pw1\nfirst-2:pw2\n'),
    '--offer',
    listed.result.offers[0]!.id,
  ]);
  await ok(['push', '--json']);
  const [stocked] = jsonOf<{ result: { offers: { id: string }[] } }>(await ok(['stock', '--json']))
    .result.offers;
  const id = stocked!.id;
  await ok([
    'credentials',
    'pool',
    'add',
    dir.file('pool.txt', 'pool-1:Pass-a\npool-2:Pass-b\npool-3:Pass-c\n'),
    '--offer',
    id,
    '--keep',
    '2',
  ]);
  return Number(id);
}
