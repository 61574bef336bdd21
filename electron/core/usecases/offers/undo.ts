// Undo: the seller's last step (a bulk change, an import, a save) taken back while none of its
// operations has gone out. Refused with a sentence once one has: the marketplace may have it.
import { catalogues, translate, type Locale, type MessageKey } from '../../../contract/i18n';
import { statusName } from '../../../contract/rules';
import { offerNameIn } from '../../../contract/rules/consequenceWords';
import type { StepLabelSay, UndoStepView } from '../../store';
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
 * ("Price −10 % on 2 offers") and, since schema 10, its catalogue message (`say`), which is said
 * here; a step recorded before has only the English, whose fixed forms are said again from the
 * table below, a label of another form as it is.
 */
export function undoLabelIn(label: string, locale: Locale, say?: StepLabelSay | null): string {
  // With its message, English too is said from it: the app writes counts as its locale does
  // ("1,279 offers"); the command line prints the stored label.
  if (locale === 'en' && !say) return label;
  if (say && say.key in catalogues.en) {
    const values = { ...say.values };
    // An offer's name as the use cases write it, said in the language ("Предложение 1042").
    if (typeof values.offer === 'string') values.offer = offerNameIn(values.offer, locale);
    // A status is kept as its number: its name is said in the language too.
    if (say.key === 'undo.step.status' && typeof values.status === 'number') {
      values.status = translate(
        locale,
        `offers.status${statusName(values.status).replace(/ /g, '')}` as MessageKey,
      );
    }
    return translate(locale, say.key as MessageKey, values);
  }
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
  const { label, offers } = undoLast(profile, locale);
  return { label, offers };
}

/** The same, its label said in `locale` (the app's undo). */
export function undoLastStepIn(profile: SellerProfile, locale: Locale): UndoOutcome {
  const { label, offers, say } = undoLast(profile, locale);
  return { label: undoLabelIn(label, locale, say), offers };
}

function undoLast(
  profile: SellerProfile,
  locale: Locale,
): UndoOutcome & { say: StepLabelSay | null } {
  const result = profile.store().undoSteps().undoLast();
  if (!result) {
    throw new UseCaseFailure('not_found', 'There is nothing to undo.', [], {
      say: { key: 'refusals.offers.nothingToUndo' },
    });
  }
  if (!result.undone) {
    throw new UseCaseFailure('bad_input', `Cannot undo "${result.label}": ${result.reason}`, [], {
      say: whyNotUndone(undoLabelIn(result.label, locale, result.say), result.reason),
    });
  }
  return { label: result.label, offers: result.offers, say: result.say };
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
