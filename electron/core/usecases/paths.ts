// Where Seller Desk keeps its data. The desktop app and the command line share one folder, so
// a change queued in one is pushed by the other.
import { readdirSync, type Dirent } from 'node:fs';
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

/** A marketplace's address as a file-name-safe word: host, port and path. */
export function marketSlug(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.hostname}${url.port ? `-${url.port}` : ''}${url.pathname.replace(/\/+$/, '')}`
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '_');
}

/**
 * The first profile of a marketplace (the real one, the sandbox, a test server): the one SQLite
 * file every earlier version kept per base URL. It stays where it is when its seller claims it
 * (usecases/profiles), so an upgrade moves nothing; other sellers' profiles live beside it in
 * the marketplace's folder (`sellerProfileFile`).
 */
export function profileFile(dataDir: string, baseUrl: string): string {
  return join(profilesDir(dataDir), `${marketSlug(baseUrl)}.sqlite`);
}

/** A further seller's profile on a marketplace: `profiles/<market>/<id>.sqlite`. */
export function sellerProfileFile(dataDir: string, baseUrl: string, id: string): string {
  return join(profilesDir(dataDir), marketSlug(baseUrl), `${id}.sqlite`);
}

/** Which profile belongs to which seller (names, user ids, token fingerprints; never a token). */
export function profileRegistryFile(dataDir: string): string {
  return join(profilesDir(dataDir), 'profiles.json');
}

/** The data folder's key for token fingerprints (HMAC), so a fingerprint is useless elsewhere. */
export function identityKeyFile(dataDir: string): string {
  return join(profilesDir(dataDir), 'identity.key');
}

/**
 * Every file a profile keeps: its SQLite file with WAL and shared memory, its key files, its
 * sealed token and its folder of staged files.
 */
export function profileFileSet(profile: string): string[] {
  const keys = profileKeyFiles(profile);
  return [
    profile,
    `${profile}-wal`,
    `${profile}-shm`,
    keys.keyFile,
    keys.keychainFile,
    profileTokenFile(profile),
    profileFilesDir(profile),
  ];
}

/**
 * The profile's own folder of staged files (screenshot copies waiting to be uploaded), beside its
 * SQLite file: one seller's queue never points into another's, and removing the profile removes
 * them. The stager puts screenshots in its `screenshots` folder.
 */
export function profileFilesDir(profile: string): string {
  return `${profile.replace(/\.sqlite$/, '')}.files`;
}

/** Where a profile's staged screenshot copies are. */
export function profileStagedScreenshotsDir(profile: string): string {
  return join(profileFilesDir(profile), 'screenshots');
}

/** Where every version before staged files were per profile put them, for the whole folder. */
export function legacyStagedScreenshotsDir(dataDir: string): string {
  return join(dataDir, 'screenshots');
}

/**
 * Every folder a staged screenshot can be in: each profile's, and the folder-wide one of before
 * (copies queued then stay served until their profile takes them at the next start).
 */
export function stagedScreenshotDirs(dataDir: string): string[] {
  return [
    ...allProfileFiles(dataDir).map(profileStagedScreenshotsDir),
    legacyStagedScreenshotsDir(dataDir),
  ];
}

/**
 * Where the app keeps a profile's API token, sealed by the OS keychain (safeStorage) or the
 * browser host's key-file box: beside the profile's SQLite file, so each seller's token stays
 * with their profile and goes with it when it is removed.
 */
export function profileTokenFile(profile: string): string {
  return `${profile.replace(/\.sqlite$/, '')}.token.sealed`;
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

/** Every profile's SQLite file in the data folder: the first ones and each marketplace's others. */
export function allProfileFiles(dataDir: string): string[] {
  const root = profilesDir(dataDir);
  const files: string[] = [];
  let entries: Dirent[];
  try {
    entries = readdirSync(root, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  for (const entry of entries) {
    if (entry.isFile() && entry.name.endsWith('.sqlite')) files.push(join(root, entry.name));
    if (!entry.isDirectory()) continue;
    for (const name of readdirSync(join(root, entry.name))) {
      if (name.endsWith('.sqlite')) files.push(join(root, entry.name, name));
    }
  }
  return files;
}
