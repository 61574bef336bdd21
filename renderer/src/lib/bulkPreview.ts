// The words of a bulk change's preview (BulkPreviewDialog): what changes, what goes back to
// review, what is left out and why. The numbers and reasons come from the core's preview; only
// the sentences around them are made here.
import type { ChangePreview } from '../../../electron/contract/ipc/changeModels';
import type { MessageKey } from '../../../electron/contract/i18n';
import {
  PRICE_ROUNDING_RULE,
  SOLD_LEFT_OUT,
  reviewWarning,
} from '../../../electron/contract/rules/consequences';
import { offerStatusNames } from '../../../electron/contract/marketplace/wire';
import { formatNumber } from '../../../electron/contract/i18n';
import { currentLocale, t } from './i18nText';
import { statusInfo } from './offerStatus';

export type BulkAction = 'price' | 'status' | 'delete';

/** "3 offers change · 1 left out" — the first line of the preview. */
export function previewSummary(preview: ChangePreview, action: BulkAction): string {
  const count = preview.changing;
  const head =
    action === 'delete'
      ? t('offers.previewWillBeDeleted', { count })
      : t('offers.previewChange', { count });
  return preview.leftOutCount > 0
    ? t('offers.previewLeftOut', { head, count: preview.leftOutCount })
    : head;
}

/** "49.99 → 44.99": one offer's before and after ("2 other fields" alone when no price moves). */
export function previewLineText(line: { before: string; after: string }): string {
  return line.before ? `${line.before} → ${line.after}` : line.after;
}

/** "and 2,800 more" under a list the core cut short, or null when every line is shown. */
export function moreText(shown: number, total: number): string | null {
  return total > shown ? t('offers.andMore', { count: total - shown }) : null;
}

/** The confirm button: says what it does and to how many. */
export function confirmLabel(preview: ChangePreview, action: BulkAction): string {
  const count = preview.changing;
  if (action === 'delete') return t('offers.confirmDelete', { count });
  if (action === 'status') return t('offers.confirmStatus', { count });
  return t('offers.confirmPrice', { count });
}

/** When a change just made goes out, in the toast's words (the hold and automatic sending). */
export function sendingNote(settings: { holdSeconds: number; sendAutomatically: boolean }): string {
  if (!settings.sendAutomatically) return t('offers.goesOutOnSyncNow');
  if (settings.holdSeconds > 0) return t('offers.goesOutIn', { seconds: settings.holdSeconds });
  return '';
}

/** Why changes wait in the queue between syncs (the Sync view), from the sending settings. */
export function queueWaitNote(settings: {
  holdSeconds: number;
  sendAutomatically: boolean;
}): string {
  if (!settings.sendAutomatically) {
    return t('offers.queueAutoOff');
  }
  if (settings.holdSeconds > 0) {
    return t('offers.queueHold', { seconds: settings.holdSeconds });
  }
  return '';
}

/**
 * The core words the preview (usecases/offers/previewChange) in English, the command line's
 * language; the app shows it in the seller's: the contract's own sentences (the rounding rule, the
 * review warning, the reasons an offer is left out), status names, prices and offer names are
 * said again in the app's language. Anything else stays as the core wrote it.
 */
export function previewInWords(preview: ChangePreview): ChangePreview {
  if (currentLocale() === 'en') return preview;
  return {
    ...preview,
    rule: preview.rule === PRICE_ROUNDING_RULE ? t('offers.roundingRule') : preview.rule,
    warnings: preview.warnings.map((warning) =>
      warning === reviewWarning(preview.toReviewCount)
        ? t('offers.reviewWarning', { count: preview.toReviewCount })
        : warning,
    ),
    changes: preview.changes.map((line) => ({
      ...line,
      offer: offerNameInWords(line.offer),
      before: valueInWords(line.before),
      after: valueInWords(line.after),
    })),
    leftOut: preview.leftOut.map((line) => ({
      ...line,
      offer: offerNameInWords(line.offer),
      reason: reasonInWords(line.reason),
    })),
    toReview: preview.toReview.map(offerNameInWords),
  };
}

const statusByName = new Map<string, number>(
  Object.entries(offerStatusNames).map(([value, name]) => [name, Number(value)]),
);

function statusInWords(name: string): string | null {
  if (name === 'Not sent yet') return t('offers.notSentYet');
  const status = statusByName.get(name);
  return status === undefined
    ? null
    : (statusInfo[status as keyof typeof statusInfo]?.name ?? null);
}

/** A price ("44.99") as the language writes it, a status name in its words; else as it came. */
function valueInWords(value: string): string {
  if (/^-?\d+(\.\d+)?$/.test(value)) return formatNumber(currentLocale(), Number(value), 4);
  return statusInWords(value) ?? value;
}

/** "Offer 1005 "Name"", "New offer of "Product"" (usecases/offers/offerName) in the language. */
function offerNameInWords(name: string): string {
  let match = /^Offer (\d+)(?: of (.+)| (.+))?$/s.exec(name);
  if (match) {
    const offer = t('offers.offerNamed', { id: match[1] });
    if (match[2]) return t('offers.offerOf', { offer, product: match[2] });
    return match[3] ? `${offer} ${match[3]}` : offer;
  }
  match = /^New offer of (.+)$/s.exec(name);
  if (match) return t('offers.newOfferOf', { product: match[1] });
  match = /^New offer (.+)$/s.exec(name);
  if (match) return t('offers.newOfferNamed', { name: match[1] });
  return name;
}

const fixedReasons: Record<string, MessageKey> = {
  [SOLD_LEFT_OUT]: 'offers.soldLeftOut',
  'This offer no longer exists.': 'offers.gone',
  'Waiting to be deleted.': 'offers.waitingDelete',
  'Already waiting to be deleted.': 'offers.alreadyWaitingDelete',
  'Its product is not in the local catalogue: pull first.': 'offers.noProduct',
  'No price yet.': 'offers.noPrice',
};

function reasonInWords(reason: string): string {
  const fixed = fixedReasons[reason];
  if (fixed) return t(fixed);
  let match = /^The new price would be (\S+): a price must be above 0\.$/.exec(reason);
  if (match) return t('offers.priceToZero', { price: valueInWords(match[1]!) });
  match = /^The price stays (\S+) once rounded\.$/.exec(reason);
  if (match) return t('offers.priceStays', { price: valueInWords(match[1]!) });
  match = /^Already (.+)\.$/.exec(reason);
  if (match) {
    const status = statusInWords(match[1]!);
    if (status) return t('offers.alreadyStatus', { status });
  }
  return reason;
}
