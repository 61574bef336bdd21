// One screenshot taken off an offer: a queued file is simply dropped; a stored one is detached by
// the sync, once, and its removal can be taken back until it is sent. The seller may name a
// stored screenshot by its path or by its full URL.
import { QUEUED_SCREENSHOT_PREFIX } from '../../store';
import { quoteForMessage } from '../../util/echo';
import { requireOffer } from '../offers/getOffer';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';

export interface RemoveScreenshotInput {
  localId: number;
  /** As the offer lists it, or the full URL of a stored path. */
  screenshot: string;
}

export interface RemoveScreenshotOutcome {
  localId: number;
  /** The screenshot as the offer listed it. */
  removed: string;
  /** Its removal was queued before: nothing more was queued. */
  already: boolean;
}

export interface KeepScreenshotOutcome {
  localId: number;
  /** The screenshot whose removal was taken back. */
  kept: string;
}

/** A stored path and its URL are one screenshot; a mere file-name ending is not. */
function sameScreenshot(listed: string, given: string): boolean {
  if (listed === given) return true;
  const [long, short] = listed.length > given.length ? [listed, given] : [given, listed];
  if (short === '' || !long.endsWith(short)) return false;
  return short.startsWith('/') || long[long.length - short.length - 1] === '/';
}

/** The offer's screenshot the seller named, or a refusal listing the stored ones. */
function listedScreenshot(profile: SellerProfile, input: RemoveScreenshotInput): string {
  const offer = requireOffer(profile, input.localId);
  const listed = offer.fields.screenshots ?? [];
  const match = listed.find((s) => sameScreenshot(s, input.screenshot));
  if (!match) {
    const stored = listed.filter((s) => !s.startsWith(QUEUED_SCREENSHOT_PREFIX));
    throw new UseCaseFailure(
      'not_found',
      `This offer has no screenshot ${quoteForMessage(input.screenshot, { max: 300 })}. ` +
        `Its screenshots: ${stored.join(', ') || 'none'}.`,
      [],
      {
        say: stored.length
          ? {
              key: 'refusals.screenshots.missing',
              values: {
                screenshot: quoteForMessage(input.screenshot, { max: 300 }),
                stored: stored.join(', '),
              },
            }
          : {
              key: 'refusals.screenshots.missingNone',
              values: { screenshot: quoteForMessage(input.screenshot, { max: 300 }) },
            },
      },
    );
  }
  return match;
}

export function removeScreenshot(
  profile: SellerProfile,
  input: RemoveScreenshotInput,
): RemoveScreenshotOutcome {
  const match = listedScreenshot(profile, input);
  const done = profile.store().detachScreenshot(input.localId, match);
  return { localId: input.localId, removed: match, already: done === 'already' };
}

/** Takes back a stored screenshot's removal that has not been sent: the screenshot stays. */
export function keepScreenshot(
  profile: SellerProfile,
  input: RemoveScreenshotInput,
): KeepScreenshotOutcome {
  const match = listedScreenshot(profile, input);
  const kept = profile.store().keepScreenshot(input.localId, match);
  if (kept === 'sending') {
    throw new UseCaseFailure(
      'bad_input',
      'This screenshot’s removal is already on its way to the marketplace; it cannot be taken back.',
      [],
      { say: { key: 'refusals.screenshots.removalSent' } },
    );
  }
  if (kept === 'none') {
    throw new UseCaseFailure(
      'not_found',
      'No removal of this screenshot is waiting to be sent.',
      [],
      { say: { key: 'refusals.screenshots.noRemoval' } },
    );
  }
  return { localId: input.localId, kept: match };
}
