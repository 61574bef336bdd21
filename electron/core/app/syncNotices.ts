// What the seller is told when a sync ends: the run's numbers kept for the Sync view, and the
// native notification of a sync that finished with refusals, naming the offers.
import { translate, type Locale } from '../../contract/i18n';
import type { LastRunSummary } from '../../contract/ipc';
import { status, type OfferNeedingAttention } from '../usecases/sync';
import type { SellerProfile } from '../usecases/profile';
import { lastRunOf, stockReasonWords, type StockAlertWords } from './syncStatus';

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

export interface Notice {
  title: string;
  body: string;
}

/**
 * "WoW Gold EU-Silvermoon and 2 more were refused": the offers this run put in Needs attention
 * and the conflicts it found (not those the seller was told of before); null for a clean run.
 */
export function refusedNotice(
  refused: readonly Pick<OfferNeedingAttention, 'title'>[],
  conflicts: number,
  locale: Locale = 'en',
): Notice | null {
  const count = refused.length;
  if (count === 0 && conflicts === 0) return null;
  const inConflict =
    conflicts > 0 ? translate(locale, 'notices.refused.conflicts', { count: conflicts }) : '';
  if (count === 0) {
    return { title: translate(locale, 'notices.refused.attention'), body: inConflict };
  }
  const first = refused[0]?.title;
  const title = first
    ? count === 1
      ? translate(locale, 'notices.refused.one', { first })
      : translate(locale, 'notices.refused.more', { first, count: count - 1 })
    : translate(locale, 'notices.refused.count', { count });
  const body = [translate(locale, 'notices.refused.body'), inConflict].filter(Boolean).join(' ');
  return { title, body };
}

/** The first failed attempt of an outage: why, and that the changes wait here. */
export function unreachableNotice(reason: string, queued: number, locale: Locale = 'en'): Notice {
  return {
    title: translate(locale, 'notices.unreachable.title'),
    body: translate(locale, 'notices.unreachable.body', { reason, count: queued }),
  };
}

/**
 * The marketplace stopped accepting the token: the way out is a new one (pasted for the shown
 * profile, added again for one syncing in the background).
 */
export function tokenRefusedNotice(
  locale: Locale = 'en',
  profile: 'shown' | 'background' = 'shown',
): Notice {
  return {
    title: translate(locale, 'notices.token.title'),
    body: translate(
      locale,
      profile === 'shown'
        ? 'notices.connection.tokenRefusedReason'
        : 'notices.token.backgroundBody',
    ),
  };
}

/** Offers the marketplace turned Not Active in this sync (those not told of by name). */
export function wentNotActiveNotice(count: number, locale: Locale = 'en'): Notice {
  return {
    title: translate(locale, 'notices.notActive.title', { count }),
    body: translate(locale, 'notices.notActive.body'),
  };
}

/** A low-stock alert's notification: the offer named, what to do. */
export function stockAlertNotice(
  alert: StockAlertWords & { title: string },
  locale: Locale = 'en',
): Notice {
  const body =
    alert.kind === 'sold_out'
      ? 'notices.stock.soldOutBody'
      : alert.kind === 'pool_dry'
        ? 'notices.stock.poolDryBody'
        : 'notices.stock.lowBody';
  return {
    title: translate(locale, 'notices.stock.title', {
      title: alert.title,
      reason: stockReasonWords(alert, locale),
    }),
    body: translate(locale, body),
  };
}
