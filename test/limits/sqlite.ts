// Opens a real better-sqlite3 file for the ledger tests (the package ships no typings; this is
// the slice the tests use).
import { createRequire } from 'node:module';
import type { LedgerDatabase } from '../../electron/core/limits';
import { RATE_LEDGER_DDL } from '../../electron/core/limits';

export interface TestDatabase extends LedgerDatabase {
  exec(sql: string): void;
  pragma(source: string): unknown;
  close(): void;
}

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3') as new (file: string) => TestDatabase;

export function openLedgerFile(file: string): TestDatabase {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.exec(RATE_LEDGER_DDL);
  return db;
}
