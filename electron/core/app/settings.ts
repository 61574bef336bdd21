// The little the app remembers between runs besides the store: which marketplace it was
// connected to and which profile it showed. Written atomically; a damaged file means "not
// connected", never a crash. The seller's sending settings are each profile's own
// (usecases/settings); the app-wide values of earlier versions are carried into every profile
// once (`moveSettingsIntoProfiles`).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  appViewSchema,
  notificationChoicesSchema,
  themeChoiceSchema,
} from '../../contract/ipc/preferenceModels';
import { languageChoiceSchema } from '../../contract/i18n/languageModels';
import { allProfileFiles } from '../usecases/paths';
import { adoptProfileSettings } from '../usecases/settings';

const settingsSchema = z.object({
  mode: z.enum(['none', 'marketplace', 'sandbox']).default('none'),
  baseUrl: z.string().nullable().default(null),
  /** The seller accepted a token store that the OS does not encrypt (Linux `basic_text`). */
  plainTextAccepted: z.boolean().default(false),
  /** Earlier versions' app-wide settings, read once to give them to every profile. */
  commandLineCredentials: z.boolean().default(false),
  holdSeconds: z.number().int().min(0).max(600).default(10),
  sendAutomatically: z.boolean().default(true),
  /** The app-wide settings above were given to every profile; they are read no more. */
  settingsMovedToProfiles: z.boolean().default(false),
  /** The SQLite file of the seller's profile the app shows (several sellers may be connected). */
  activeProfile: z.string().nullable().default(null),
  /**
   * The app's look, its notifications and the section it showed last (core/app/preferences); a
   * value this version does not know falls back alone, never taking the file with it.
   */
  theme: themeChoiceSchema.catch('system'),
  notifications: notificationChoicesSchema.catch(notificationChoicesSchema.parse({})),
  view: appViewSchema.catch('offers'),
  keepRunning: z.boolean().catch(false),
  startAtLogin: z.boolean().catch(false),
  /** The language the seller chose for the whole app: 'system' follows the OS. */
  language: languageChoiceSchema.default('system'),
});
export type Settings = z.infer<typeof settingsSchema>;

export interface SettingsFile {
  read(): Settings;
  update(patch: Partial<Settings>): Settings;
}

export function settingsFile(dataDir: string): SettingsFile {
  const path = join(dataDir, 'settings.json');
  const read = (): Settings => {
    try {
      return settingsSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
    } catch {
      return settingsSchema.parse({});
    }
  };
  return {
    read,
    update(patch) {
      const next = settingsSchema.parse({ ...read(), ...patch });
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      const temporary = `${path}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(next, null, 2), { mode: 0o600 });
      renameSync(temporary, path);
      return next;
    },
  };
}

/**
 * At the first start of a version with settings per profile: every profile there is takes the
 * app-wide hold, automatic sending and command-line access it was used with, so nothing the
 * seller chose changes under them. Profiles added later start from the defaults.
 */
export function moveSettingsIntoProfiles(
  dataDir: string,
  log?: (message: string, error: unknown) => void,
): void {
  const file = settingsFile(dataDir);
  const current = file.read();
  if (current.settingsMovedToProfiles) return;
  const values = {
    holdSeconds: current.holdSeconds,
    sendAutomatically: current.sendAutomatically,
    commandLineCredentials: current.commandLineCredentials,
  };
  let complete = true;
  for (const profile of allProfileFiles(dataDir)) {
    try {
      adoptProfileSettings(profile, values);
    } catch (error) {
      // Tried again at the next start; the profile has the defaults meanwhile.
      complete = false;
      log?.('settings could not be given to a profile', error);
    }
  }
  if (complete) file.update({ settingsMovedToProfiles: true });
}
