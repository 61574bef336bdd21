// Electron main: windows, security guards, safeStorage, dialogs and the IPC wiring. Everything
// else is the core's (electron/core/app); reading this file is its review.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  nativeTheme,
  Notification,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
} from 'electron';
import { AppFailure, FILE_GRANT_CHANNEL, ipcChannel } from '../contract/ipc';
import { translate } from '../contract/i18n';
import { createRemoteCore, type RemoteCore } from '../corehost/remoteCore';
import { stagedScreenshotDirs } from '../core/usecases/paths';
import { followAttention } from '../shell/attentionBadge';
import { contentSecurityPolicy } from '../shell/contentSecurityPolicy';
import { createSandboxPort, fixedSandboxPort } from '../shell/sandboxPort';
import {
  coreTuning,
  LaunchOptionError,
  parseLaunchOptions,
  type LaunchOptions,
} from '../shell/launchOptions';
import {
  readStagedScreenshot,
  stagedScreenshotHeaders,
  stagedScreenshotPath,
} from '../shell/stagedScreenshotRoute';
import {
  APP_ENTRY_URL,
  APP_ORIGIN,
  APP_SCHEME,
  contentTypeOf,
  resolveAppAsset,
  resolveAppStagedScreenshot,
} from './appProtocol';
import { electronBadge, OVERLAY_DOT_PNG } from './badge';
import { electronTray } from './tray';
import { followTray } from '../core/app/tray';
import { utilityProcessSpawner } from './coreProcess';
import { createNativeDialogs } from './dialogs';
import { EXTERNAL_LINK_HOSTS, isAllowedExternalUrl } from './externalLinks';
import { createFileGrants, createFileRefResolver } from './fileRefs';
import { forwardEvents, registerIpcHandlers } from './ipcBridge';
import { menuTemplate } from './menu';
import { startUpdates } from './updates';
import { messageBoxPrompts } from './updates/prompts';
import { electronSqliteBinding } from './nativeBinding';
import { withPlainTextAcceptance } from './plainTextAcceptance';
import type { IpcSenderLike } from './senderCheck';
import { checkSender } from './senderCheck';
import { createSafeStorageTokenVault } from './tokenVault';
import { denyAllPermissions, guardWebContents } from './webContentsGuards';
import { loadWindowState, saveWindowState, WINDOW_MIN_SIZE } from './windowState';

const APP_CSP = contentSecurityPolicy({ connect: "'none'" });
/** Must equal `build.appId` in package.json: Windows groups the taskbar and toasts by it. */
const APP_ID = 'com.sellerdesk.app';
const PRELOAD_SCRIPT = join(__dirname, '../preload/index.cjs');
const log = (message: string) => console.log(`[seller-desk] ${message}`);

// An installed app takes only --data-dir; a development launch (npm start, the end-to-end flows)
// may also point the core at another marketplace and scale its timings.
let launch: LaunchOptions = {};
try {
  launch = parseLaunchOptions(process.argv.slice(1), { installed: app.isPackaged });
} catch (error) {
  console.error(error instanceof LaunchOptionError ? error.message : String(error));
  app.exit(2);
}
// The command line's folder when SELLER_DESK_DATA_DIR names one (usecases/paths defaultDataDir):
// set before anything reads userData, the single-instance lock included.
const dataDirChosen = launch.dataDir ?? process.env.SELLER_DESK_DATA_DIR;
if (dataDirChosen) app.setPath('userData', resolve(dataDirChosen));

// Every renderer sandboxed, whatever a window's own preferences say (defence in depth).
app.enableSandbox();
// Windows shows notifications only for an app with an identity (the installer's app id).
if (process.platform === 'win32') app.setAppUserModelId(APP_ID);

// Must happen before `ready`: our scheme behaves like https (origin, secure context), and module
// scripts (vite emits `<script type="module" crossorigin>`) load from it in CORS mode.
protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, corsEnabled: true, supportFetchAPI: false },
  },
]);

const windows = new Set<BrowserWindow>();
let mainWindow: BrowserWindow | null = null;
let core: RemoteCore | null = null;

/**
 * The one place a link leaves the app, for the seller's browser, and only after the allow-list
 * (https, marketplace and project hosts). Electronegativity's
 * OPEN_EXTERNAL_JS_CHECK asks to review every call; this is the reviewed one.
 */
async function openInBrowser(url: string): Promise<void> {
  if (!isAllowedExternalUrl(url)) {
    throw new AppFailure('bad_input', 'Seller Desk opens only links to the marketplace.');
  }
  await shell.openExternal(url); /* eng-disable OPEN_EXTERNAL_JS_CHECK */
}

app.on('web-contents-created', (_event, contents) =>
  guardWebContents(contents, {
    openInBrowser: (url) => void openInBrowser(url).catch(() => log('A link was not opened.')),
    log,
  }),
);

