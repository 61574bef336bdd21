// The words of a bulk change's preview (BulkPreviewDialog): what changes, what goes back to
// review, what is left out and why. The numbers and reasons come from the core's preview; only
// the sentences around them are made here.
import type { ChangePreview } from '../../../electron/contract/ipc/changeModels';
import { plural } from './format';

export type BulkAction = 'price' | 'status' | 'delete';

/** "3 offers change · 1 left out" — the first line of the preview. */
export function previewSummary(preview: ChangePreview, action: BulkAction): string {
  const verb = action === 'delete' ? 'deleted' : 'change';
  const head =
    action === 'delete'
      ? `${plural(preview.changing, 'offer')} will be ${verb}`
      : `${plural(preview.changing, 'offer')} ${preview.changing === 1 ? 'changes' : 'change'}`;
  return preview.leftOutCount > 0
    ? `${head} · ${preview.leftOutCount.toLocaleString()} left out`
    : head;
}

/** "49.99 → 44.99": one offer's before and after ("2 other fields" alone when no price moves). */
export function previewLineText(line: { before: string; after: string }): string {
  return line.before ? `${line.before} → ${line.after}` : line.after;
}

/** "and 2,800 more" under a list the core cut short, or null when every line is shown. */
export function moreText(shown: number, total: number): string | null {
  return total > shown ? `and ${(total - shown).toLocaleString()} more` : null;
}

/** The confirm button: says what it does and to how many. */
export function confirmLabel(preview: ChangePreview, action: BulkAction): string {
  const n = plural(preview.changing, 'offer');
  if (action === 'delete') return `Delete ${n}`;
  if (action === 'status') return `Change status of ${n}`;
  return `Change price of ${n}`;
}

/** When a change just made goes out, in the toast's words (the hold and automatic sending). */
export function sendingNote(settings: { holdSeconds: number; sendAutomatically: boolean }): string {
  if (!settings.sendAutomatically) return 'It goes out when you press Sync now.';
  if (settings.holdSeconds > 0) return `It goes out in ${settings.holdSeconds} s unless you undo.`;
  return '';
}

/** Why changes wait in the queue between syncs (the Sync view), from the sending settings. */
export function queueWaitNote(settings: {
  holdSeconds: number;
  sendAutomatically: boolean;
}): string {
  if (!settings.sendAutomatically) {
    return 'Sending automatically is off (Settings): they go out when you press Sync now.';
  }
  if (settings.holdSeconds > 0) {
    return `Each change goes out ${settings.holdSeconds} s after you make it, so it can still be undone.`;
  }
  return '';
}
