// A seller's own settings, kept in their profile (its store's meta table) so that each shop
// sends the way its seller chose: how long a change is held for undo, whether the background
// sync sends at all, and whether the command line may send this profile's credentials. Earlier
// versions kept these app-wide (the app's settings.json); `adoptProfileSettings` carries those
// values into every profile once.
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { openStore, type Store } from '../../store';
import type { SellerProfile } from '../profile';

const profileSettingsSchema = z.object({
  /** The hold: the background sync leaves a change alone this long, so it can still be undone. */
  holdSeconds: z.number().int().min(0).max(600).default(10),
  /** Off: the background sync still reads the marketplace but sends only on "Sync now". */
  sendAutomatically: z.boolean().default(true),
  /** Minutes between the background sync's runs (a change and "Sync now" do not wait for it). */
  syncIntervalMinutes: z.number().int().min(1).max(60).default(5),
  /** The command line may send this profile's credentials (its key is kept in a file for it). */
  commandLineCredentials: z.boolean().default(false),
});
export type ProfileSettings = z.infer<typeof profileSettingsSchema>;

export const DEFAULT_PROFILE_SETTINGS: ProfileSettings = profileSettingsSchema.parse({});

function readFrom(store: Store): ProfileSettings {
  const parsed = profileSettingsSchema.safeParse(store.profileSettings() ?? {});
  return parsed.success ? parsed.data : DEFAULT_PROFILE_SETTINGS;
}

/** The profile's settings; a profile never set (or a damaged value) has the defaults. */
export function profileSettings(profile: SellerProfile): ProfileSettings {
  return readFrom(profile.store());
}

/** Changes some of the profile's settings and returns them all. */
export function changeProfileSettings(
  profile: SellerProfile,
  patch: Partial<ProfileSettings>,
): ProfileSettings {
  const store = profile.store();
  const next = profileSettingsSchema.parse({ ...readFrom(store), ...patch });
  store.saveProfileSettings(next);
  return next;
}

/** The settings of a profile no session has open (the credentials key, the switcher). */
export function profileSettingsOfFile(file: string): ProfileSettings {
  if (!existsSync(file)) return DEFAULT_PROFILE_SETTINGS;
  const store = openStore(file);
  try {
    return readFrom(store);
  } finally {
    store.close();
  }
}

/** Changes the settings of a profile no session has open (or one synced in the background). */
export function changeProfileSettingsOfFile(
  file: string,
  patch: Partial<ProfileSettings>,
): ProfileSettings {
  const store = openStore(file);
  try {
    const next = profileSettingsSchema.parse({ ...readFrom(store), ...patch });
    store.saveProfileSettings(next);
    return next;
  } finally {
    store.close();
  }
}

/**
 * Gives a profile that has no settings of its own these ones (the app-wide values of an earlier
 * version); a profile that has some keeps them. Returns whether it took them.
 */
export function adoptProfileSettings(file: string, values: Partial<ProfileSettings>): boolean {
  if (!existsSync(file)) return false;
  const store = openStore(file);
  try {
    if (store.profileSettings() !== null) return false;
    store.saveProfileSettings(profileSettingsSchema.parse(values));
    return true;
  } finally {
    store.close();
  }
}
