// The drop zone's report after `screenshots.add`: one line for the seller, then each refusal.
import { translate, type Locale } from '../../../../electron/contract/i18n';
import { currentLocale } from '../i18nText';
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

export function summarizeAdd(
  outcome: ScreenshotAddOutcome,
  locale: Locale = currentLocale(),
): string {
  const count = outcome.accepted;
  const refused = outcome.refused.length;
  if (refused === 0) {
    return count === 0
      ? translate(locale, 'screenshots.nothingToAdd')
      : translate(locale, 'screenshots.added', { count });
  }
  return count === 0
    ? translate(locale, 'screenshots.nothingAdded', { refused })
    : translate(locale, 'screenshots.addedRefused', { count, refused });
}

/** A long file path or link shortened from the middle so both ends stay readable. */
export function shortItem(item: string, max = 64): string {
  if (item.length <= max) return item;
  const half = Math.floor((max - 1) / 2);
  return `${item.slice(0, half)}…${item.slice(-half)}`;
}
