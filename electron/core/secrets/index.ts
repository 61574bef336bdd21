export {
  createKeyring,
  createSecretBox,
  openSecretBox,
  keyIdOf,
  sealedKeyId,
  SecretBoxError,
  DATA_KEY_BYTES,
} from './secretBox';
export type { SecretBox, Keyring, RandomBytes, SecretBoxErrorReason } from './secretBox';
export { createKeyFileProtector, createEncryptedKeyProtector } from './keyProtector';
export type { KeyProtector, StringEncryption } from './keyProtector';
export {
  openProfileKeyring,
  sealedCredentialsAttention,
  CREDENTIALS_LOCKED_MESSAGE,
  CREDENTIALS_LOCKED_ATTENTION,
} from './profileKey';
export type { ProfileKeyFiles, ProfileKeyOptions } from './profileKey';
