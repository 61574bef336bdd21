// Settings → "Let the command line send credentials". The app keeps each profile's credentials
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
import { settingsFile, type Settings } from './settings';

/** Each profile's keychain-protected key file and the CLI-readable key file beside it. */
function profileKeys(dataDir: string): { keychainFile: string; keyFile: string }[] {
  return allProfileFiles(dataDir)
    .map((file) => profileKeyFiles(file))
    .filter((files) => existsSync(files.keychainFile));
}

function loadOrNull(load: () => Buffer | null): Buffer | null {
  try {
    return load();
  } catch {
    return null;
  }
}

/** Writes or deletes the CLI-readable key file of every profile the keychain protects. */
export function applyCommandLineAccess(
  dataDir: string,
  keychain: StringEncryption,
  enabled: boolean,
): void {
  for (const files of profileKeys(dataDir)) {
    const key = loadOrNull(() =>
      createEncryptedKeyProtector({ ...keychain, path: files.keychainFile }).load(),
    );
    if (!key) continue;
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
}

export function settingsHandlers(
  dataDir: string,
  keychain: StringEncryption,
): Pick<Handlers, 'settings.get' | 'settings.setCommandLineCredentials' | 'settings.setSending'> {
  const settings = settingsFile(dataDir);
  const shown = (s: Settings) => ({
    commandLineCredentials: s.commandLineCredentials,
    holdSeconds: s.holdSeconds,
    sendAutomatically: s.sendAutomatically,
  });
  return {
    async 'settings.get'() {
      return shown(settings.read());
    },
    async 'settings.setSending'(patch) {
      return shown(settings.update(patch));
    },
    async 'settings.setCommandLineCredentials'({ enabled }) {
      // The choice first: a profile whose key is created meanwhile follows it.
      const next = settings.update({ commandLineCredentials: enabled });
      applyCommandLineAccess(dataDir, keychain, enabled);
      return shown(next);
    },
  };
}
