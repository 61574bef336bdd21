// Opens a real better-sqlite3 file for the ledger tests, as the store would.
import Database from 'better-sqlite3';
import { RATE_LEDGER_DDL, type LedgerDatabase } from '../../electron/core/limits';

export function openLedgerFile(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(RATE_LEDGER_DDL);
  return db;
}

/** The store's database type is what the limiter accepts (checked by tsc). */
export const asLedgerDatabase = (db: Database.Database): LedgerDatabase => db;
