// The little the app remembers between runs besides the store: which marketplace it was
// connected to, and whether the command line may send credentials. Written atomically; a damaged file means "not connected", never a crash.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const settingsSchema = z.object({
  mode: z.enum(['none', 'marketplace', 'sandbox']).default('none'),
  baseUrl: z.string().nullable().default(null),
  /** The seller accepted a token store that the OS does not encrypt (Linux `basic_text`). */
  plainTextAccepted: z.boolean().default(false),
  /**
   * The seller let the command line send credentials: each profile's key is also kept in an
   * owner-only key file the CLI reads (see core/secrets/profileKey).
   */
  commandLineCredentials: z.boolean().default(false),
  /**
   * The hold: the background sync leaves a change alone this long after it was made, so the
   * seller can still undo it ("Sync now" and the command line's push send at once).
   */
  holdSeconds: z.number().int().min(0).max(600).default(10),
  /** Off: the background sync still reads the marketplace but sends only on "Sync now". */
  sendAutomatically: z.boolean().default(true),
  /** The SQLite file of the seller's profile the app shows (several sellers may be connected). */
  activeProfile: z.string().nullable().default(null),
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
