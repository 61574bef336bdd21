import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, SCHEMA_VERSION, StoreError } from '../../electron/core/store';
import { goldProduct, tempDir } from './fixtures';
import { testDatabase } from '../../electron/core/store/testing';

const dirs: ReturnType<typeof tempDir>[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));
function temp() {
  const d = tempDir();
  dirs.push(d);
  return d;
}

function openError(file: string): StoreError {
  try {
    openStore(file).close();
  } catch (error) {
    if (error instanceof StoreError) return error;
    throw error;
  }
  throw new Error('expected openStore to fail');
}

describe('openStore', () => {
  it.runIf(process.platform !== 'win32')(
    'keeps the database, its WAL and shared-memory files owner-only, and narrows an older file',
    () => {
      const { file } = temp();
      const path = file('private.db');
      const store = openStore(path);
      store.saveProducts([goldProduct]); // a write, so the WAL and -shm files exist
      const modes = [path, `${path}-wal`, `${path}-shm`].map((p) => statSync(p).mode & 0o777);
      expect(modes).toEqual([0o600, 0o600, 0o600]);
      store.close();

      chmodSync(path, 0o644); // as an older version left it
      openStore(path).close();
      expect(statSync(path).mode & 0o777).toBe(0o600);
    },
  );

  it('creates a WAL file with foreign keys, the current schema and the rate ledger', () => {
    const { file } = temp();
    const store = openStore(file('seller.db'));
    expect(testDatabase(store).pragma('journal_mode', { simple: true })).toBe('wal');
    expect(testDatabase(store).pragma('foreign_keys', { simple: true })).toBe(1);
    expect(testDatabase(store).pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    const tables = testDatabase(store)
      .prepare<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((t) => t.name);
    expect(tables).toEqual(
      expect.arrayContaining(['rate_ledger', 'offers', 'local_changes', 'outbox', 'conflicts']),
    );
    store.saveProducts([goldProduct]);
    store.close();
    const again = openStore(file('seller.db'));
    expect(again.getProduct(goldProduct.id)?.title).toBe(goldProduct.title);
    again.close();
  });

  it('refuses a file that is not a database, and leaves it byte for byte as it was', () => {
    const { file } = temp();
    const path = file('garbage.db');
    const bytes = Buffer.from('this is not sqlite at all, just some text '.repeat(200));
    writeFileSync(path, bytes);
    const error = openError(path);
    expect(error.kind).toBe('corrupt');
    expect(error.message).toMatch(/not a readable Seller Desk database/);
    expect(readFileSync(path).equals(bytes)).toBe(true);
    expect(existsSync(path + '-wal')).toBe(false);
  });

  it('refuses a database whose pages are damaged, without touching it', () => {
    const { file } = temp();
    const path = file('damaged.db');
    const store = openStore(path);
    store.saveProducts([goldProduct]);
    testDatabase(store).pragma('journal_mode = DELETE');
    store.close();
    const bytes = readFileSync(path);
    // Keep the header (so SQLite recognizes the file) and scribble over the schema page.
    bytes.fill(0xab, 100, 4096);
    writeFileSync(path, bytes);
    const error = openError(path);
    expect(error.kind).toBe('corrupt');
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });

  it('refuses a file from a newer app version, and leaves it byte for byte as it was', () => {
    const { file } = temp();
    const path = file('newer.db');
    const raw = new Database(path);
    raw.exec('CREATE TABLE future (x INTEGER)');
    raw.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    raw.close();
    const bytes = readFileSync(path);
    const error = openError(path);
    expect(error.kind).toBe('newer_version');
    expect(error.message).toMatch(/newer Seller Desk/);
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });

  it('lets a second connection (the CLI next to the app) read and write the same file', () => {
    const { file } = temp();
    const a = openStore(file('shared.db'));
    const b = openStore(file('shared.db'));
    a.saveProducts([goldProduct]);
    expect(b.getProduct(goldProduct.id)?.id).toBe(goldProduct.id);
    a.close();
    b.close();
  });
});
