#!/usr/bin/env node
// A tag is released signed, or not at all: each installer signed for its OS, and the update
// feeds signed with Seller Desk's own key. The release workflow sets each variable below to
// 'true' when its secret is set (the secrets themselves never reach this step), and this fails
// the release before anything is built when one is missing.
//   node build/scripts/release-secrets.mjs
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Each secret a tag needs, by what it signs. */
export const RELEASE_SECRETS = {
  'Windows code signing': ['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD'],
  'macOS code signing': ['CSC_LINK', 'CSC_KEY_PASSWORD'],
  'macOS notarization': ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'],
  'update signing': ['UPDATE_SIGNING_KEY'],
};

/** @returns {string[]} what is missing, as "NAME (what it signs)". */
export function missingReleaseSecrets(env) {
  return Object.entries(RELEASE_SECRETS).flatMap(([purpose, names]) =>
    names.filter((name) => env[name] !== 'true').map((name) => `${name} (${purpose})`),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const missing = missingReleaseSecrets(process.env);
  if (missing.length > 0) {
    console.error(
      `This tag is not released: a release is never published unsigned, and these secrets are not set: ${missing.join(', ')}.`,
    );
    process.exit(1);
  }
  console.log('Every signing secret is set.');
}
