// electron-updater behind the Installer port. Loaded only in an installed copy when an update is
// due, so development runs and the booted-under-Node tests never load it.
import type { ProviderRuntimeOptions } from 'electron-updater/out/providers/Provider';
import type { UpdateInfo } from 'electron-updater';
import type { SignedUpdate } from './updateFeed';
import type { Installer } from './updateService';

export async function electronInstaller(log: (message: string) => void): Promise<Installer> {
  const { autoUpdater, Provider } = await import('electron-updater');
  // The feed decision is ours (updateFeed); electron-updater only fetches and installs.
  autoUpdater.autoDownload = false;
  autoUpdater.allowDowngrade = false;
  // Nothing is installed at quit, and on macOS nothing reaches Squirrel, until updateService has
  // checked the downloaded file against the signed feed (installOnQuit).
  autoUpdater.autoInstallOnAppQuit = false;
  autoUpdater.logger = {
    info: () => {},
    warn: (message: unknown) => log(`Updater: ${String(message)}`),
    error: (message: unknown) => log(`Updater: ${String(message)}`),
  };
  return {
    async download(update: SignedUpdate) {
      // electron-updater reads no feed of its own: it is handed the signed one, so the sha512 it
      // checks while downloading is one our key vouches for. The staged rollout is already decided
      // (updateFeed), so its share is not handed on to be decided again another way.
      const info = { ...update.feed, stagingPercentage: undefined } as unknown as UpdateInfo;
      class SignedFeed extends Provider<UpdateInfo> {
        constructor(_options: unknown, _updater: unknown, runtime: ProviderRuntimeOptions) {
          super(runtime);
        }
        async getLatestVersion() {
          return info;
        }
        resolveFiles() {
          return update.files;
        }
      }
      autoUpdater.setFeedURL({ provider: 'custom', updateProvider: SignedFeed });
      const result = await autoUpdater.checkForUpdates();
      if (!result?.isUpdateAvailable) throw new Error('The updater found no update to download.');
      const [file] = await autoUpdater.downloadUpdate();
      if (!file) throw new Error('The updater downloaded no file.');
      return file;
    },
    async installOnQuit() {
      // A second download of the same update reuses the checked file; with install at quit on,
      // electron-updater now arms it (on macOS, hands it to Squirrel).
      autoUpdater.autoInstallOnAppQuit = true;
      await autoUpdater.downloadUpdate();
    },
    quitAndInstall: () => autoUpdater.quitAndInstall(),
  };
}
