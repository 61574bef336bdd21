// Undo of the last change to offers (a bulk change, an import, a save), from the toast's "Undo"
// and from Ctrl/Cmd+Z: the core puts the offers back while nothing of it was sent, or says why not.
import type { SellerDeskApi } from '../../../electron/contract/ipc/api';
import { explainError } from './errorText';
import { notify, type NoticeAction } from './notices.svelte';
import { t } from './i18n.svelte';
import { sendingNote } from './bulkPreview';

export async function undoLastChange(api: SellerDeskApi): Promise<boolean> {
  const result = await api.undo.undo();
  if (!result.ok) {
    notify(explainError(result.error), 'error', 10_000);
    return false;
  }
  notify(() => t('undo.done', { label: result.value.label, count: result.value.offers }), 'good');
  return true;
}

/** The toast's "Undo" for a change just made. */
export function undoAction(api: SellerDeskApi): NoticeAction {
  return { label: () => t('undo.action'), run: () => void undoLastChange(api) };
}

/** The note for the current settings ('' when they cannot be read). */
export async function currentSendingNote(api: SellerDeskApi): Promise<string> {
  const settings = await api.settings.get();
  return settings.ok ? sendingNote(settings.value) : '';
}
