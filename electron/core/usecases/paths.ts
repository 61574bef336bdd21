// Where Seller Desk keeps its data. The desktop app and the command line share one folder, so
// a change queued in one is pushed by the other.
import { homedir } from 'node:os';
import { join } from 'node:path';

export const PRODUCT_NAME = 'Seller Desk';

/** The folder Electron calls `userData` for this app, computed without Electron. */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  if (env.SELLER_DESK_DATA_DIR) return env.SELLER_DESK_DATA_DIR;
  if (platform === 'win32')
    return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', PRODUCT_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), PRODUCT_NAME);
}

/**
 * One SQLite file per marketplace the seller works with (the real one, the sandbox, a test
 * server). Keyed by the base URL rather than the token, so that replacing a token keeps every
 * unsynced change.
 */
export function profileFile(dataDir: string, baseUrl: string): string {
  const url = new URL(baseUrl);
  const slug = `${url.hostname}${url.port ? `-${url.port}` : ''}${url.pathname.replace(/\/+$/, '')}`
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '_');
  return join(profilesDir(dataDir), `${slug}.sqlite`);
}

/**
 * Where a profile's credentials key lives, beside its SQLite file: `keyFile` holds the raw key
 * (mode 0600) for the command line, and exists only when the seller let the command line send
 * credentials or the command line created the key itself; `keychainFile` holds the key encrypted
 * by the OS keychain, for the app.
 */
export function profileKeyFiles(profile: string): { keyFile: string; keychainFile: string } {
  const stem = profile.replace(/\.sqlite$/, '');
  return { keyFile: `${stem}.credentials.key`, keychainFile: `${stem}.credentials.key.enc` };
}

/** The profiles folder, where every profile's SQLite and key files are. */
export function profilesDir(dataDir: string): string {
  return join(dataDir, 'profiles');
}

/**
 * The one data key of the whole folder, from before keys were per profile: the CLI's (a 0600 key
 * file) and the app's (encrypted by the OS keychain). Only read, to open credentials queued then.
 */
export function legacyCredentialsKeyFile(
  dataDir: string,
  protectedBy: 'file' | 'keychain',
): string {
  return join(dataDir, protectedBy === 'file' ? 'credentials.key' : 'credentials.key.enc');
}

/**
 * The browser host has no keychain: a key file protects its token and stands in for the keychain
 * around profile keys. It keeps the legacy file's name so that a token sealed before stays
 * readable (and credentials the host queued then open as legacy ones).
 */
export function hostKeyFile(dataDir: string): string {
  return legacyCredentialsKeyFile(dataDir, 'file');
}
