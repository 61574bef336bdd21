// The update flow the seller sees: check (at start, every few hours, or from the menu), download
// what the signed feed allows, check the downloaded file against it, then ask before restarting.
// Electron's parts (electron-updater, dialogs) come in as ports, so the flow runs under Node in
// the tests.
import type { Dispatcher } from 'undici';
import { translate, type Locale, type MessageKey, type MessageValues } from '../../contract/i18n';
import type { SignedUpdate, UpdateDecision, UpdateSource } from './updateFeed';
import { UpdateFeedError, checkDownloadedUpdate, checkForUpdate } from './updateFeed';

/** electron-updater's autoUpdater, reduced to what the flow asks of it. */
export interface Installer {
  /**
   * Downloads the signed update and installs nothing, not even at quit; resolves with the
   * downloaded file's path.
   */
  download(update: SignedUpdate): Promise<string>;
  /** Once the downloaded file is checked: it is installed when Seller Desk next quits. */
  installOnQuit(): Promise<void>;
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
  /** The key feeds must be signed with; the one built into the app unless a test says. */
  publicKey?: string;
  /** How requests reach the update server; undici's global one unless a test routes them. */
  dispatcher?: Dispatcher;
}

export interface UpdateService {
  /** `interactive`: the seller asked (menu), so every outcome is told; otherwise only a ready update. */
  check(interactive: boolean): Promise<UpdateDecision | null>;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : typeof error);

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
      options.log(`Update check: ${reasonOf(error)}`);
      await say(problem?.key ?? 'updates.unreadable', problem ?? undefined);
      return null;
    }
    if (decision.kind === 'up_to_date') {
      await say('updates.upToDate', { version: options.currentVersion });
    }
    if (decision.kind === 'not_yet') await say('updates.rollingOut', { version: decision.version });
    if (decision.kind !== 'available') return decision;
    if (readyVersion !== decision.version) {
      const installer = await options.installer();
      const refuse = async (what: string, error: unknown, key: MessageKey) => {
        options.log(`${what}: ${reasonOf(error)}`);
        await say(key);
        return decision;
      };
      let file: string;
      try {
        file = await installer.download(decision.update);
      } catch (error) {
        return refuse('Update download', error, 'updates.downloadFailed');
      }
      try {
        await checkDownloadedUpdate(file, decision.update);
      } catch (error) {
        return refuse('Update check', error, 'updates.untrusted');
      }
      try {
        await installer.installOnQuit();
      } catch (error) {
        return refuse('Update download', error, 'updates.downloadFailed');
      }
      readyVersion = decision.version;
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
