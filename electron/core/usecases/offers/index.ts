// The seller's intents on offers, shared by the app's IPC handlers and the command line.
export { listOffers, countOffers } from './listOffers';
export type { OfferList, OfferListQuery, ListedOffer } from './listOffers';
export {
  offersViewPreferences,
  saveOffersViewPreferences,
  defaultOffersViewPreferences,
} from './viewPreferences';
export { getOffer, requireOffer } from './getOffer';
export { offerExists, offerOfMarketplaceId } from './findOffer';
export type { OfferDetail } from '../../store';
export type { OfferView } from './getOffer';
export { saveGuard, saveOffer } from './saveOffer';
export type { SaveGuard, SaveOfferInput, SavedOffer } from './saveOffer';
export { duplicateOffers } from './duplicateOffers';
export { deleteOffers } from './deleteOffers';
export type { DeleteOutcome } from './deleteOffers';
export { setStatus } from './setStatus';
export type { SetStatusInput } from './setStatus';
export { changePrice, priceChangeWords } from './changePrice';
export type { ChangePriceInput, PriceChangeOutcome } from './changePrice';
export { discardLocalChanges } from './discardLocalChanges';
export { retryRefused, dismissRefusal } from './refusedChanges';
export { resolveConflict } from './resolveConflict';
export type { ConflictChoice, ResolveConflictInput, ResolvedConflicts } from './resolveConflict';
export { selectedOffers, MAX_SELECTED } from './selection';
export type { OfferFilter, OfferSelection } from './selection';
export type { BulkOutcome } from './bulk';
export type { RefusedOffer } from './refusals';
export { offerName } from './offerName';
export { previewChange, PREVIEW_LINES } from './previewChange';
export type { BulkChange, ChangePreview, PreviewLine, LeftOutLine } from './previewChange';
export { undoLabelIn, undoLastStep, undoLastStepIn, lastUndoStep } from './undo';
export type { UndoOutcome } from './undo';
