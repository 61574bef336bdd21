// Settings → "Let the command line send credentials", a setting of each profile (its seller's
// choice, usecases/settings). The app keeps each profile's credentials
// key encrypted by the OS keychain, which the command line cannot use; turning this on also keeps
// the key in an owner-only file (mode 0600) beside the profile, which `seller-desk push` reads.
// Turning it off deletes those files again — only where the keychain copy can still be read, so
// the key is never left nowhere. A key file the command line created for a profile the app has
// never opened is the command line's own and is left alone.
import { existsSync } from 'node:fs';
import type { Handlers } from '../../contract/ipc';
import {
  createEncryptedKeyProtector,
  createKeyFileProtector,
  type StringEncryption,
} from '../secrets';
import { allProfileFiles, profileKeyFiles } from '../usecases/paths';
import type { SellerProfile } from '../usecases/profile';
import {
  changeProfileSettings,
  DEFAULT_PROFILE_SETTINGS,
  profileSettings,
  type ProfileSettings,
} from '../usecases/settings';
import { refusal } from './failures';

function loadOrNull(load: () => Buffer | null): Buffer | null {
  try {
    return load();
  } catch {
    return null;
  }
}

/** Writes or deletes the CLI-readable key file of one profile, if the keychain protects its key. */
export function applyProfileCommandLineAccess(
  profile: string,
  keychain: StringEncryption,
  enabled: boolean,
): void {
  const files = profileKeyFiles(profile);
  if (!existsSync(files.keychainFile)) return;
  const key = loadOrNull(() =>
    createEncryptedKeyProtector({ ...keychain, path: files.keychainFile }).load(),
  );
  if (!key) return;
  const keyFile = createKeyFileProtector(files.keyFile);
  const inFile = loadOrNull(() => keyFile.load());
  if (enabled) {
    // The keychain copy is the profile's key (the app rewrites it whenever it opens the
    // profile), so a key file holding anything else is replaced.
    if (!inFile?.equals(key)) keyFile.save(key);
  } else if (inFile?.equals(key)) {
    keyFile.remove();
  }
}

/** The same for every profile of the data folder. */
export function applyCommandLineAccess(
  dataDir: string,
  keychain: StringEncryption,
  enabled: boolean,
): void {
  for (const file of allProfileFiles(dataDir)) {
    applyProfileCommandLineAccess(file, keychain, enabled);
  }
}

/** Settings shows and changes the shown profile's own settings. */
export function settingsHandlers(
  keychain: StringEncryption,
  shown: () => SellerProfile | null,
): Pick<Handlers, 'settings.get' | 'settings.setCommandLineCredentials' | 'settings.setSending'> {
  const view = (s: ProfileSettings) => ({
    commandLineCredentials: s.commandLineCredentials,
    holdSeconds: s.holdSeconds,
    sendAutomatically: s.sendAutomatically,
    syncIntervalMinutes: s.syncIntervalMinutes,
  });
  const required = (): SellerProfile => {
    const profile = shown();
    if (!profile) {
      throw refusal('not_found', 'refusals.app.connectForSettings');
    }
    return profile;
  };
  return {
    async 'settings.get'() {
      const profile = shown();
      return view(profile ? profileSettings(profile) : DEFAULT_PROFILE_SETTINGS);
    },
    async 'settings.setSending'(patch) {
      return view(changeProfileSettings(required(), patch));
    },
    async 'settings.setCommandLineCredentials'({ enabled }) {
      const profile = required();
      // The choice first: a key created meanwhile follows it.
      const next = changeProfileSettings(profile, { commandLineCredentials: enabled });
      applyProfileCommandLineAccess(profile.file, keychain, enabled);
      return view(next);
    },
  };
}
