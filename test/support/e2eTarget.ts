// What the end-to-end flows drive: the real Electron app where its binary exists (an installed
// app's executable when SELLER_DESK_APP_EXECUTABLE names one: the release smoke test), else the
// renderer in a browser through the browser host, which runs the same process split.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findBrowser, type FoundBrowser, type FoundElectron } from './browser';

const root = resolve(import.meta.dirname, '../..');

export type E2eTarget =
  | { kind: 'browser host'; browser: FoundBrowser }
  | { kind: 'electron'; electron: FoundElectron; packaged: boolean };

let chosen: Promise<E2eTarget> | null = null;

/** Chosen once a process: the resolver may unpack a browser the first time. */
export function e2eTarget(): Promise<E2eTarget> {
  chosen ??= choose();
  return chosen;
}

async function choose(): Promise<E2eTarget> {
  const app = process.env.SELLER_DESK_APP_EXECUTABLE;
  if (app) {
    if (!existsSync(app)) {
      throw new Error(`SELLER_DESK_APP_EXECUTABLE names ${app}, which does not exist.`);
    }
    return {
      kind: 'electron',
      electron: { kind: 'electron', executablePath: app, source: 'SELLER_DESK_APP_EXECUTABLE' },
      packaged: true,
    };
  }
  const found = await findBrowser({ electron: true });
  return found.kind === 'electron'
    ? { kind: 'electron', electron: found, packaged: false }
    : { kind: 'browser host', browser: found };
}

/** The plain browser for flows that check the browser host itself (its bridge, its secret). */
export async function browserHostTarget(): Promise<E2eTarget & { kind: 'browser host' }> {
  const target = await e2eTarget();
  if (target.kind === 'browser host') return target;
  const browser = await findBrowser({ electron: false });
  return { kind: 'browser host', browser: browser as FoundBrowser };
}

export function describeTarget(target: E2eTarget): string {
  return target.kind === 'browser host'
    ? `the browser host in ${target.browser.executablePath} (${target.browser.source})`
    : `the Electron app ${target.electron.executablePath} (${target.electron.source})`;
}

/**
 * A development launch of Electron loads the app's better-sqlite3 built for Electron's ABI
 * (out/native, as `npm start` makes it); an installed app carries its own.
 */
export function prepareTarget(target: E2eTarget): void {
  if (target.kind !== 'electron' || target.packaged) return;
  if (existsSync(join(root, 'out/native/better_sqlite3.node'))) return;
  const built = spawnSync(process.execPath, [join(root, 'build/scripts/electron-native.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('better-sqlite3 could not be built for Electron.');
}
