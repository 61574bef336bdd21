// Whether a newer Seller Desk is out, decided from the feed electron-builder publishes beside
// the installers (latest.yml, latest-mac.yml, latest-linux.yml). Plain Node, so the decision is
// tested against a local server; electron-updater only downloads and installs what this allows.
import { fetch } from 'undici';
import { parse as parseYaml } from 'yaml';
import semver from 'semver';
import { z } from 'zod';

/** What electron-builder writes into a feed file (the fields we read). */
const feedSchema = z.object({
  version: z.string().refine((v) => semver.valid(v) !== null, 'is not a version number'),
  files: z
    .array(
      z.object({ url: z.string().min(1), sha512: z.string().min(1), size: z.number().optional() }),
    )
    .min(1),
  releaseDate: z.string().optional(),
  /** A staged rollout: only this share of installs is offered the update yet. */
  stagingPercentage: z.number().min(0).max(100).optional(),
});
export type UpdateFeed = z.infer<typeof feedSchema>;

/** Where the installed app looks for its feed (electron-builder's app-update.yml, from `publish`). */
const sourceSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('generic'),
    url: z.string().url(),
    channel: z.string().optional(),
  }),
  z.object({ provider: z.literal('github'), owner: z.string().min(1), repo: z.string().min(1) }),
]);
export type UpdateSource = z.infer<typeof sourceSchema>;

/** What went wrong, as the seller is told it (the catalogue's `updates.*`) and as the log says it. */
export type UpdateProblem =
  | { key: 'updates.noRelease' }
  | { key: 'updates.unreachable' }
  | { key: 'updates.serverError'; status: number }
  | { key: 'updates.unreadable' };

export class UpdateFeedError extends Error {
  constructor(
    message: string,
    readonly problem: UpdateProblem = { key: 'updates.unreadable' },
  ) {
    super(message);
    this.name = 'UpdateFeedError';
  }
}

export function parseUpdateSource(text: string): UpdateSource {
  const parsed = sourceSchema.safeParse(safeYaml(text, 'The update settings'));
  if (!parsed.success) throw new UpdateFeedError('The update settings name no feed we can read.');
  return parsed.data;
}

/** The folder the feed files sit in. */
export function feedBaseUrl(source: UpdateSource): string {
  return source.provider === 'generic'
    ? source.url.replace(/\/+$/, '')
    : `https://github.com/${source.owner}/${source.repo}/releases/latest/download`;
}

/** electron-builder's name for each platform's feed file. */
export function feedFileName(platform: NodeJS.Platform, arch: string, channel = 'latest'): string {
  if (platform === 'darwin') return `${channel}-mac.yml`;
  if (platform === 'linux')
    return arch === 'x64' ? `${channel}-linux.yml` : `${channel}-linux-${arch}.yml`;
  return `${channel}.yml`;
}

export function parseUpdateFeed(text: string): UpdateFeed {
  const parsed = feedSchema.safeParse(safeYaml(text, 'The update feed'));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'its contents';
    throw new UpdateFeedError(
      `The update feed is not one we can read (${where}: ${issue?.message}).`,
    );
  }
  return parsed.data;
}

function safeYaml(text: string, what: string): unknown {
  try {
    return parseYaml(text);
  } catch {
    throw new UpdateFeedError(`${what} is not valid YAML.`);
  }
}

export type UpdateDecision =
  | { kind: 'up_to_date'; version: string }
  | { kind: 'available'; version: string; releaseDate: string | null }
  /** Newer, but this install is outside the staged rollout's share so far. */
  | { kind: 'not_yet'; version: string };

export interface DecideOptions {
  currentVersion: string;
  feed: UpdateFeed;
  /** This install's fixed place in a staged rollout, 0–99 (see rolloutBucket). */
  bucket: number;
  /** Pre-releases (1.3.0-beta.1) only for sellers who chose them. */
  allowPrerelease?: boolean;
}

/** Never a downgrade, never a pre-release unasked, and a staged rollout respected. */
export function decideUpdate(options: DecideOptions): UpdateDecision {
  const { currentVersion, feed } = options;
  const offered = feed.version;
  if (!semver.gt(offered, currentVersion)) return { kind: 'up_to_date', version: currentVersion };
  if (semver.prerelease(offered) && !options.allowPrerelease) {
    return { kind: 'up_to_date', version: currentVersion };
  }
  if (feed.stagingPercentage !== undefined && options.bucket >= feed.stagingPercentage) {
    return { kind: 'not_yet', version: offered };
  }
  return { kind: 'available', version: offered, releaseDate: feed.releaseDate ?? null };
}

/** A stable 0–99 from an install's id, so a rollout offers an install the update once and for good. */
export function rolloutBucket(installId: string): number {
  let hash = 2166136261;
  for (const char of installId) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash % 100;
}

export interface CheckOptions extends Omit<DecideOptions, 'feed'> {
  source: UpdateSource;
  platform: NodeJS.Platform;
  arch: string;
  timeoutMs?: number;
}

/** Reads the platform's feed and decides; a feed we cannot reach or read is an UpdateFeedError. */
export async function checkForUpdate(options: CheckOptions): Promise<UpdateDecision> {
  const channel = options.source.provider === 'generic' ? options.source.channel : undefined;
  const url = `${feedBaseUrl(options.source)}/${feedFileName(options.platform, options.arch, channel)}`;
  const timeout = options.timeoutMs ?? 15_000;
  let text: string;
  try {
    // GitHub's "latest/download" answers with a redirect to the file itself.
    const answer = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(timeout) });
    text = await answer.text();
    if (answer.status === 404) {
      throw new UpdateFeedError('No release has been published for this system yet.', {
        key: 'updates.noRelease',
      });
    }
    if (!answer.ok) {
      throw new UpdateFeedError(`The update server answered ${answer.status}; try again later.`, {
        key: 'updates.serverError',
        status: answer.status,
      });
    }
  } catch (error) {
    if (error instanceof UpdateFeedError) throw error;
    throw new UpdateFeedError('The update server could not be reached; try again later.', {
      key: 'updates.unreachable',
    });
  }
  return decideUpdate({ ...options, feed: parseUpdateFeed(text) });
}
