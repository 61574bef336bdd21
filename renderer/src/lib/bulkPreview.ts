// The words of a bulk change's preview (BulkPreviewDialog): what changes, what goes back to
// review, what is left out and why. The numbers and reasons come from the core's preview; only
// the sentences around them are made here.
import type { ChangePreview } from '../../../electron/contract/ipc/changeModels';
import {
  belowCostIn,
  consequencesIn,
  onSaleWarningIn,
} from '../../../electron/contract/rules/consequenceWords';
import { currentLocale, t } from './i18nText';

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
 * The core words the preview (usecases/offers/previewChange) in the app's language when it makes
 * it; said again in the language shown, should that differ (contract/rules/consequenceWords: the
 * same words as the core's). Anything else stays as the core wrote it.
 */
export function previewInWords(preview: ChangePreview): ChangePreview {
  return consequencesIn(preview, currentLocale());
}

/**
 * The Not Active gold offers a change edits: they stay Not Active (the default) or go back on sale,
 * as the seller chose; null when the change edits none.
 */
export function onSaleText(toSaleCount: number, putOnSale: boolean): string | null {
  return onSaleWarningIn(toSaleCount, !putOnSale, currentLocale());
}

/** "2 offers would sell below cost: …", or null when none would. */
export function belowCostText(belowCostCount: number): string | null {
  return belowCostIn(belowCostCount, currentLocale());
}

/** What the seller chose in a preview before confirming it. */
export interface PreviewChoice {
  /** Put the Not Active gold offers back on sale instead of keeping them Not Active. */
  putOnSale: boolean;
  /** Apply prices that sell below cost anyway. */
  allowBelowCost: boolean;
}
