// electron-updater behind the Installer port. Loaded only in an installed copy when an update is
// due, so development runs and the booted-under-Node tests never load it.
import type { Installer } from './updateService';

export async function electronInstaller(log: (message: string) => void): Promise<Installer> {
  const { autoUpdater } = await import('electron-updater');
  // The feed decision is ours (updateFeed); electron-updater only fetches and installs.
  autoUpdater.autoDownload = false;
  autoUpdater.allowDowngrade = false;
  autoUpdater.autoInstallOnAppQuit = true;
  autoUpdater.logger = {
    info: () => {},
    warn: (message: unknown) => log(`Updater: ${String(message)}`),
    error: (message: unknown) => log(`Updater: ${String(message)}`),
  };
  return {
    async download() {
      const result = await autoUpdater.checkForUpdates();
      if (!result?.isUpdateAvailable) throw new Error('The updater found no update to download.');
      await autoUpdater.downloadUpdate();
    },
    quitAndInstall: () => autoUpdater.quitAndInstall(),
  };
}
