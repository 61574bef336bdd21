// Screenshot files queued for an offer and not uploaded yet: each placeholder the offer's list
// shows, with the staged copy the platform can serve as its thumbnail.
import { QUEUED_SCREENSHOT_PREFIX } from '../../store';
import type { SellerProfile } from '../profile';

export { QUEUED_SCREENSHOT_PREFIX };

/** Placeholder ref → the staged file's path, for the offer's queued screenshots. */
export function queuedScreenshotFiles(
  profile: SellerProfile,
  localId: number,
): ReadonlyMap<string, string> {
  return new Map(profile.store().queuedScreenshotFiles(localId));
}
