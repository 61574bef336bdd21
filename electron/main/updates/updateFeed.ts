// Whether a newer Seller Desk is out, decided from the feed electron-builder publishes beside
// the installers (latest.yml, latest-mac.yml, latest-linux.yml). Only a feed fetched over https
// and signed with Seller Desk's own key (updateSignature.ts) is read, and only a file whose sha512
// that feed names is installed. Plain Node, so the decision is tested against a local server;
// electron-updater only downloads and installs what this allows.
import { rm } from 'node:fs/promises';
import { fetch, type Dispatcher } from 'undici';
import { parse as parseYaml } from 'yaml';
import semver from 'semver';
import { z } from 'zod';
import { fileSha512, isFeedSigned, signatureFileName } from './updateSignature';

const feedFileSchema = z.looseObject({
  url: z.string().min(1),
  sha512: z.string().min(1),
  size: z.number().optional(),
});

/**
 * What electron-builder writes into a feed file (the fields we read). The rest is kept: it is
 * signed too, and electron-updater reads some of it (blockmap sizes, admin rights on Windows).
 */
const feedSchema = z.looseObject({
  version: z.string().refine((v) => semver.valid(v) !== null, 'is not a version number'),
  files: z.array(feedFileSchema).min(1),
  releaseDate: z.string().optional(),
  /** A staged rollout: only this share of installs is offered the update yet. */
  stagingPercentage: z.number().min(0).max(100).optional(),
});
export type UpdateFeed = z.infer<typeof feedSchema>;

/** Updates travel only over https: a feed on http could be swapped by anyone on the way. */
export function isHttps(url: string | URL): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/** Where the installed app looks for its feed (electron-builder's app-update.yml, from `publish`). */
const sourceSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('generic'),
    url: z.string().refine(isHttps, 'is not an https address'),
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
  | { key: 'updates.unreadable' }
  | { key: 'updates.insecureSource' }
  | { key: 'updates.untrusted' };

export class UpdateFeedError extends Error {
  constructor(
    message: string,
    readonly problem: UpdateProblem = { key: 'updates.unreadable' },
  ) {
    super(message);
    this.name = 'UpdateFeedError';
  }
}

const notHttps = (what: string) =>
  new UpdateFeedError(`${what} is not an https address; Seller Desk does not update from it.`, {
    key: 'updates.insecureSource',
  });

const untrusted = (why: string) =>
  new UpdateFeedError(`${why}; nothing from it is installed.`, { key: 'updates.untrusted' });

export function parseUpdateSource(text: string): UpdateSource {
  const parsed = sourceSchema.safeParse(safeYaml(text, 'The update settings'));
  if (!parsed.success) {
    if (parsed.error.issues.some((issue) => issue.path.join('.') === 'url')) {
      throw notHttps('The update feed named in the update settings');
    }
    throw new UpdateFeedError('The update settings name no feed we can read.');
  }
  return parsed.data;
}

