// Seller Desk's own signature on its update feeds. electron-builder's feed files (latest.yml,
// latest-mac.yml, latest-linux.yml) name each installer with its sha512; the release signs each
// feed with our ed25519 key (build/scripts/sign-updates.ts) and publishes the signature beside
// it. The app trusts a feed only when its signature checks with the public key built into it
// (updatePublicKey.ts), whoever serves the files. Plain Node.
import { createHash, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { UPDATE_PUBLIC_KEY } from './updatePublicKey';

/** Where a feed's signature is published: beside it, under its name plus `.sig`. */
export function signatureFileName(feedFile: string): string {
  return `${feedFile}.sig`;
}

/**
 * What is signed: the feed's exact bytes, after its purpose and its file name, so a signed feed
 * can stand in neither for another platform's nor for anything else signed with the key.
 */
function signedBytes(feedFile: string, feed: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from(`seller-desk update feed\n${feedFile}\n`, 'utf8'), feed]);
}

function ed25519Private(privateKeyPem: string) {
  const key = createPrivateKey(privateKeyPem);
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error('The update signing key is not an ed25519 key.');
  }
  return key;
}

/** The signature file's text for one feed file. */
export function signFeed(privateKeyPem: string, feedFile: string, feed: Uint8Array): string {
  const signature = sign(null, signedBytes(feedFile, feed), ed25519Private(privateKeyPem));
  return `${signature.toString('base64')}\n`;
}

/** True only for a signature, made with the key whose public half is given, of these bytes. */
export function isFeedSigned(
  feedFile: string,
  feed: Uint8Array,
  signatureText: string,
  publicKeyPem: string = UPDATE_PUBLIC_KEY,
): boolean {
  const text = signatureText.trim();
  if (!/^[A-Za-z0-9+/]{86}==$/.test(text)) return false;
  const key = createPublicKey(publicKeyPem);
  if (key.asymmetricKeyType !== 'ed25519') return false;
  return verify(null, signedBytes(feedFile, feed), key, Buffer.from(text, 'base64'));
}

/** The public half of a signing key, as the app carries it (SPKI PEM). */
export function publicKeyOf(privateKeyPem: string): string {
  return createPublicKey(ed25519Private(privateKeyPem))
    .export({ type: 'spki', format: 'pem' })
    .toString()
    .trim();
}

/** A file's sha512 in base64, as electron-builder writes it into the feed. */
export function fileSha512(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha512');
    createReadStream(path)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('base64')));
  });
}
