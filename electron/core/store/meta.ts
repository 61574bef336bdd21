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

// A view's remembered choices (filters, sort, columns) live in the profile's own file, so each
// seller profile reopens as its seller left it; the use case checks the JSON's shape.
const viewKey = (view: string) => `view:${view}`;

export function viewPreferencesOf(ctx: StoreContext, view: string): unknown {
  const raw = getMeta(ctx, viewKey(view));
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function saveViewPreferences(ctx: StoreContext, view: string, value: unknown): void {
  setMeta(ctx, viewKey(view), value === null ? null : JSON.stringify(value));
}

// The profile's own settings (the hold, sending automatically, the command line's access to
// credentials): kept with the seller's profile, so each seller's shop works as they set it.
const SETTINGS_KEY = 'settings';

export function profileSettingsOf(ctx: StoreContext): unknown {
  const raw = getMeta(ctx, SETTINGS_KEY);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function saveProfileSettings(ctx: StoreContext, value: unknown): void {
  setMeta(ctx, SETTINGS_KEY, value === null ? null : JSON.stringify(value));
}
