// Undo: the seller's last step (a bulk change, an import, a save) taken back while none of its
// operations has gone out. Refused with a sentence once one has: the marketplace may have it.
import type { MessageKey } from '../../../contract/i18n';
import type { UndoStepView } from '../../store';
import { UseCaseFailure, type Sentence } from '../failure';
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
  if (!result) {
    throw new UseCaseFailure('not_found', 'There is nothing to undo.', [], {
      say: { key: 'refusals.offers.nothingToUndo' },
    });
  }
  if (!result.undone) {
    throw new UseCaseFailure('bad_input', `Cannot undo "${result.label}": ${result.reason}`, [], {
      say: whyNotUndone(result.label, result.reason),
    });
  }
  return { label: result.label, offers: result.offers };
}

/** The store's reasons (store/undoSteps.ts), by their first words, as the app says them. */
const undoReasons: [string, MessageKey][] = [
  ['Some of these changes were already sent', 'refusals.offers.undo.sent'],
  ['These offers were changed again since', 'refusals.offers.undo.changedSince'],
  ['Some of these offers were deleted on the marketplace', 'refusals.offers.undo.deletedThere'],
  ['This change is still being applied', 'refusals.offers.undo.stillApplying'],
];

function whyNotUndone(label: string, reason: string): Sentence {
  const known = undoReasons.find(([start]) => reason.startsWith(start));
  return known
    ? { key: known[1], values: { label } }
    : { key: 'refusals.offers.cannotUndo', values: { label, reason } };
}
