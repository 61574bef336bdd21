// The drop zone's report after `screenshots.add`: one line for the seller, then each refusal.
import type { SellerDeskApi } from '../../../../electron/contract/ipc/api';

/** The part of `window.sellerDesk` the drop zone uses (the whole API fits). */
export type ScreenshotAddApi = {
  fileRef: SellerDeskApi['fileRef'];
  screenshots: Pick<SellerDeskApi['screenshots'], 'add'>;
  dialogs: Pick<SellerDeskApi['dialogs'], 'pickFiles'>;
};
export interface ScreenshotAddOutcome {
  accepted: number;
  refused: { item: string; reason: string }[];
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function summarizeAdd(outcome: ScreenshotAddOutcome): string {
  const added = plural(outcome.accepted, 'screenshot', 'screenshots');
  if (outcome.refused.length === 0) {
    return outcome.accepted === 0 ? 'Nothing to add.' : `${added} added.`;
  }
  const refused = plural(outcome.refused.length, 'item was', 'items were');
  return outcome.accepted === 0
    ? `Nothing added: ${refused} refused.`
    : `${added} added; ${refused} refused.`;
}

/** A long file path or link shortened from the middle so both ends stay readable. */
export function shortItem(item: string, max = 64): string {
  if (item.length <= max) return item;
  const half = Math.floor((max - 1) / 2);
  return `${item.slice(0, half)}…${item.slice(-half)}`;
}
