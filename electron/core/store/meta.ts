// Small named values the sync engine remembers between runs (the pull high-water mark, …).
import type { StoreContext } from './context';

export function getMeta(ctx: StoreContext, key: string): string | null {
  return (
    ctx.db.prepare<{ value: string }>('SELECT value FROM meta WHERE key = ?').get(key)?.value ??
    null
  );
}

export function setMeta(ctx: StoreContext, key: string, value: string | null): void {
  if (value === null) ctx.db.prepare('DELETE FROM meta WHERE key = ?').run(key);
  else
    ctx.db
      .prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      )
      .run(key, value);
}
