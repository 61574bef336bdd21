export { createSecretBox, openSecretBox, SecretBoxError, DATA_KEY_BYTES } from './secretBox';
export type { SecretBox, RandomBytes } from './secretBox';
export { createKeyFileProtector, createEncryptedKeyProtector } from './keyProtector';
export type { KeyProtector, StringEncryption } from './keyProtector';
