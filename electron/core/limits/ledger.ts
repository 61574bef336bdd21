// Where the limiter writes down what it sent. The SQLite ledger is shared by every process that
// opens the same data file (the app and the CLI beside it) and survives a restart; the memory
// ledger has the same behaviour for a limiter without a database.
import type { LedgerEntry, Weights } from './windows';

/** The part of a better-sqlite3 `Database` the ledger uses (kept structural: no typings needed). */
export interface LedgerDatabase {
  prepare(source: string): {
    all(...params: unknown[]): unknown[];
    run(...params: unknown[]): { lastInsertRowid: number | bigint };
  };
  transaction<T>(fn: () => T): { immediate(): T };
}

export interface Ledger {
  /** Runs `fn` so that no other process reads or writes the ledger in between. */
  exclusively<T>(fn: () => T): T;
  /** Entries recorded after `sinceMs` (exclusive), oldest first. */
  entriesAfter(sinceMs: number): LedgerEntry[];
  record(atMs: number, weights: Weights): number;
  /** Sets an entry's time: when its answer came back, the request had reached the server. */
  settle(id: number, atMs: number): void;
  /** Forgets entries dated at or before `beforeMs`, or after `afterMs`. */
  prune(beforeMs: number, afterMs: number): void;
}

export function sqliteLedger(db: LedgerDatabase): Ledger {
  const selectAfter = db.prepare(
    `SELECT id, at_ms AS atMs, requests, manage_offers AS manageOffers, attach
       FROM rate_ledger WHERE at_ms > ? ORDER BY at_ms, id`,
  );
  const insert = db.prepare(
    'INSERT INTO rate_ledger (at_ms, requests, manage_offers, attach) VALUES (?, ?, ?, ?)',
  );
  const update = db.prepare('UPDATE rate_ledger SET at_ms = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM rate_ledger WHERE at_ms <= ? OR at_ms > ?');
  // Changes whenever another connection (another process) commits to the file: until it does,
  // the rows we read last, plus our own writes, are the ledger, and a pump costs no SELECT.
  const dataVersion = db.prepare('PRAGMA data_version');
  // Shared by every limiter on this connection: their writes do not change its data_version.
  const cached = () => cacheByConnection.get(db);

  const entriesAfter = (sinceMs: number): LedgerEntry[] => {
    const since = Math.floor(sinceMs);
    const version = JSON.stringify(dataVersion.all());
    let cache = cached();
    if (!cache || cache.version !== version || since < cache.since) {
      cache = { version, since, entries: selectAfter.all(since) as LedgerEntry[] };
      cacheByConnection.set(db, cache);
    }
    return cache.entries.filter((e) => e.atMs > since).sort(byTime);
  };
  return {
    exclusively: (fn) => db.transaction(fn).immediate(),
    entriesAfter,
    record: (atMs, w) => {
      const at = Math.ceil(atMs);
      const id = Number(insert.run(at, w.requests, w.manageOffers, w.attach).lastInsertRowid);
      cached()?.entries.push({ id, atMs: at, ...w });
      return id;
    },
    settle: (id, atMs) => {
      const at = Math.ceil(atMs);
      update.run(at, id);
      const e = cached()?.entries.find((x) => x.id === id);
      if (e) e.atMs = at;
    },
    prune: (beforeMs, afterMs) => {
      const before = Math.floor(beforeMs);
      const after = Math.ceil(afterMs);
      remove.run(before, after);
      const cache = cached();
      if (cache) cache.entries = cache.entries.filter((e) => e.atMs > before && e.atMs <= after);
    },
  };
}

interface LedgerCache {
  version: string;
  since: number;
  entries: LedgerEntry[];
}
const cacheByConnection = new WeakMap<LedgerDatabase, LedgerCache>();

const byTime = (a: LedgerEntry, b: LedgerEntry) => a.atMs - b.atMs || a.id - b.id;

export function memoryLedger(): Ledger {
  let entries: LedgerEntry[] = [];
  let nextId = 1;
  return {
    exclusively: (fn) => fn(),
    entriesAfter: (sinceMs) => entries.filter((e) => e.atMs > sinceMs).sort(byTime),
    record: (atMs, w) => {
      const id = nextId++;
      entries.push({ id, atMs: Math.ceil(atMs), ...w });
      return id;
    },
    settle: (id, atMs) => {
      const e = entries.find((x) => x.id === id);
      if (e) e.atMs = Math.ceil(atMs);
    },
    prune: (beforeMs, afterMs) => {
      entries = entries.filter((e) => e.atMs > beforeMs && e.atMs <= afterMs);
    },
  };
}
