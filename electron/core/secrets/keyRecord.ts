// What the profile's key needs from the place its id is recorded (the profile's store): the key
// is claimed in the same file its sealed credentials live in, so two processes never make two.
// Defined here, by the code that needs it; the store provides it.
export interface CredentialsKeyRecord {
  /** The id of the key recorded for this profile, if any. */
  credentialsKeyId(): string | null;
  /** Records `keyId` unless one is recorded already; returns the one that is. */
  claimCredentialsKeyId(keyId: string): string;
  hasQueuedCredentials(): boolean;
  countLegacySealedCredentials(): number;
  legacySealedCredentials(): Buffer[];
  resealLegacyCredentials(reseal: (sealed: Buffer) => Buffer | null): {
    resealed: number;
    left: number;
  };
}
