// Small named values the sync engine remembers between runs (the pull high-water mark, …).
import { prep, type StoreContext } from './context';

export function getMeta(ctx: StoreContext, key: string): string | null {
  return (
    prep<{ value: string }>(ctx, 'SELECT value FROM meta WHERE key = ?').get(key)?.value ?? null
  );
}

export function setMeta(ctx: StoreContext, key: string, value: string | null): void {
  if (value === null) prep(ctx, 'DELETE FROM meta WHERE key = ?').run(key);
  else
    prep(
      ctx,
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ).run(key, value);
}
