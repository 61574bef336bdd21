// Undo: the seller's last step (a bulk change, an import, a save) taken back while none of its
// operations has gone out. Refused with a sentence once one has: the marketplace may have it.
import type { UndoStepView } from '../../store';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';

export interface UndoOutcome {
  /** What was undone, in the seller's words ("Price −10 % on 3 offers"). */
  label: string;
  offers: number;
}

/** The step Ctrl+Z would undo now, or null. */
export function lastUndoStep(profile: SellerProfile): UndoStepView | null {
  return profile.store().undoSteps().last();
}

export function undoLastStep(profile: SellerProfile): UndoOutcome {
  const result = profile.store().undoSteps().undoLast();
  if (!result) throw new UseCaseFailure('not_found', 'There is nothing to undo.');
  if (!result.undone) {
    throw new UseCaseFailure('bad_input', `Cannot undo "${result.label}": ${result.reason}`);
  }
  return { label: result.label, offers: result.offers };
}
