export * from './importCredentials';
export * from './editCredential';
export { requireSentOffer, requireCredentialsKey } from './requirements';
