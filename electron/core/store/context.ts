import type Database from 'better-sqlite3';
import type { Clock } from '../util/clock';
import type { WalCheckpointer } from './checkpointer';

/** What every store module works with: the open file and the source of time. */
export interface StoreContext {
  db: Database.Database;
  clock: Clock;
  /** With checkpoints on their own thread: that thread (checkpointer.ts), for long jobs. */
  checkpointer?: Pick<WalCheckpointer, 'nudge' | 'fold'>;
}

/**
 * The context behind each open store, for store/testing.ts only: the connection is not a member
 * of the Store object, so nothing outside this folder can reach it by accident.
 */
const contexts = new WeakMap<object, StoreContext>();

export function bindContext(store: object, ctx: StoreContext): void {
  contexts.set(store, ctx);
}

export function contextOf(store: object): StoreContext {
  const ctx = contexts.get(store);
  if (!ctx) throw new Error('not a store opened by openStore');
  return ctx;
}

export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  return JSON.parse(text) as T;
}

const statements = new WeakMap<Database.Database, Map<string, Database.Statement<unknown>>>();

/**
 * A prepared statement, compiled once per connection: refreshing an offer runs a dozen small
 * queries, and compiling them anew each time costs more than running them.
 */
export function prep<Row = unknown>(ctx: StoreContext, sql: string): Database.Statement<Row> {
  let cache = statements.get(ctx.db);
  if (!cache) {
    cache = new Map();
    statements.set(ctx.db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = ctx.db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement as Database.Statement<Row>;
}
