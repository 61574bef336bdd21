// What the seller is told when a sync ends: the run's numbers kept for the Sync view, and the
// native notification of a sync that finished with refusals, naming the offers.
import type { LastRunSummary } from '../../contract/ipc';
import { plural } from '../../contract/words';
import { status, type OfferNeedingAttention } from '../usecases/sync';
import type { SellerProfile } from '../usecases/profile';
import { lastRunOf } from './syncStatus';

/** The run that just ended, as the profile recorded it, with how the app saw it end. */
export function lastRunSummary(
  profile: SellerProfile,
  failure: LastRunSummary['failure'],
  now: number,
): LastRunSummary {
  const current = status(profile);
  return (
    lastRunOf(current.lastSync, current.changesToSend, failure) ?? {
      at: new Date(now).toISOString(),
      sent: 0,
      refused: 0,
      needsAttention: 0,
      conflicts: 0,
      waiting: current.changesToSend,
      failure,
    }
  );
}

/**
 * The summary the Sync view keeps: a run that found nothing to do (the background sync reading
 * back, or holding fresh changes) does not wipe out the one that sent or failed before it.
 */
export function keptSummary(previous: LastRunSummary | null, next: LastRunSummary): LastRunSummary {
  const uneventful =
    next.failure === null &&
    next.sent === 0 &&
    next.refused === 0 &&
    previous !== null &&
    previous.failure === null &&
    next.needsAttention === previous.needsAttention &&
    next.conflicts === previous.conflicts;
  return uneventful ? { ...previous, waiting: next.waiting } : next;
}

/**
 * "WoW Gold EU-Silvermoon and 2 more were refused": the offers this run put in Needs attention
 * and the conflicts it found (not those the seller was told of before); null for a clean run.
 */
export function refusedNotice(
  refused: readonly Pick<OfferNeedingAttention, 'title'>[],
  conflicts: number,
): { title: string; body: string } | null {
  const count = refused.length;
  if (count === 0 && conflicts === 0) return null;
  const inConflict =
    conflicts > 0
      ? `${plural(conflicts, 'offer')} changed here and on the marketplace: choose which value to keep.`
      : '';
  if (count === 0) {
    return { title: 'Some offers need your attention', body: inConflict };
  }
  const first = refused[0]?.title;
  const title = first
    ? count === 1
      ? `${first} was refused`
      : `${first} and ${plural(count - 1, 'more', 'more')} were refused`
    : `${plural(count, 'offer')} ${count === 1 ? 'was' : 'were'} refused`;
  const body = ["The marketplace's reasons are in Sync, under Needs attention.", inConflict]
    .filter(Boolean)
    .join(' ');
  return { title, body };
}
