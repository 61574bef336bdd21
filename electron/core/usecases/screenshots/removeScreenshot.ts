// One screenshot taken off an offer: a queued file is simply dropped; a stored one is detached by
// the sync. The seller may name a stored screenshot by its path or by its full URL.
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
}

/** A stored path and its URL are one screenshot; a mere file-name ending is not. */
function sameScreenshot(listed: string, given: string): boolean {
  if (listed === given) return true;
  const [long, short] = listed.length > given.length ? [listed, given] : [given, listed];
  if (short === '' || !long.endsWith(short)) return false;
  return short.startsWith('/') || long[long.length - short.length - 1] === '/';
}

export function removeScreenshot(
  profile: SellerProfile,
  input: RemoveScreenshotInput,
): RemoveScreenshotOutcome {
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
  profile.store().detachScreenshot(input.localId, match);
  return { localId: input.localId, removed: match };
}