/** The folder the feed files sit in. */
export function feedBaseUrl(source: UpdateSource): string {
  if (source.provider === 'github') {
    return `https://github.com/${source.owner}/${source.repo}/releases/latest/download`;
  }
  if (!isHttps(source.url)) throw notHttps('The update feed');
  return source.url.replace(/\/+$/, '');
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

export type FeedDecision =
  | { kind: 'up_to_date'; version: string }
  | { kind: 'available'; version: string; releaseDate: string | null }
  /** Newer, but this install is outside the staged rollout's share so far. */
  | { kind: 'not_yet'; version: string };

/** An update whose feed checked with Seller Desk's key: what electron-updater is handed. */
export interface SignedUpdate {
  version: string;
  /** The feed as signed. */
  feed: UpdateFeed;
  /** Its files, each at its https address. */
  files: { url: URL; info: UpdateFeed['files'][number] }[];
}

export type UpdateDecision =
  | Exclude<FeedDecision, { kind: 'available' }>
  | (Extract<FeedDecision, { kind: 'available' }> & { update: SignedUpdate });

export interface DecideOptions {
  currentVersion: string;
  feed: UpdateFeed;
  /** This install's fixed place in a staged rollout, 0–99 (see rolloutBucket). */
  bucket: number;
  /** Pre-releases (1.3.0-beta.1) only for sellers who chose them. */
  allowPrerelease?: boolean;
}

/** Never a downgrade, never a pre-release unasked, and a staged rollout respected. */
export function decideUpdate(options: DecideOptions): FeedDecision {
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

/** The feed's files at their addresses, which are https ones or none. */
export function resolveUpdateFiles(feed: UpdateFeed, baseUrl: string): SignedUpdate['files'] {
  return feed.files.map((info) => {
    const url = new URL(info.url, `${baseUrl}/`);
    if (!isHttps(url)) throw notHttps(`The update file ${info.url}`);
    return { url, info };
  });
}

export interface CheckOptions extends Omit<DecideOptions, 'feed'> {
  source: UpdateSource;
  platform: NodeJS.Platform;
  arch: string;
  timeoutMs?: number;
  /** The key the feed must be signed with; the one built into the app unless a test says. */
  publicKey?: string;
  /** How requests reach the server; undici's global one unless a test routes them. */
  dispatcher?: Dispatcher;
}

const MAX_REDIRECTS = 5;

/** An answer, after following redirects (GitHub's "latest/download" answers with one) to https only. */
async function getOverHttps(url: string, options: CheckOptions, signal: AbortSignal) {
  let at = url;
  for (let hops = 0; ; hops++) {
    if (!isHttps(at)) throw notHttps('An update address');
    const answer = await fetch(at, { redirect: 'manual', signal, dispatcher: options.dispatcher });
    const location = answer.headers.get('location');
    if (answer.status < 300 || answer.status >= 400 || !location || hops === MAX_REDIRECTS) {
      return answer;
    }
    await answer.body?.cancel();
    at = new URL(location, at).href;
  }
}

/** One feed file's bytes. */
async function fetchFeedFile(url: string, options: CheckOptions): Promise<Uint8Array> {
  try {
    const answer = await getOverHttps(
      url,
      options,
      AbortSignal.timeout(options.timeoutMs ?? 15_000),
    );
    const bytes = new Uint8Array(await answer.arrayBuffer());
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
    return bytes;
  } catch (error) {
    if (error instanceof UpdateFeedError) throw error;
    throw new UpdateFeedError('The update server could not be reached; try again later.', {
      key: 'updates.unreachable',
    });
  }
}

/**
 * Reads the platform's feed and its signature, and decides; a feed we cannot reach, read or
 * trust is an UpdateFeedError.
 */
export async function checkForUpdate(options: CheckOptions): Promise<UpdateDecision> {
  const channel = options.source.provider === 'generic' ? options.source.channel : undefined;
  const base = feedBaseUrl(options.source);
  const name = feedFileName(options.platform, options.arch, channel);
  const bytes = await fetchFeedFile(`${base}/${name}`, options);
  let signature: Uint8Array;
  try {
    signature = await fetchFeedFile(`${base}/${signatureFileName(name)}`, options);
  } catch (error) {
    if (error instanceof UpdateFeedError && error.problem.key === 'updates.noRelease') {
      throw untrusted('The update feed is not signed');
    }
    throw error;
  }
  const signatureText = Buffer.from(signature).toString('utf8');
  if (!isFeedSigned(name, bytes, signatureText, options.publicKey)) {
    throw untrusted("The update feed's signature is not Seller Desk's");
  }
  const feed = parseUpdateFeed(Buffer.from(bytes).toString('utf8'));
  const decision = decideUpdate({ ...options, feed });
  if (decision.kind !== 'available') return decision;
  const files = resolveUpdateFiles(feed, base);
  return { ...decision, update: { version: feed.version, feed, files } };
}

/**
 * The last check before anything is installed: the downloaded file is one the signed feed names,
 * byte for byte. A file that is not is deleted, so nothing can install it later.
 */
export async function checkDownloadedUpdate(file: string, update: SignedUpdate): Promise<void> {
  const sha512 = await fileSha512(file);
  if (update.feed.files.some((entry) => entry.sha512 === sha512)) return;
  await rm(file, { force: true });
  throw untrusted(
    `The downloaded update is not a file the signed feed of Seller Desk ${update.version} names`,
  );
}
