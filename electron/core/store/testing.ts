// Test-only access to a store's connection, for tests that plant or inspect rows (an older
// version's lock, a damaged payload, a benchmark's indexes). Production code may not import this
// module (ESLint: build/eslint/layers.js); it reaches the store through its interfaces.
import type Database from 'better-sqlite3';
import { contextOf, type StoreContext } from './context';
import type { Store } from './index';

/** The store's own connection (same transactions, same prepared statements). */
export function testDatabase(store: Store): Database.Database {
  return contextOf(store).db;
}

/** What the store's lower-level functions take (applyServerOffer, refreshOffer, …). */
export function testContext(store: Store): StoreContext {
  return contextOf(store);
}
