// What one refused offer of a bulk change tells the seller. The store's own errors name an offer
// by its row number; those words are rewritten here, since the refusal already names the offer.
import { DraftRejected, StoreError } from '../../store';
import { UseCaseFailure, type Problem } from '../failure';

export interface RefusedOffer {
  /** The offer's row, for a front that links to it; never shown to the seller. */
  localId: number;
  /** The offer as the seller knows it: `Offer 1042`, `New offer "Manual delivery"`. */
  offer: string;
  problems: Problem[];
}

const LOCAL_ROW = /\b([Oo])ffer \d+\b/g;

/** Store messages speak of `Offer 6`; the seller reads "this offer". */
export function withoutRowNumbers(message: string): string {
  return message.replace(LOCAL_ROW, (_match, o: string) =>
    o === 'O' ? 'This offer' : 'this offer',
  );
}

/** The problems an expected refusal carries, or null for an error that is not a refusal. */
export function refusalProblems(error: unknown): Problem[] | null {
  if (error instanceof DraftRejected) {
    return error.problems.map(({ field, message, say }) => ({
      field,
      message,
      ...(say && { say }),
    }));
  }
  // A rule or a missing offer refuses one offer; anything else (the data folder) stops them all.
  if (
    error instanceof UseCaseFailure &&
    (error.kind === 'bad_input' || error.kind === 'not_found')
  ) {
    return error.problems.length > 0
      ? error.problems
      : [{ field: '(offer)', message: error.message }];
  }
  if (error instanceof StoreError && (error.kind === 'invalid' || error.kind === 'not_found')) {
    const message =
      error.kind === 'not_found' && /is not in the store/.test(error.message)
        ? 'This offer no longer exists.'
        : withoutRowNumbers(error.message);
    return [{ field: '(offer)', message }];
  }
  return null;
}
