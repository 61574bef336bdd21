import type Database from 'better-sqlite3';
import type { Clock } from '../util/clock';

/** What every store module works with: the open file and the source of time. */
export interface StoreContext {
  db: Database.Database;
  clock: Clock;
}

export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  return JSON.parse(text) as T;
}
