/** Each secret a tag needs, by what it signs. */
export const RELEASE_SECRETS: Record<string, string[]>;
/** What is missing, as "NAME (what it signs)": a variable not set to 'true'. */
export function missingReleaseSecrets(env: Record<string, string | undefined>): string[];
