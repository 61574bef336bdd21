// The end-to-end harness: a temp data folder and the sandbox marketplace on loopback, and the app
// on it, driven by Playwright. The app is the real Electron app where its binary exists
// (electronHarness.ts); elsewhere the built renderer in Chromium through the browser host, on the
// real app core in its own worker thread as in the app (electron/corehost), from the built bundle
// when the build is fresh. Only the platform ports differ there (key-file token vault, staged
// files instead of native dialogs). test/support/e2eTarget.ts picks which.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import type { AppCore, SandboxPort } from '../../electron/core/app';
import type { FileStaging } from '../../electron/host/fileStaging';
import { createFileStaging } from '../../electron/host/fileStaging';
import {
  CORE_WORKER_FILE,
  workerSpawner,
  type SpawnedCore,
  type SpawnCore,
} from '../../electron/corehost/spawnCore';
import { createHostCore } from '../../electron/host/hostCore';
import type { Host } from '../../electron/host/startHost';
import { startHost } from '../../electron/host/startHost';
import type { Sandbox } from '../../electron/sandbox';
import { startSandbox } from '../../electron/sandbox';
import { freshBundle } from '../freshBuild';
import { launchBrowser, type FoundBrowser } from '../support/browser';
import { browserHostTarget, e2eTarget, type E2eTarget } from '../support/e2eTarget';
import { fixedSandboxPort } from '../../electron/shell/sandboxPort';
import { openElectronHarness } from './electronHarness';

const root = resolve(import.meta.dirname, '../..');
export const RENDERER_DIR = join(root, 'out/renderer');
export const SCREENS_DIR = join(root, 'test-output/screens');

/**
 * The core's thread as the app runs it, from the bundle beside main when the build is fresh
 * (test/freshBuild.ts): a flow starts a core per harness and per restart.
 */
function spawnerOfCore(): SpawnCore {
  const bundle = freshBundle(CORE_WORKER_FILE);
  return bundle ? workerSpawner({ file: bundle }) : workerSpawner();
}

export interface HarnessOptions {
  /**
   * 'browser host': the flow checks the browser host itself or drives the core from the side
   * (`core`, `staging`, `host`, `coreWorkers`), so it runs there whatever the machine has.
   */
  on?: 'browser host';
  /** Names the temp folder and screenshots. */
  name?: string;
  /** The sandbox's and the client's rate-limit "minute" (scaled for tests). */
  windowMs?: number;
  viewport?: { width: number; height: number };
  /**
   * The background sync's hold on fresh changes; default 0 (flows that do not exercise undo
   * see their changes go out at once). Undefined in a flow: pass `'setting'` for the app's own.
   */
  syncHoldMs?: number | 'setting';
  /** The browser's language ('ru-RU': navigator.languages and Intl in Russian); default en-US. */
  locale?: string;
  /**
   * The pauses between attempts while the marketplace cannot be reached; default the app's own
   * (5 s, 15 s, …). A flow that waits for a retry passes seconds, not tens of them.
   */
  retryDelaysMs?: readonly number[];
}

export interface Harness {
  /** What the flow drives, as test/support/e2eTarget.ts chose it. */
  target: E2eTarget['kind'];
  page: Page;
  sandbox: Sandbox;
  dataDir: string;
  /** Console messages of the page, for tests that look for errors or CSP violations. */
  console: string[];
  /** Like quitting and reopening the app: a new core on the same data (and a new host address). */
  restartHost(): Promise<void>;
  /** Saves a full-page screenshot to test-output/screens/<name>.png and returns its path. */
  screenshot(name: string): Promise<string>;
  /** Quits the app as the seller would and answers its exit code; the folders stay until close. */
  quit(): Promise<number | null>;
  close(): Promise<void>;
  // The browser host's own parts (a flow that uses them opens its harness `on: 'browser host'`).
  context: BrowserContext;
  host: Host;
  core: AppCore;
  /** The core's worker threads so far, the running one last (a test ends one as a crash would). */
  coreWorkers: SpawnedCore[];
  staging: FileStaging;
}

/**
 * One Chromium for the harnesses of a test process, each in a context of its own (its own
 * storage, viewport and language, as a fresh browser would give): a launch costs about half a
 * second of CPU and a flow file opens several. Closed a moment after the last harness closes, so
 * a process that is done (a bench, the last file of a worker) is not kept alive by it; a browser
 * that went away is launched again.
 */
interface SharedBrowser {
  browser: Promise<Browser>;
  users: number;
  idle: NodeJS.Timeout | null;
}
let sharedBrowser: SharedBrowser | null = null;

function useBrowser(found: FoundBrowser): SharedBrowser {
  if (!sharedBrowser) {
    const launched = launchBrowser(found);
    const entry: SharedBrowser = { browser: launched, users: 0, idle: null };
    const forget = () => {
      if (sharedBrowser === entry) sharedBrowser = null;
    };
    launched.then((browser) => browser.on('disconnected', forget), forget);
    sharedBrowser = entry;
  }
  const entry = sharedBrowser;
  entry.users++;
  if (entry.idle) clearTimeout(entry.idle);
  entry.idle = null;
  return entry;
}

function releaseBrowser(entry: SharedBrowser): void {
  if (--entry.users > 0) return;
  entry.idle = setTimeout(() => {
    if (entry.users > 0) return;
    if (sharedBrowser === entry) sharedBrowser = null;
    void entry.browser.then((browser) => browser.close()).catch(() => {});
  }, 1_000);
}

