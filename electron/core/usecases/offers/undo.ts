// Undo: the seller's last step (a bulk change, an import, a save) taken back while none of its
// operations has gone out. Refused with a sentence once one has: the marketplace may have it.
import { catalogues, translate, type Locale, type MessageKey } from '../../../contract/i18n';
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

/**
 * The step's label in the seller's language. The store keeps the English the command line prints
 * ("Price −10 % on 2 offers"); its fixed forms are said again here, a label of another form
 * (written by an older version) as it is.
 */
export function undoLabelIn(label: string, locale: Locale): string {
  if (locale === 'en') return label;
  const sentence = undoLabelSentence(label, locale);
  return sentence ? translate(locale, sentence.key, sentence.values) : label;
}

const stepForms: [RegExp, MessageKey][] = [
  [/^Delete (\d+) offers?$/, 'undo.step.delete'],
  [/^Discard of local changes on (\d+) offers?$/, 'undo.step.discard'],
  [/^Duplicate of (\d+) offers?$/, 'undo.step.duplicate'],
  [/^Import of (\d+) offers?$/, 'undo.step.import'],
];

function undoLabelSentence(label: string, locale: Locale): Sentence | null {
  const price = /^Price ([+−])(\d+(?:\.\d+)?)( %)? on (\d+) offers?$/.exec(label);
  if (price) {
    const [, sign, value, percent, count] = price;
    return {
      key: 'undo.step.price',
      values: { sign, value: Number(value), percent: percent ? 'yes' : 'no', count: Number(count) },
    };
  }
  const status = /^Status (.+) on (\d+) offers?$/.exec(label);
  if (status) {
    const key = `offers.status${status[1]!.replace(/ /g, '')}`;
    if (!(key in catalogues.en)) return null;
    return {
      key: 'undo.step.status',
      values: { status: translate(locale, key as MessageKey), count: Number(status[2]) },
    };
  }
  for (const [form, key] of stepForms) {
    const match = form.exec(label);
    if (match) return { key, values: { count: Number(match[1]) } };
  }
  return null;
}

/** Undoes the last step; a refusal names the step in `locale` (the message stays English). */
export function undoLastStep(profile: SellerProfile, locale: Locale = 'en'): UndoOutcome {
  const result = profile.store().undoSteps().undoLast();
  if (!result) {
    throw new UseCaseFailure('not_found', 'There is nothing to undo.', [], {
      say: { key: 'refusals.offers.nothingToUndo' },
    });
  }
  if (!result.undone) {
    throw new UseCaseFailure('bad_input', `Cannot undo "${result.label}": ${result.reason}`, [], {
      say: whyNotUndone(undoLabelIn(result.label, locale), result.reason),
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
