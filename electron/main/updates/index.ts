// Updates in the installed app: a check at start and every six hours, and "Check for Updates…"
// from the menu. Everything Electron-specific is the few shapes below; the flow is updateService.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseUpdateSource, rolloutBucket, type UpdateSource } from './updateFeed';
import { createUpdateService, type UpdatePrompts, type UpdateService } from './updateService';
import { electronInstaller } from './electronInstaller';
import type { Locale } from '../../contract/i18n';

const EVERY_SIX_HOURS = 6 * 60 * 60 * 1000;
const FIRST_CHECK_AFTER = 30_000;

export interface UpdatesOptions {
  isPackaged: boolean;
  version: string;
  /** Where electron-builder put app-update.yml (process.resourcesPath). */
  resourcesPath: string;
  userData: string;
  platform: NodeJS.Platform;
  arch: string;
  prompts: UpdatePrompts;
  locale(): Locale;
  log(message: string): void;
}

/** A development copy has no app-update.yml and never updates itself. */
function readSource(options: UpdatesOptions): UpdateSource | null {
  const file = join(options.resourcesPath, 'app-update.yml');
  if (!options.isPackaged || !existsSync(file)) return null;
  return parseUpdateSource(readFileSync(file, 'utf8'));
}

/** This install's own id, kept so a staged rollout treats it the same at every check. */
function installId(userData: string): string {
  const file = join(userData, 'install-id');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const id = randomUUID();
    writeFileSync(file, id, { mode: 0o600 });
    return id;
  }
}

export function startUpdates(options: UpdatesOptions): UpdateService & { stop(): void } {
  const service = createUpdateService({
    currentVersion: options.version,
    readSource: () => readSource(options),
    platform: options.platform,
    arch: options.arch,
    bucket: rolloutBucket(installId(options.userData)),
    installer: () => electronInstaller(options.log),
    prompts: options.prompts,
    locale: options.locale,
    log: options.log,
  });
  const timers: ReturnType<typeof setTimeout>[] = [];
  if (options.isPackaged) {
    // Unref'd: a pending check never keeps a quitting app alive.
    timers.push(setTimeout(() => void service.check(false), FIRST_CHECK_AFTER).unref());
    timers.push(setInterval(() => void service.check(false), EVERY_SIX_HOURS).unref());
  }
  return { check: service.check, stop: () => timers.forEach((t) => clearTimeout(t)) };
}
