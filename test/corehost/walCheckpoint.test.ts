// Shutdown folds the profile's write-ahead log into its file and empties it, even while another
// connection (the command line, a reader) still has the file open — SQLite alone does it only
// when the last connection closes.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../electron/core/store';

const dir = mkdtempSync(join(tmpdir(), 'sd-wal-close-'));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the store's close", () => {
  it('checkpoints and truncates the write-ahead log while another connection is open', () => {
    const file = join(dir, 'profile.db');
    const store = openStore(file);
    const other = new Database(file);
    try {
      other.exec('CREATE TABLE planted (n INTEGER); INSERT INTO planted VALUES (1), (2), (3);');
      expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);
      store.close();
      expect(statSync(`${file}-wal`).size).toBe(0);
      expect(other.prepare('SELECT count(*) AS n FROM planted').get()).toEqual({ n: 3 });
    } finally {
      other.close();
    }
  });
});
