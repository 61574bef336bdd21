export * from './importCredentials';
export * from './editCredential';
export { requireOffer, requireSentOffer, requireCredentialsKey } from './requireOffer';
