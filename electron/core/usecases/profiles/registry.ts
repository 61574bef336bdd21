// Which profile belongs to which seller, kept in one small JSON file of the data folder
// (`profiles/profiles.json`, 0600): each profile's name, marketplace, SQLite file, the seller's
// user id once the marketplace confirmed it, and the fingerprints of the tokens used with it
// (identity.ts; never a token). The app and any number of CLI runs share it, so every change is
// read, changed and written under a lock file and replaced atomically.
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { z } from 'zod';
import { profileRegistryFile, profilesDir } from '../paths';
import { UseCaseFailure } from '../failure';

const entrySchema = z.object({
  name: z.string().min(1),
  /** The marketplace, as `marketSlug` spells it. */
  market: z.string().min(1),
  /** The SQLite file, relative to the profiles folder. */
  file: z.string().min(1),
  /** The seller's user id on the marketplace, once seen on their own offers. */
  userId: z.number().int().nullable(),
  /** Fingerprints of the tokens this profile was used with (newest last). */
  fingerprints: z.array(z.string()),
});
export type ProfileEntry = z.infer<typeof entrySchema>;

const registrySchema = z.object({ version: z.literal(1), profiles: z.array(entrySchema) });
export type Registry = z.infer<typeof registrySchema>;

/** A fingerprint list stays short: the newest tokens are the ones that matter. */
const MAX_FINGERPRINTS = 20;
const LOCK_WAIT_MS = 5_000;
/** A lock older than this was left by a process that died while holding it. */
const STALE_LOCK_MS = 10_000;

export function readRegistry(dataDir: string): Registry {
  let text: string;
  try {
    text = readFileSync(profileRegistryFile(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, profiles: [] };
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  const parsed = registrySchema.safeParse(json);
  if (!parsed.success) {
    throw new UseCaseFailure(
      'data_folder',
      `The list of profiles (${profileRegistryFile(dataDir)}) cannot be read; it was left as it is.`,
      [],
      {
        say: {
          key: 'refusals.profiles.listUnreadable',
          values: { path: profileRegistryFile(dataDir) },
        },
      },
    );
  }
  return parsed.data;
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function withLock<T>(dataDir: string, fn: () => T): T {
  const lock = `${profileRegistryFile(dataDir)}.lock`;
  mkdirSync(dirname(lock), { recursive: true, mode: 0o700 });
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx', 0o600));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { force: true });
      } catch {
        // gone meanwhile: try again
      }
      if (Date.now() > deadline) {
        throw new UseCaseFailure(
          'data_folder',
          'Another Seller Desk process is changing the list of profiles; try again in a moment.',
          [],
          { say: { key: 'refusals.profiles.listBusy' } },
        );
      }
      sleepSync(20);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** Reads, changes and writes the registry as one step across processes. */
export function updateRegistry<T>(dataDir: string, change: (registry: Registry) => T): T {
  return withLock(dataDir, () => {
    const registry = readRegistry(dataDir);
    const answer = change(registry);
    const file = profileRegistryFile(dataDir);
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify(registry, null, 2)}\n`, { mode: 0o600 });
    renameSync(temp, file);
    return answer;
  });
}

/** The entry's SQLite file as an absolute path. */
export function entryFile(dataDir: string, entry: Pick<ProfileEntry, 'file'>): string {
  return isAbsolute(entry.file) ? entry.file : join(profilesDir(dataDir), entry.file);
}

/** A profile file as the registry spells it (relative, so a moved data folder still works). */
export function registryPath(dataDir: string, file: string): string {
  return relative(profilesDir(dataDir), file);
}

export function rememberFingerprint(entry: ProfileEntry, fingerprint: string): void {
  entry.fingerprints = [...entry.fingerprints.filter((f) => f !== fingerprint), fingerprint].slice(
    -MAX_FINGERPRINTS,
  );
}
