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
  return join(dataDir, 'profiles', `${slug}.sqlite`);
}

/** The credentials data key, protected by a key file (CLI) or by the OS keychain (app). */
export function credentialsKeyFile(dataDir: string, protectedBy: 'file' | 'keychain'): string {
  return join(dataDir, protectedBy === 'file' ? 'credentials.key' : 'credentials.key.enc');
}
