// The update flow the seller sees: check (at start, every few hours, or from the menu), download
// what the feed allows, then ask before restarting. Electron's parts (electron-updater, dialogs)
// come in as ports, so the flow runs under Node in the tests.
import type { UpdateDecision, UpdateSource } from './updateFeed';
import { UpdateFeedError, checkForUpdate } from './updateFeed';

/** electron-updater's autoUpdater, reduced to what the flow asks of it. */
export interface Installer {
  /** Downloads the update the feed offers; resolves once it is ready to install. */
  download(): Promise<void>;
  quitAndInstall(): void;
}

export interface UpdatePrompts {
  /** "Seller Desk 1.4.0 is ready. Restart now?" — true for Restart now, false for Later. */
  askToRestart(version: string): Promise<boolean>;
  /** An answer to a check the seller asked for (up to date, not reachable …). */
  tell(message: string): Promise<void>;
}

export interface UpdateServiceOptions {
  currentVersion: string;
  /** The installed copy's update settings (app-update.yml); null in development copies. */
  readSource(): UpdateSource | null;
  platform: NodeJS.Platform;
  arch: string;
  /** This install's place in a staged rollout, 0–99. */
  bucket: number;
  installer(): Promise<Installer>;
  prompts: UpdatePrompts;
  log(message: string): void;
  timeoutMs?: number;
}

export interface UpdateService {
  /** `interactive`: the seller asked (menu), so every outcome is told; otherwise only a ready update. */
  check(interactive: boolean): Promise<UpdateDecision | null>;
}

export const updateWords = {
  notInstalled:
    'Updates come with an installed copy of Seller Desk; this one was started from its sources.',
  upToDate: (version: string) => `Seller Desk ${version} is the latest version.`,
  rollingOut: (version: string) =>
    `Seller Desk ${version} is being released gradually; this copy will be offered it soon.`,
  downloadFailed: 'The update could not be downloaded; try again later.',
} as const;

export function createUpdateService(options: UpdateServiceOptions): UpdateService {
  let running: Promise<UpdateDecision | null> | null = null;
  let readyVersion: string | null = null;

  async function run(interactive: boolean): Promise<UpdateDecision | null> {
    const tell = (message: string) =>
      interactive ? options.prompts.tell(message) : Promise.resolve();
    const source = options.readSource();
    if (!source) {
      await tell(updateWords.notInstalled);
      return null;
    }
    let decision: UpdateDecision;
    try {
      decision = await checkForUpdate({ ...options, source });
    } catch (error) {
      const message = error instanceof UpdateFeedError ? error.message : 'The update check failed.';
      options.log(`Update check: ${message}`);
      await tell(message);
      return null;
    }
    if (decision.kind === 'up_to_date') await tell(updateWords.upToDate(options.currentVersion));
    if (decision.kind === 'not_yet') await tell(updateWords.rollingOut(decision.version));
    if (decision.kind !== 'available') return decision;
    if (readyVersion !== decision.version) {
      try {
        await (await options.installer()).download();
        readyVersion = decision.version;
      } catch (error) {
        options.log(`Update download: ${error instanceof Error ? error.message : typeof error}`);
        await tell(updateWords.downloadFailed);
        return decision;
      }
    }
    // The seller decides when to restart; Later installs it when Seller Desk next quits.
    if (await options.prompts.askToRestart(decision.version)) {
      (await options.installer()).quitAndInstall();
    }
    return decision;
  }

  return {
    check(interactive) {
      // One check at a time: a menu click during the timed check joins it.
      running ??= run(interactive).finally(() => {
        running = null;
      });
      return running;
    },
  };
}