/** The built renderer, and staged screenshot copies so that queued files show as thumbnails. */
function serveRenderer(rendererDir: string, stagedDirs: () => string[]): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const staged = resolveAppStagedScreenshot(request.url, stagedDirs());
    if (staged) {
      const image = await readStagedScreenshot(staged.file);
      return image
        ? new Response(image, { headers: stagedScreenshotHeaders(staged.contentType) })
        : new Response('Not found', { status: 404 });
    }
    const file = resolveAppAsset(request.url, rendererDir);
    const body = file ? await readFile(file).catch(() => null) : null;
    if (!file || !body) return new Response('Not found', { status: 404 });
    return new Response(body, {
      headers: {
        'content-type': contentTypeOf(file),
        'content-security-policy': APP_CSP,
        'x-content-type-options': 'nosniff',
      },
    });
  });
  // The same policy on anything else the default session loads as a document.
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...details.responseHeaders };
    if (details.resourceType === 'mainFrame' || details.resourceType === 'subFrame') {
      headers['Content-Security-Policy'] = [APP_CSP];
    }
    callback({ responseHeaders: headers });
  });
}

/** Settings' choices for a closed window, kept here as the core tells them (app.preferences). */
const background = { keepRunning: false, quitting: false };

function showMainWindow(): void {
  if (!mainWindow && core) {
    mainWindow = createMainWindow(join(app.getPath('userData'), 'window-state.json'));
    return;
  }
  if (!mainWindow) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

function followBackgroundPreferences(preferences: { keepRunning: boolean; startAtLogin: boolean }) {
  background.keepRunning = preferences.keepRunning;
  if (app.isPackaged) {
    app.setLoginItemSettings({ openAtLogin: preferences.startAtLogin });
  }
}

function createMainWindow(stateFile: string): BrowserWindow {
  const state = loadWindowState(
    stateFile,
    screen.getAllDisplays().map((display) => display.workArea),
  );
  const window = new BrowserWindow({
    ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
    width: state.width,
    height: state.height,
    minWidth: WINDOW_MIN_SIZE.width,
    minHeight: WINDOW_MIN_SIZE.height,
    title: 'Seller Desk',
    show: false,
    webPreferences: {
      // Reviewed (PRELOAD_JS_CHECK): it exposes only the contract's named methods.
      preload: PRELOAD_SCRIPT /* eng-disable PRELOAD_JS_CHECK */,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      // Middle-click would otherwise try to open links in new windows.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  windows.add(window);
  if (state.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  // A crashed or killed renderer loses nothing (the core holds the data): load the page again.
  window.webContents.on('render-process-gone', (_event, details) => {
    log(`The window's renderer stopped (${details.reason}); reloading it.`);
    if (details.reason !== 'clean-exit' && !window.isDestroyed())
      void window.loadURL(APP_ENTRY_URL);
  });
  window.on('close', (event) => {
    saveWindowState(stateFile, { ...window.getNormalBounds(), maximized: window.isMaximized() });
    // Settings' "keep running": the window goes, the core keeps syncing; the tray brings it back.
    if (background.keepRunning && !background.quitting) {
      event.preventDefault();
      window.hide();
    }
  });
  window.on('closed', () => {
    windows.delete(window);
    if (mainWindow === window) mainWindow = null;
  });
  void window.loadURL(APP_ENTRY_URL);
  return window;
}

async function start(): Promise<void> {
  const userData = app.getPath('userData');
  // Only the core's thread opens SQLite: it loads Electron's build of the binding.
  const sqliteNativeBinding = electronSqliteBinding({
    appPath: app.getAppPath(),
    isPackaged: app.isPackaged,
    exists: existsSync,
  });
  // Each seller's profile stages its own screenshots (usecases/paths).
  const screenshotsDirs = () => stagedScreenshotDirs(userData);
  serveRenderer(join(app.getAppPath(), 'out', 'renderer'), screenshotsDirs);
  denyAllPermissions(session.defaultSession);
  const locale = () => core?.locale() || 'en';
  const say = (key: Parameters<typeof translate>[1]) => translate(locale(), key);
  // Installed copies check for updates; the seller is asked before any restart.
  const updates = startUpdates({
    isPackaged: app.isPackaged,
    version: app.getVersion(),
    resourcesPath: process.resourcesPath,
    userData,
    platform: process.platform,
    arch: process.arch,
    locale,
    log,
    prompts: messageBoxPrompts(
      {
        showMessageBox: (options) => {
          const parent = BrowserWindow.getFocusedWindow() ?? mainWindow;
          return parent ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options);
        },
      },
      () => ({
        title: say('updates.title'),
        ready: (version) => translate(locale(), 'updates.ready', { version }),
        readyDetail: say('updates.readyDetail'),
        restartNow: say('updates.restartNow'),
        later: say('updates.later'),
        ok: say('updates.ok'),
      }),
    ),
  });
  app.on('will-quit', () => updates.stop());
  // The menu speaks the app's language: built again when the seller changes it (below).
  const installMenu = () =>
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate({
          platform: process.platform,
          appName: app.getName(),
          withDevTools: !app.isPackaged,
          openHelp: () => void openInBrowser(`https://${EXTERNAL_LINK_HOSTS[0]}/`).catch(() => {}),
          // The window runs the command as if its key was pressed (renderer/src/App.svelte).
          runCommand: (command) =>
            (BrowserWindow.getFocusedWindow() ?? mainWindow)?.webContents.send(
              ipcChannel('menu.command'),
              { command },
            ),
          checkForUpdates: () => void updates.check(true),
          translate: (key) => translate(locale(), key),
        }),
      ),
    );
  installMenu();

  const vault = createSafeStorageTokenVault(safeStorage, userData);
  const grants = createFileGrants();
  const isTrustedSender = (event: IpcSenderLike) =>
    checkSender(event, {
      origin: APP_ORIGIN,
      isOurWindow: (id) => [...windows].some((w) => !w.isDestroyed() && w.webContents.id === id),
    });
  const nativeDialogs = createNativeDialogs(
    dialog,
    () => BrowserWindow.getFocusedWindow() ?? mainWindow,
  );
  // The core works in a process of its own (electron/corehost): main keeps the windows, the
  // guards and the platform (safeStorage, dialogs, notifications) and serves them to it.
  core = await createRemoteCore({
    spawn: utilityProcessSpawner(__dirname),
    init: {
      dataDir: userData,
      appVersion: app.getVersion(),
      sqliteNativeBinding,
      ...coreTuning(launch),
    },
    ports: {
      tokenVault: vault,
      keychain: {
        encrypt: (text) => safeStorage.encryptString(text),
        decrypt: (sealed) => safeStorage.decryptString(sealed),
      },
      dialogs: {
        async pickFiles(purpose) {
          const picked = await nativeDialogs.pickFiles(purpose);
          picked.forEach((path) => grants.grant(path));
          return picked;
        },
        saveFile: (defaultName) => nativeDialogs.saveFile(defaultName),
      },
      openExternal: openInBrowser,
      notify(title, body) {
        if (Notification.isSupported()) new Notification({ title, body }).show();
      },
      async openFolder(path) {
        const failed = await shell.openPath(path);
        if (failed) log(`The data folder was not opened: ${failed}`);
      },
      resolveFileRef: createFileRefResolver([userData], grants),
      stagedScreenshotUrl: (path) => {
        const route = stagedScreenshotPath(path, screenshotsDirs());
        return route ? APP_ORIGIN + route : null;
      },
      sandbox:
        launch.sandboxUrl && launch.sandboxToken
          ? fixedSandboxPort(launch.sandboxUrl, launch.sandboxToken)
          : createSandboxPort({
              snapshotFile: join(userData, 'sandbox-marketplace.json'),
              buyersEveryMs: launch.sandboxBuyersMs,
            }),
      log: (message) => log(message),
    },
  });

  registerIpcHandlers({
    ipcMain,
    core: withPlainTextAcceptance(core, vault),
    isTrustedSender,
    log,
  });
  // A file dropped on our window: the preload reports its path before handing it to the page.
  ipcMain.handle(FILE_GRANT_CHANNEL, (event, path: unknown) => {
    if (!isTrustedSender(event).trusted || typeof path !== 'string') return false;
    grants.grant(path);
    return true;
  });
  forwardEvents(core, () => [...windows].map((w) => w.webContents));
  // The icon's badge: offers that need the seller, in every connected profile.
  followAttention(
    core,
    electronBadge({
      platform: process.platform,
      app,
      window: () => mainWindow,
      overlay: () => nativeImage.createFromDataURL(OVERLAY_DOT_PNG),
      describe: (count) =>
        count > 0 ? translate(core?.locale() || 'en', 'menu.badge', { count }) : '',
    }),
  );
  core.on('app.languageChanged', () => installMenu());
  // The window's own parts the OS draws (title bar, dialogs, menus) in the seller's theme too.
  core.on('app.preferencesChanged', (changed) => {
    nativeTheme.themeSource = changed.theme;
    followBackgroundPreferences(changed);
  });
  void core.handlers['app.preferences'](undefined).then(
    (preferences) => {
      nativeTheme.themeSource = preferences.theme;
      followBackgroundPreferences(preferences);
    },
    () => log('The theme was not read; the system one stays.'),
  );
  // The tray: its state and menu come from core (core/app/tray.ts); main only draws it.
  const remote = core;
  followTray(
    remote,
    electronTray(join(app.getAppPath(), 'build', 'icons', '32x32.png'), {
      open: showMainWindow,
      syncNow: () => void remote.handlers['sync.now'](undefined).catch(() => {}),
      quit: () => app.quit(),
    }),
    remote.locale(),
  );

  mainWindow = createMainWindow(join(userData, 'window-state.json'));
  await core.start();
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => showMainWindow());
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin' && !background.keepRunning) app.quit();
  });
  app.on('activate', () => {
    if (!mainWindow && core)
      mainWindow = createMainWindow(join(app.getPath('userData'), 'window-state.json'));
  });
  let closing = false;
  app.on('before-quit', (event) => {
    background.quitting = true;
    if (closing || !core) return;
    closing = true;
    event.preventDefault();
    core.close().finally(() => app.quit());
  });
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      dialog.showErrorBox(
        'Seller Desk could not start',
        error instanceof Error ? error.message : String(error),
      );
      app.quit();
    });
}