/** "Try the sandbox" reaches the harness's own sandbox, which the test can inspect. */
export function harnessSandboxPort(sandbox: Sandbox): SandboxPort {
  const seller = sandbox.sellers[0];
  if (!seller) throw new Error('The sandbox has no demo seller.');
  return fixedSandboxPort(sandbox.baseUrl, seller.token);
}

/** The background sync's pause after a change in every flow: short, so flows need not wait. */
export const FLOW_SYNC_DEBOUNCE_MS = 150;

export async function openHarness(options: HarnessOptions = {}): Promise<Harness> {
  const target = options.on === 'browser host' ? await browserHostTarget() : await e2eTarget();
  if (target.kind === 'electron') return openElectronHarness(target, options);
  return openBrowserHostHarness(target.browser, options);
}

export function screenshotPath(name: string, shot: string): string {
  mkdirSync(SCREENS_DIR, { recursive: true });
  return join(SCREENS_DIR, `${name}-${shot}.png`);
}

async function openBrowserHostHarness(
  browser: FoundBrowser,
  options: HarnessOptions,
): Promise<Harness> {
  const name = options.name ?? 'e2e';
  const windowMs = options.windowMs ?? 1000;
  const dataDir = mkdtempSync(join(tmpdir(), `sd-${name}-`));
  const staging = createFileStaging(join(dataDir, 'staged-files'));
  const sandbox = await startSandbox({ windowMs });
  const coreWorkers: SpawnedCore[] = [];
  const spawnWorker = spawnerOfCore();
  const spawn = () => {
    const worker = spawnWorker();
    coreWorkers.push(worker);
    return worker;
  };
  const startCore = async () => {
    const core = await createHostCore({
      spawn,
      dataDir,
      staging,
      baseUrl: sandbox.baseUrl,
      sandbox: harnessSandboxPort(sandbox),
      windowMs,
      syncDebounceMs: FLOW_SYNC_DEBOUNCE_MS,
      syncHoldMs: options.syncHoldMs === 'setting' ? undefined : (options.syncHoldMs ?? 0),
      retryDelaysMs: options.retryDelaysMs,
    });
    await core.start();
    return core;
  };

  let context: BrowserContext | null = null;
  let core: AppCore | null = null;
  let host: Host | null = null;
  const shared = useBrowser(browser);
  try {
    core = await startCore();
    host = await startHost({ rendererDir: RENDERER_DIR, core, staging });
    context = await (
      await shared.browser
    ).newContext({
      viewport: options.viewport ?? { width: 1280, height: 800 },
      ...(options.locale && { locale: options.locale }),
    });
    const page = await context.newPage();
    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => consoleLines.push(`pageerror: ${error.message}`));
    await page.goto(host.url);

    let quit = false;
    const harness: Harness = {
      target: 'browser host',
      page,
      context,
      sandbox,
      dataDir,
      staging,
      console: consoleLines,
      coreWorkers,
      get host() {
        return host!;
      },
      get core() {
        return core!;
      },
      async restartHost() {
        const { port } = host!;
        await host!.close();
        await core!.close();
        core = await startCore();
        // The same origin (so the tab keeps its storage), a new launch secret: like reopening
        // the app and opening the address it prints, in the same tab.
        host = await startHost({ port, rendererDir: RENDERER_DIR, core, staging });
        await page.goto('about:blank');
        await page.goto(host.url);
      },
      async screenshot(shot) {
        const path = screenshotPath(name, shot);
        await page.screenshot({ path, fullPage: true });
        return path;
      },
      async quit() {
        if (quit) return 0;
        quit = true;
        await context?.close();
        releaseBrowser(shared);
        await host?.close();
        await core?.close();
        return 0;
      },
      async close() {
        await harness.quit();
        await sandbox.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
    return harness;
  } catch (error) {
    await context?.close().catch(() => {});
    releaseBrowser(shared);
    await host?.close();
    await core?.close();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Connects with a token on the first screen and waits for the offers view (and its rows, when asked). */
export async function connectWithToken(page: Page, token: string, opts: { rows?: boolean } = {}) {
  await page.fill('#token-input', token);
  await page.click('form button[type=submit]');
  await page.waitForSelector(
    opts.rows ? '[data-testid="offers-grid"] [data-local-id]' : '[data-testid="offers-grid"]',
  );
}

type PageApi = { sellerDesk: SellerDeskApi; File: typeof File };

/**
 * The local id of the offer the marketplace knows as `serverId`, asked through the page's own API
 * (waiting, up to 15 s, for a sync to bring the offer in).
 */
export function localIdOf(page: Page, serverId: number): Promise<number> {
  return page.evaluate(async (id) => {
    const api = (globalThis as unknown as PageApi).sellerDesk;
    for (let attempt = 0; attempt < 150; attempt++) {
      const found = await api.offers.query({
        text: String(id),
        sort: { column: 'updated_at', dir: 'desc' },
        offset: 0,
        limit: 10,
      });
      const row = found.ok ? found.value.rows.find((r) => r.serverId === id) : undefined;
      if (row) return row.localId;
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error(`offer ${id} never arrived`);
  }, serverId);
}

/** Queues credentials for an offer as the seller would (a file previewed, then added). */
export function queueCredentialLines(page: Page, localId: number, lines: string) {
  return page.evaluate(
    async ({ localId, lines }) => {
      const g = globalThis as unknown as PageApi;
      const file = await g.sellerDesk.fileRef(new g.File([lines], 'accounts.txt'));
      const preview = await g.sellerDesk.credentials.preview({ localId, file });
      if (!preview.ok) return preview;
      const { previewId } = preview.value as { previewId: string };
      return g.sellerDesk.credentials.commit({ previewId, mode: 'add' });
    },
    { localId, lines },
  );
}
