// The seller's profiles on one marketplace: list, add, rename, remove. The first profile of a
// marketplace is the file earlier versions kept per base URL; until a seller's token claims it
// (guard.ts) it is listed under the marketplace's host name.
import { existsSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { marketSlug, profileFile, profileFileSet, sellerProfileFile } from '../paths';
import { UseCaseFailure } from '../failure';
import { openStore } from '../../store';
import {
  entryFile,
  readRegistry,
  registryPath,
  updateRegistry,
  type ProfileEntry,
  type Registry,
} from './registry';

export interface ProfileSummary {
  name: string;
  /** The profile's SQLite file (it may not exist yet: a profile is created on first use). */
  file: string;
  /** The seller's user id, once the marketplace confirmed it. */
  userId: number | null;
  /** A token was used with it: it belongs to one seller from now on. */
  bound: boolean;
}

const NAME_RULE = /^[^\s/\\][^/\\]{0,63}$/;

function hostOf(marketUrl: string): string {
  return new URL(marketUrl).hostname;
}

function summaryOf(dataDir: string, entry: ProfileEntry): ProfileSummary {
  return {
    name: entry.name,
    file: entryFile(dataDir, entry),
    userId: entry.userId,
    bound: entry.userId !== null || entry.fingerprints.length > 0,
  };
}

function entriesOf(registry: Registry, marketUrl: string): ProfileEntry[] {
  const market = marketSlug(marketUrl);
  return registry.profiles.filter((e) => e.market === market);
}

/** The first profile's file when no entry names it yet (an older version's, or the CLI's). */
function unclaimedFirst(
  dataDir: string,
  registry: Registry,
  marketUrl: string,
): ProfileSummary | null {
  const file = profileFile(dataDir, marketUrl);
  if (!existsSync(file)) return null;
  if (entriesOf(registry, marketUrl).some((e) => entryFile(dataDir, e) === file)) return null;
  return { name: hostOf(marketUrl), file, userId: null, bound: false };
}

/** Every profile of this marketplace in the data folder, oldest first. */
export function listProfiles(dataDir: string, marketUrl: string): ProfileSummary[] {
  const registry = readRegistry(dataDir);
  const first = unclaimedFirst(dataDir, registry, marketUrl);
  const named = entriesOf(registry, marketUrl).map((e) => summaryOf(dataDir, e));
  return first ? [first, ...named] : named;
}

/**
 * What a profile is called when the seller has not named it: after their shop, the product their
 * offers are of ("WoW Classic Era Gold"), since the API names no seller; the marketplace's host
 * while they have no offer. Numbered when taken ("WoW Classic Era Gold 2"). No word of any
 * language of ours in it (the name is shown as it is in every language and by the command line),
 * and never the seller's id: a number that means nothing to them.
 */
export function defaultProfileName(
  registry: Registry,
  marketUrl: string,
  shop: string | null | undefined,
  /** Names in use outside the registry (a first profile no seller has claimed yet). */
  alsoTaken: readonly string[] = [],
): string {
  const base = (shop?.replace(/[/\\]/g, ' ').trim().slice(0, 60) || hostOf(marketUrl)).trim();
  const taken = new Set([...entriesOf(registry, marketUrl).map((e) => e.name), ...alsoTaken]);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base} ${n}`)) return `${base} ${n}`;
}

function checkName(dataDir: string, registry: Registry, marketUrl: string, name: string): string {
  const trimmed = name.trim();
  if (!NAME_RULE.test(trimmed)) {
    throw new UseCaseFailure(
      'bad_input',
      'A profile name is 1 to 64 characters, without / or \\, and does not start with a space.',
      [],
      { say: { key: 'refusals.profiles.badName' } },
    );
  }
  const first = unclaimedFirst(dataDir, registry, marketUrl);
  if (first?.name === trimmed || entriesOf(registry, marketUrl).some((e) => e.name === trimmed)) {
    throw new UseCaseFailure('bad_input', `There is already a profile named "${trimmed}".`, [], {
      say: { key: 'refusals.profiles.taken', values: { name: trimmed } },
    });
  }
  return trimmed;
}

/** A new file for a further profile on this marketplace. */
export function newProfileEntry(
  dataDir: string,
  marketUrl: string,
  name: string,
  userId: number | null,
  fingerprints: string[],
): ProfileEntry {
  const file = sellerProfileFile(dataDir, marketUrl, randomBytes(6).toString('hex'));
  return {
    name,
    market: marketSlug(marketUrl),
    file: registryPath(dataDir, file),
    userId,
    fingerprints,
  };
}

/** A new, empty profile; it belongs to the seller whose token is first used with it. */
export function addProfile(dataDir: string, marketUrl: string, name: string): ProfileSummary {
  return updateRegistry(dataDir, (registry) => {
    const entry = newProfileEntry(
      dataDir,
      marketUrl,
      checkName(dataDir, registry, marketUrl, name),
      null,
      [],
    );
    registry.profiles.push(entry);
    return summaryOf(dataDir, entry);
  });
}

/** There is no profile of that name: the ones there are, named. */
export function missingProfile(name: string, known: ProfileSummary[]): UseCaseFailure {
  const names = known.map((p) => `"${p.name}"`).join(', ');
  return new UseCaseFailure(
    'not_found',
    known.length
      ? `There is no profile named "${name}". Profiles: ${names}.`
      : `There is no profile named "${name}"; this data folder has no profile for this marketplace yet.`,
    [],
    {
      say: known.length
        ? { key: 'refusals.profiles.missing', values: { name, names } }
        : { key: 'refusals.profiles.missingNone', values: { name } },
    },
  );
}

export function renameProfile(
  dataDir: string,
  marketUrl: string,
  from: string,
  to: string,
): ProfileSummary {
  return updateRegistry(dataDir, (registry) => {
    const newName = checkName(dataDir, registry, marketUrl, to);
    const entry = entriesOf(registry, marketUrl).find((e) => e.name === from);
    if (entry) {
      entry.name = newName;
      return summaryOf(dataDir, entry);
    }
    const first = unclaimedFirst(dataDir, registry, marketUrl);
    if (first?.name !== from) throw missingProfile(from, listProfiles(dataDir, marketUrl));
    // Naming the first profile registers it; it still belongs to the first token used with it.
    const named: ProfileEntry = {
      name: newName,
      market: marketSlug(marketUrl),
      file: registryPath(dataDir, first.file),
      userId: null,
      fingerprints: [],
    };
    registry.profiles.push(named);
    return summaryOf(dataDir, named);
  });
}

/** Work of a profile that would be lost with its files. */
export interface UnsentWork {
  queuedOperations: number;
  /** Offers with changes the marketplace has not got (new, edited, or waiting). */
  offersWithLocalChanges: number;
}

export function unsentWork(file: string): UnsentWork {
  if (!existsSync(file)) return { queuedOperations: 0, offersWithLocalChanges: 0 };
  const store = openStore(file);
  try {
    const counts = store.countOffers();
    return {
      queuedOperations: counts.outbox,
      offersWithLocalChanges:
        counts.bySyncState.local + counts.bySyncState.attention + counts.bySyncState.conflict,
    };
  } finally {
    store.close();
  }
}

export interface RemoveOutcome {
  profile: ProfileSummary;
  removed: boolean;
  lost: UnsentWork;
}

/**
 * Removes a profile and deletes its files. Without `confirmed` nothing is removed: the outcome
 * says what would be lost, for the front to ask.
 */
export function removeProfile(
  dataDir: string,
  marketUrl: string,
  name: string,
  confirmed: boolean,
): RemoveOutcome {
  const profile = listProfiles(dataDir, marketUrl).find((p) => p.name === name);
  if (!profile) throw missingProfile(name, listProfiles(dataDir, marketUrl));
  const lost = unsentWork(profile.file);
  if (!confirmed) return { profile, removed: false, lost };
  updateRegistry(dataDir, (registry) => {
    registry.profiles = registry.profiles.filter((e) => entryFile(dataDir, e) !== profile.file);
  });
  for (const file of profileFileSet(profile.file)) rmSync(file, { force: true, recursive: true });
  return { profile, removed: true, lost };
}
