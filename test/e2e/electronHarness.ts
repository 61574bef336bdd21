// The harness on the real Electron app (Playwright's `_electron`): main, preload, the app://
// protocol, IPC, safeStorage and the core's utility process as the seller runs them. A
// development launch points "Try the sandbox" and the token screen at the harness's sandbox with
// the switches electron/main reads (electron/shell/launchOptions); an installed app takes only
// its data folder and opens its own sandbox.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { launchArguments, type LaunchOptions } from '../../electron/shell/launchOptions';
import { startSandbox } from '../../electron/sandbox';
import type { E2eTarget } from '../support/e2eTarget';
import {
  FLOW_SYNC_DEBOUNCE_MS,
  screenshotPath,
  type Harness,
  type HarnessOptions,
} from './harness';

const root = resolve(import.meta.dirname, '../..');

function browserHostOnly(part: string): never {
  throw new Error(
    `harness.${part} belongs to the browser host; open this flow with openHarness({ on: 'browser host' }).`,
  );
}

export async function openElectronHarness(
  target: E2eTarget & { kind: 'electron' },
  options: HarnessOptions,
): Promise<Harness> {
  const name = options.name ?? 'e2e';
  const windowMs = options.windowMs ?? 1000;
  const dataDir = mkdtempSync(join(tmpdir(), `sd-${name}-`));
  const sandbox = await startSandbox({ windowMs });
  const seller = sandbox.sellers[0]!;
  const launch: LaunchOptions = target.packaged
    ? { dataDir }
    : {
        dataDir,
        baseUrl: sandbox.baseUrl,
        sandboxUrl: sandbox.baseUrl,
        sandboxToken: seller.token,
        windowMs,
        syncDebounceMs: FLOW_SYNC_DEBOUNCE_MS,
        syncHoldMs: options.syncHoldMs === 'setting' ? undefined : (options.syncHoldMs ?? 0),
        retryDelaysMs: options.retryDelaysMs ? [...options.retryDelaysMs] : undefined,
      };
  const args = [
    // A development launch names the app's folder (package.json's main); an installed one is it.
    ...(target.packaged ? [] : [root]),
    ...launchArguments(launch),
    ...(options.locale ? [`--lang=${options.locale}`] : []),
    // Chromium refuses to run as root with its sandbox (CI containers).
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  ];
  const consoleLines: string[] = [];
  let app: ElectronApplication;
  let page: Page;
  let exitCode: number | null = null;

  const launchApp = async () => {
    app = await _electron.launch({
      executablePath: target.electron.executablePath,
      args,
      env: { ...process.env, ELECTRON_ENABLE_LOGGING: '1' } as Record<string, string>,
      ...(options.locale && { locale: options.locale }),
    });
    app.process().once('exit', (code) => (exitCode = code));
    page = await app.firstWindow();
    page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => consoleLines.push(`pageerror: ${error.message}`));
    await page.setViewportSize(options.viewport ?? { width: 1280, height: 800 });
    await page.waitForLoadState('domcontentloaded');
  };

  const quitApp = async (): Promise<number | null> => {
    const child = app.process();
    if (child.exitCode !== null) return child.exitCode;
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    await app.close();
    return exitCode ?? (await exited);
  };

  try {
    await launchApp();
  } catch (error) {
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  let quit = false;
  return {
    target: 'electron',
    get page() {
      return page;
    },
    sandbox,
    dataDir,
    console: consoleLines,
    async restartHost() {
      await quitApp();
      await launchApp();
    },
    async screenshot(shot) {
      const path = screenshotPath(name, shot);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async quit() {
      if (quit) return exitCode;
      quit = true;
      return quitApp();
    },
    async close() {
      if (!quit) await quitApp().catch(() => null);
      quit = true;
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    get context() {
      return browserHostOnly('context');
    },
    get host() {
      return browserHostOnly('host');
    },
    get core() {
      return browserHostOnly('core');
    },
    get coreWorkers() {
      return browserHostOnly('coreWorkers');
    },
    get staging() {
      return browserHostOnly('staging');
    },
  };
}
