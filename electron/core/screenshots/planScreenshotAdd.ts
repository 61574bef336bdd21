// Which of the dropped items an offer can take. The marketplace caps an offer at 20 screenshots;
// counting what it holds, what is queued and what was just dropped lets us refuse the overflow
// here, per item, instead of learning it from a 422 after the files were uploaded.
import { limits } from '../../contract/marketplace/limits';
import { screenshotWarnings } from '../../contract/rules/screenshots';
import type { CheckedScreenshotFile } from './checkScreenshotFile';
import type { ProblemSay } from '../../contract/rules/problems';

export type AcceptedScreenshotFile = Extract<CheckedScreenshotFile, { ok: true }>;

export interface ScreenshotRefusal {
  /** What the seller recognises: a file name or the link. */
  item: string;
  reason: string;
  /** The reason as a catalogue message, for the app; `reason` is the command line's English. */
  say?: ProblemSay;
}

export interface ScreenshotAddPlan {
  files: AcceptedScreenshotFile[];
  urls: string[];
  refused: ScreenshotRefusal[];
}

export interface ScreenshotAddRequest {
  /** Screenshots the offer already has: attached on the server plus queued locally. */
  existing: number;
  /** Files in the order they were dropped, already checked. */
  files: readonly CheckedScreenshotFile[];
  /** Links in the order they were dropped, already normalised. */
  urls: readonly string[];
  maxCount?: number;
}

/** Accepts items in drop order (files first, then links) until the offer is full. */
export function planScreenshotAdd(request: ScreenshotAddRequest): ScreenshotAddPlan {
  const maxCount = request.maxCount ?? limits.screenshotsMaxCount;
  const plan: ScreenshotAddPlan = { files: [], urls: [], refused: [] };
  let count = Math.max(0, request.existing);
  const seenPaths = new Set<string>();

  for (const file of request.files) {
    if (!file.ok) {
      plan.refused.push({
        item: file.name,
        reason: file.reason,
        ...(file.say && { say: file.say }),
      });
      continue;
    }
    if (seenPaths.has(file.path)) {
      plan.refused.push({
        item: file.name,
        reason: 'was dropped twice; added once',
        say: { key: 'screenshots.reason.twice' },
      });
      continue;
    }
    seenPaths.add(file.path);
    if (count >= maxCount) {
      plan.refused.push({ item: file.name, reason: capReason(maxCount), say: capSay(maxCount) });
      continue;
    }
    plan.files.push(file);
    count++;
  }

  for (const url of request.urls) {
    if (count >= maxCount) {
      plan.refused.push({ item: url, reason: capReason(maxCount), say: capSay(maxCount) });
      continue;
    }
    plan.urls.push(url);
    count++;
  }
  return plan;
}

function capSay(maxCount: number): ProblemSay {
  return { key: 'screenshots.reason.cap', values: { max: maxCount } };
}

function capReason(maxCount: number): string {
  return maxCount === limits.screenshotsMaxCount
    ? screenshotWarnings.capExceeded
    : `would exceed the ${maxCount} screenshots an offer can hold`;
}
