// Runs the real `bin/seller-desk.mjs` as a child process (asynchronously: the sandbox answering
// it lives in this process) against a sandbox marketplace with a scaled rate-limit window.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll } from 'vitest';
import { runCli } from '../../electron/cli/run';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../electron/sandbox';
import { tempDir, type TempDir } from '../support/tempDir';

export const repoRoot = resolve(import.meta.dirname, '../..');
export const binPath = join(repoRoot, 'bin/seller-desk.mjs');
/** The scaled "minute" both the sandbox and the CLI use in these tests. */
export const WINDOW_MS = 1000;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliTarget {
  baseUrl: string;
  dataDir: string;
  token?: string | null;
  env?: Record<string, string>;
}

export function envOf(target: CliTarget): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...target.env };
  delete env.SELLER_DESK_TOKEN;
  delete env.SELLER_DESK_DATA_DIR;
  if (target.token) env.SELLER_DESK_TOKEN = target.token;
  return env;
}

export function argvOf(args: string[], target: CliTarget): string[] {
  return [
    ...args,
    '--base-url',
    target.baseUrl,
    '--data-dir',
    target.dataDir,
    '--window-ms',
    String(WINDOW_MS),
  ];
}

/**
 * The same run without the process boundary (real sandbox, real SQLite, same code from argv to
 * exit code): for the many small cases, where a child process per case would cost seconds.
 */
export async function runInProcess(
  args: string[],
  target: CliTarget,
  io: { stdin?: string } = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argvOf(args, target), {
    stdout: { write: (c: string) => (stdout += c) },
    stderr: { write: (c: string) => (stderr += c) },
    env: envOf(target),
    ...(io.stdin !== undefined && { stdin: Readable.from([io.stdin]) }),
  });
  return { code, stdout, stderr };
}

/** The real binary in a child process; `io.stdin` is written to its standard input, then closed. */
export function runSellerDesk(
  args: string[],
  target: CliTarget,
  io: { stdin?: string } = {},
): Promise<CliRun> {
  const env = envOf(target);
  const argv = [binPath, ...argvOf(args, target)];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, argv, { cwd: repoRoot, env, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    if (io.stdin !== undefined) child.stdin.end(io.stdin);
  });
}

/** Parses the one JSON document a `--json` run prints, or fails with what was printed. */
export function jsonOf<T = Record<string, unknown>>(run: CliRun): T {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(`not one JSON document on stdout:\n${run.stdout}\nstderr:\n${run.stderr}`);
  }
}

export { tempDir, type TempDir };

/** What most command-line suites share: a sandbox, a folder, and a target in it for one seller. */
export interface CliWorld {
  readonly sandbox: Sandbox;
  readonly dir: TempDir;
  readonly target: CliTarget;
}

/**
 * A sandbox for the file (the demo seller `seller`'s token, the third by default: one with
 * offers of every kind), its folder, and the target the binary runs against, set up before
 * the file's tests and taken down after them. Register it at the top level of a test file.
 */
export function useCliWorld(
  prefix: string,
  seller = 2,
  options: Omit<SandboxOptions, 'windowMs'> = {},
): CliWorld {
  const dir = tempDir(prefix);
  let sandbox: Sandbox | null = null;
  beforeAll(async () => {
    sandbox = await startSandbox({ ...options, windowMs: WINDOW_MS });
  });
  afterAll(async () => {
    await sandbox?.close();
    dir.remove();
  });
  const started = () => {
    if (!sandbox) throw new Error('useCliWorld: read the world inside a test or a hook.');
    return sandbox;
  };
  return {
    dir,
    get sandbox() {
      return started();
    },
    get target() {
      const s = started();
      return {
        baseUrl: s.baseUrl,
        dataDir: join(dir.path, 'data'),
        token: s.sellers[seller]!.token,
      };
    },
  };
}

/** The real binary's run, which must exit 0 (else it fails with all it printed). */
export async function succeeds(args: string[], target: CliTarget): Promise<CliRun> {
  const run = await runSellerDesk(args, target);
  if (run.code !== 0) {
    throw new Error(
      `seller-desk ${args.join(' ')} exited ${run.code}:\n${run.stdout}${run.stderr}`,
    );
  }
  return run;
}
