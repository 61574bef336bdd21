// The app's own preferences, kept in its settings file (app-wide: the look, the notifications and
// the last section belong to the seller at this computer, not to one of their shops), what
// Settings shows about the app (its version, its data folder), and the one gate every native
// notification passes: an event the seller silenced in Settings is not shown.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Handlers } from '../../contract/ipc';
import type { AppPreferences, NotificationKind } from '../../contract/ipc/preferenceModels';
import type { AppCoreOptions } from './options';
import { settingsFile, type Settings } from './settings';

const preferencesOf = (settings: Settings) => ({
  theme: settings.theme,
  notifications: settings.notifications,
  view: settings.view,
  keepRunning: settings.keepRunning,
  startAtLogin: settings.startAtLogin,
});

/**
 * The app's version: main passes Electron's (the packaged app's package.json); the browser host
 * and the tests run from the checkout, whose package.json is in the working folder.
 */
function appVersion(options: Pick<AppCoreOptions, 'appVersion'>): string {
  if (options.appVersion) return options.appVersion;
  const file = join(process.cwd(), 'package.json');
  try {
    if (existsSync(file)) {
      const found = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
      if (found.name === 'seller-desk' && typeof found.version === 'string') return found.version;
    }
  } catch {
    // An unreadable file says nothing about the version.
  }
  return 'unknown';
}

export function preferenceHandlers(
  options: Pick<AppCoreOptions, 'dataDir' | 'appVersion' | 'openFolder' | 'log'>,
  /** Told the preferences after each change (the app.preferencesChanged event). */
  changed: (preferences: AppPreferences) => void = () => {},
): Pick<Handlers, 'app.preferences' | 'app.setPreferences' | 'app.about' | 'app.openDataFolder'> {
  const file = settingsFile(options.dataDir);
  return {
    async 'app.preferences'() {
      return preferencesOf(file.read());
    },
    async 'app.setPreferences'(patch) {
      const current = file.read();
      const notifications = { ...current.notifications };
      for (const [kind, on] of Object.entries(patch.notifications ?? {})) {
        if (typeof on === 'boolean') notifications[kind as NotificationKind] = on;
      }
      const next = preferencesOf(
        file.update({
          ...(patch.theme && { theme: patch.theme }),
          ...(patch.view && { view: patch.view }),
          ...(patch.keepRunning !== undefined && { keepRunning: patch.keepRunning }),
          ...(patch.startAtLogin !== undefined && { startAtLogin: patch.startAtLogin }),
          notifications,
        }),
      );
      changed(next);
      return next;
    },
    async 'app.about'() {
      return { version: appVersion(options), dataFolder: options.dataDir };
    },
    async 'app.openDataFolder'() {
      if (options.openFolder) await options.openFolder(options.dataDir);
      else options.log?.(`The data folder is ${options.dataDir}`);
      return { message: 'Opened.' };
    },
  };
}

/**
 * Every native notification goes through here with the kind of event it tells: one the seller
 * turned off in Settings is dropped (read at each notification, so a change counts at once).
 */
export function notificationGate(
  dataDir: string,
  show: ((title: string, body: string) => void) | undefined,
): (kind: NotificationKind, title: string, body: string) => void {
  const file = settingsFile(dataDir);
  return (kind, title, body) => {
    if (!show || !file.read().notifications[kind]) return;
    show(title, body);
  };
}

/** A stock alert's kind in Settings: a restock pool run dry, else low stock or sold out. */
export function stockNotificationKind(alert: { kind: string }): NotificationKind {
  return alert.kind === 'pool_dry' ? 'poolDry' : 'lowStock';
}
