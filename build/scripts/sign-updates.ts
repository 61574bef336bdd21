// The release's step before publishing: sign each update feed electron-builder wrote with Seller
// Desk's update key, and publish the signature beside it (electron/main/updates/updateSignature.ts).
// It refuses to sign when the key is missing, when it is not the key built into the app (installed
// copies would refuse the release), or when a file a feed names is absent or not the one the feed
// describes, so what is published is what installed copies will accept.
//
//   npx tsx build/scripts/sign-updates.ts dist          (the key in UPDATE_SIGNING_KEY, PEM)
//   npx tsx build/scripts/sign-updates.ts --new-key FILE
//     a new key pair: its private half (PKCS#8 PEM) into FILE, for the UPDATE_SIGNING_KEY secret;
//     its public half into electron/main/updates/updatePublicKey.ts, for the app.
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseUpdateFeed } from '../../electron/main/updates/updateFeed';
import { UPDATE_PUBLIC_KEY } from '../../electron/main/updates/updatePublicKey';
import {
  fileSha512,
  publicKeyOf,
  signatureFileName,
  signFeed,
} from '../../electron/main/updates/updateSignature';

const PUBLIC_KEY_FILE = fileURLToPath(
  new URL('../../electron/main/updates/updatePublicKey.ts', import.meta.url),
);

/** electron-builder's feed files: latest.yml, latest-mac.yml, latest-linux(-arm64).yml, per channel. */
const FEED_FILE = /^[a-z]+(-mac|-linux(-[a-z0-9]+)?)?\.yml$/;

export interface SignOptions {
  /** The folder holding the installers and their feeds (electron-builder's dist). */
  dir: string;
  privateKeyPem: string | undefined;
  /** The public key installed copies check with. */
  trustedPublicKey?: string;
}

/** Signs every feed in the folder; returns the signature files written. */
export async function signReleaseFeeds(options: SignOptions): Promise<string[]> {
  const privateKeyPem = options.privateKeyPem?.trim();
  if (!privateKeyPem) {
    throw new Error(
      'UPDATE_SIGNING_KEY is not set: a release is never published with unsigned updates.',
    );
  }
  if (publicKeyOf(privateKeyPem) !== (options.trustedPublicKey ?? UPDATE_PUBLIC_KEY).trim()) {
    throw new Error(
      'UPDATE_SIGNING_KEY is not the key built into the app (electron/main/updates/updatePublicKey.ts): installed copies would refuse this release.',
    );
  }
  const feeds = readdirSync(options.dir).filter((name) => FEED_FILE.test(name));
  if (feeds.length === 0) throw new Error(`No update feed (latest*.yml) in ${options.dir}.`);
  const written: string[] = [];
  for (const name of feeds.sort()) {
    const bytes = readFileSync(join(options.dir, name));
    const feed = parseUpdateFeed(bytes.toString('utf8'));
    for (const file of feed.files) {
      const path = join(options.dir, file.url);
      if (basename(file.url) !== file.url || !existsSync(path)) {
        throw new Error(`${name} names ${file.url}, which is not beside it in ${options.dir}.`);
      }
      if ((await fileSha512(path)) !== file.sha512) {
        throw new Error(`${file.url} is not the file ${name} describes (its sha512 differs).`);
      }
    }
    const signature = signatureFileName(name);
    writeFileSync(join(options.dir, signature), signFeed(privateKeyPem, name, bytes));
    written.push(signature);
  }
  return written;
}

/** The app's source file carrying a public key. */
export function publicKeySource(publicKeyPem: string): string {
  return [
    '// The public half of the key Seller Desk releases sign their update feeds with',
    "// (updateSignature.ts). Its private half is the release workflow's UPDATE_SIGNING_KEY secret.",
    '// `npx tsx build/scripts/sign-updates.ts --new-key FILE` makes a new pair and rewrites this file.',
    `export const UPDATE_PUBLIC_KEY = \`${publicKeyPem.trim()}\`;`,
    '',
  ].join('\n');
}

function newKey(file: string): void {
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
  writeFileSync(PUBLIC_KEY_FILE, publicKeySource(publicKeyOf(pem)));
  console.log(
    `The private key is in ${file}: store it as the UPDATE_SIGNING_KEY secret, then delete the file.\n` +
      `The public key is in ${PUBLIC_KEY_FILE}: commit it; copies built from then on trust only this key.`,
  );
}

async function main(args: string[]): Promise<void> {
  if (args[0] === '--new-key' && args[1]) return newKey(resolve(args[1]));
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    throw new Error('Usage: sign-updates.ts DIST_DIR | --new-key FILE');
  }
  const written = await signReleaseFeeds({
    dir: resolve(args[0]!),
    privateKeyPem: process.env.UPDATE_SIGNING_KEY,
  });
  console.log(`Signed: ${written.join(', ')}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
