// The update flow the seller sees: check (at start, every few hours, or from the menu), download
// what the feed allows, then ask before restarting. Electron's parts (electron-updater, dialogs)
// come in as ports, so the flow runs under Node in the tests.
import { translate, type Locale, type MessageKey, type MessageValues } from '../../contract/i18n';
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
  /** The seller's language for what a check tells them. */
  locale(): Locale;
  timeoutMs?: number;
}

export interface UpdateService {
  /** `interactive`: the seller asked (menu), so every outcome is told; otherwise only a ready update. */
  check(interactive: boolean): Promise<UpdateDecision | null>;
}

export function createUpdateService(options: UpdateServiceOptions): UpdateService {
  let running: Promise<UpdateDecision | null> | null = null;
  let readyVersion: string | null = null;

  async function run(interactive: boolean): Promise<UpdateDecision | null> {
    const say = (key: MessageKey, values?: MessageValues) =>
      interactive
        ? options.prompts.tell(translate(options.locale(), key, values))
        : Promise.resolve();
    const source = options.readSource();
    if (!source) {
      await say('updates.notInstalled');
      return null;
    }
    let decision: UpdateDecision;
    try {
      decision = await checkForUpdate({ ...options, source });
    } catch (error) {
      const problem = error instanceof UpdateFeedError ? error.problem : null;
      options.log(`Update check: ${error instanceof Error ? error.message : typeof error}`);
      await say(problem?.key ?? 'updates.unreadable', problem ?? undefined);
      return null;
    }
    if (decision.kind === 'up_to_date') {
      await say('updates.upToDate', { version: options.currentVersion });
    }
    if (decision.kind === 'not_yet') await say('updates.rollingOut', { version: decision.version });
    if (decision.kind !== 'available') return decision;
    if (readyVersion !== decision.version) {
      try {
        await (await options.installer()).download();
        readyVersion = decision.version;
      } catch (error) {
        options.log(`Update download: ${error instanceof Error ? error.message : typeof error}`);
        await say('updates.downloadFailed');
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
