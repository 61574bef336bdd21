// What the screenshot strip shows and asks, from the offer's screenshots and its rule view.
import { limits } from '../../../../electron/contract/marketplace/limits';
import type { Screenshot } from '../../../../electron/contract/ipc/models';
import {
  attachEditSendsBackToReview,
  removingLastScreenshotSendsToDraft,
  type ScreenshotRuleOffer,
} from '../../../../electron/contract/rules/screenshots';

export interface StripCounts {
  attached: number;
  queued: number;
  failed: number;
  /** Stored ones whose removal is queued or on its way. */
  leaving: number;
  /** Screenshots the offer will hold once the queue is sent (failed ones will not arrive). */
  total: number;
  /** How many more the seller may add. */
  room: number;
}

export function stripCounts(screenshots: readonly Screenshot[]): StripCounts {
  const attached = screenshots.filter((s) => s.state === 'attached').length;
  const queued = screenshots.filter((s) => s.state === 'queued').length;
  const failed = screenshots.filter((s) => s.state === 'failed').length;
  const leaving = screenshots.filter((s) => s.state === 'leaving').length;
  const total = attached + queued;
  return {
    attached,
    queued,
    failed,
    leaving,
    total,
    room: Math.max(0, limits.screenshotsMaxCount - total),
  };
}

/**
 * Whether removing `target` deserves the "goes to Draft" question. Only a detach of the last
 * attached screenshot does it; a queued or failed one never reached the marketplace, and queued
 * ones are sent before a later removal, so the offer would not be left empty.
 */
export function removalSendsToDraft(
  target: Screenshot,
  screenshots: readonly Screenshot[],
  offer: Omit<ScreenshotRuleOffer, 'screenshots'>,
): boolean {
  if (target.state !== 'attached') return false;
  const counts = stripCounts(screenshots);
  if (counts.queued > 0) return false;
  return removingLastScreenshotSendsToDraft({ ...offer, screenshots: counts.attached });
}

/** Whether adding files now will send the offer back to review (the note under the strip). */
export function addingFilesSendsBackToReview(
  offer: Omit<ScreenshotRuleOffer, 'screenshots'>,
  screenshots: readonly Screenshot[],
): boolean {
  return attachEditSendsBackToReview({ ...offer, screenshots: stripCounts(screenshots).attached });
}

/** A short name for a screenshot: the last part of its address, for labels and alt text. */
export function screenshotLabel(screenshot: Screenshot): string {
  const ref = screenshot.ref.split(/[?#]/)[0] ?? screenshot.ref;
  const last = ref.split(/[\\/]/).filter(Boolean).pop() ?? ref;
  return last.length > 40 ? `${last.slice(0, 18)}…${last.slice(-18)}` : last;
}
