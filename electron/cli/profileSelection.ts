// Which profile a command works on: `--profile NAME`, else the marketplace's only profile. With
// several and none named the command stops and lists them: guessing would put one seller's
// changes in another's queue.
import type { ProfileSummary } from '../core/usecases/profiles';
import { CliError } from './cliError';

export function describeProfile(p: ProfileSummary): string {
  const seller =
    p.userId !== null
      ? `seller ${p.userId}`
      : p.bound
        ? 'seller not confirmed yet'
        : 'not used yet';
  return `"${p.name}" (${seller})`;
}

/** The chosen profile, or null for a data folder with none yet (the first one is made). */
export function chooseProfile(
  profiles: ProfileSummary[],
  name: string | undefined,
  marketHost: string,
): ProfileSummary | null {
  if (name !== undefined) {
    const found = profiles.find((p) => p.name === name);
    if (found) return found;
    throw new CliError(
      'usage',
      profiles.length
        ? `There is no profile named "${name}" for ${marketHost}. Profiles: ${profiles.map(describeProfile).join(', ')}.`
        : `There is no profile named "${name}" for ${marketHost}: add it with seller-desk profiles add ${JSON.stringify(name)}.`,
    );
  }
  if (profiles.length <= 1) return profiles[0] ?? null;
  throw new CliError(
    'usage',
    `This data folder has ${profiles.length} profiles for ${marketHost}: ` +
      `${profiles.map(describeProfile).join(', ')}. Choose one with --profile NAME.`,
  );
}
