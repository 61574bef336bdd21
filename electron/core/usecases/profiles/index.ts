// One profile per seller: who a token belongs to, which profile is theirs, and the seller's
// profiles (list, add, rename, remove).
export { identifySeller, identifyToken, tokenFingerprint, type SellerIdentity } from './identity';
export {
  firstProfileIsTheirs,
  profileForSeller,
  profileOfToken,
  sellerGuard,
  SellerMismatch,
  type GuardOptions,
  type TokenGuard,
} from './guard';
export {
  addProfile,
  listProfiles,
  removeProfile,
  renameProfile,
  unsentWork,
  type ProfileSummary,
  type RemoveOutcome,
  type UnsentWork,
} from './sellerProfiles';
export { waitingWork, type WaitingWork } from './waitingWork';
export {
  replaceProfileToken,
  type ReplaceTokenInput,
  type ReplaceTokenOutcome,
} from './replaceToken';
