// Opening the seller's SQLite file: refuse a corrupt or newer file without touching it, then
// bring an older one up to date one migration (one transaction) at a time.
import { chmodSync, closeSync, existsSync, openSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { StoreError } from './errors';
import { migrations, SCHEMA_VERSION } from './schema';

export interface OpenDatabaseOptions {
  /** How long a write waits for the other process (CLI or app) holding the file. */
  busyTimeoutMs?: number;
}

/**
 * The better-sqlite3 binding built for this runtime's ABI. Under Electron, main points it at the
 * separate Electron build (electron/main/nativeBinding.ts); Node (tests, CLI) keeps the default.
 */
let runtimeNativeBinding: string | undefined;
export function useSqliteNativeBinding(path: string | undefined): void {
  runtimeNativeBinding = path;
}
/** The binding set for this runtime, for a thread that opens its own connection (checkpointer.ts). */
export const sqliteNativeBinding = (): string | undefined => runtimeNativeBinding;
const bindingOption = () => (runtimeNativeBinding ? { nativeBinding: runtimeNativeBinding } : {});

/** SQLite error codes that mean the bytes on disk are not a database we can read. */
const CORRUPT_CODES = new Set(['SQLITE_NOTADB', 'SQLITE_CORRUPT']);

function sqliteCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : '';
}

/**
 * Reads the existing file read-only first: opening read-write and then failing would already
 * have created a journal or rewritten the header, and a newer app's file must stay as it was.
 */
function inspectExisting(file: string): number {
  let probe: Database.Database | null = null;
  try {
    probe = new Database(file, { readonly: true, fileMustExist: true, ...bindingOption() });
    const version = probe.pragma('user_version', { simple: true }) as number;
    // Reading the schema touches the header and the schema pages: enough to refuse a file that
    // is not ours or is damaged where it matters, without the full scan quick_check would do on
    // a large store at every start.
    probe.prepare('SELECT count(*) FROM sqlite_master').get();
    return version;
  } catch (error) {
    if (error instanceof StoreError) throw error;
    const code = sqliteCode(error);
    if (CORRUPT_CODES.has(code) || code.startsWith('SQLITE_CORRUPT')) {
      throw new StoreError(
        'corrupt',
        `The data file ${file} is not a readable Seller Desk database; it was left untouched.`,
        file,
      );
    }
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
      throw new StoreError('locked', `The data file ${file} is locked by another process.`, file);
    }
    throw error;
  } finally {
    probe?.close();
  }
}

/**
 * The seller's offers, queue and credential hashes are nobody else's business on a shared
 * machine: the file is owner-only before SQLite first opens it, and SQLite gives its WAL and
 * shared-memory files the database file's mode. Files made by an older version are narrowed too.
 */
function keepOwnerOnly(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      chmodSync(path, 0o600);
    } catch {
      // -wal and -shm exist only while a connection is open
    }
  }
}

export function openDatabase(file: string, opts: OpenDatabaseOptions = {}): Database.Database {
  if (file !== ':memory:') keepOwnerOnly(file);
  const exists = file !== ':memory:' && existsSync(file) && statSync(file).size > 0;
  if (exists) {
    const version = inspectExisting(file);
    if (version > SCHEMA_VERSION) {
      throw new StoreError(
        'newer_version',
        `The data file ${file} was written by a newer Seller Desk (schema ${version}, this app knows ${SCHEMA_VERSION}); update the app. The file was left untouched.`,
        file,
      );
    }
  }
  const db = new Database(file, { timeout: opts.busyTimeoutMs ?? 5000, ...bindingOption() });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

function migrate(db: Database.Database): void {
  // IMMEDIATE: two processes opening an old file at once must not both run a migration.
  const step = db.transaction((from: number) => {
    const current = db.pragma('user_version', { simple: true }) as number;
    if (current !== from) return;
    const migration = migrations[from];
    if (migration === undefined) return;
    if (typeof migration === 'string') db.exec(migration);
    else migration(db);
    db.pragma(`user_version = ${from + 1}`);
  });
  for (;;) {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version >= SCHEMA_VERSION) return;
    step.immediate(version);
  }
}
