// The sync panel's picture: the profile's status (core/usecases/sync, as `seller-desk status`
// reads it) with what only the app knows: the connection (reached, waiting, unreachable, token
// refused), whether a sync runs, and how the last one ended.
import { translate, type Locale } from '../../contract/i18n';
import type { LastRunSummary, SyncStatus } from '../../contract/ipc';
import { isCapped, type Pause } from '../limits';
import { status, type LastSync } from '../usecases/sync';
import type { SellerProfile } from '../usecases/profile';
import { failedLinksIn } from '../../contract/rules/screenshots';
import { rateWaitWords, type ConnectionTracker, type RateWait } from '../usecases/sync/connection';

export interface LiveSyncState {
  running: boolean;
  wait: RateWait | null;
  tokenRefused: boolean;
  /** How the app's last run ended (null before its first run: the profile's record speaks). */
  lastRun: LastRunSummary | null;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;

/**
 * A length of time in the app's language, in the largest unit that reads naturally ("45 s",
 * "5 min", "3 h", "1 year"): core/limits' formatDuration, which the CLI prints, in other words.
 */
export function durationWords(ms: number, locale: Locale = 'en'): string {
  if (!Number.isFinite(ms)) return translate(locale, 'notices.duration.unlimited');
  const rounded = ms <= 0 ? 0 : Math.max(SECOND, Math.round(ms / SECOND) * SECOND);
  const units = [
    [YEAR, 'notices.duration.years'],
    [DAY, 'notices.duration.days'],
    [HOUR, 'notices.duration.hours'],
    [MINUTE, 'notices.duration.minutes'],
  ] as const;
  for (const [size, key] of units) {
    // 90 s reads better than "2 min", 36 h better than "2 days".
    if (rounded >= 1.5 * size || (size === YEAR && rounded >= size)) {
      return translate(locale, key, { n: Math.round(rounded / size) });
    }
  }
  return translate(locale, 'notices.duration.seconds', { n: rounded / SECOND });
}

/**
 * A pause the marketplace asked for, without the closing stop (it ends the connection's reason
 * or, with one, the progress event's sentence): how long it asked, how long Seller Desk holds.
 */
export function pauseWords(pause: Pause, locale: Locale = 'en'): string {
  const asked = durationWords(pause.askedMs, locale);
  return isCapped(pause)
    ? translate(locale, 'notices.pause.capped', {
        asked,
        held: durationWords(pause.heldMs, locale),
      })
    : translate(locale, 'notices.pause.asked', { asked });
}

/**
 * Why the app is not sending right now, in one sentence (the progress event's words). A pause the
 * marketplace asked for says how long it asked and how long Seller Desk actually waits.
 */
export function waitReasonText(
  reason: string | null | undefined,
  pause: Pause | null,
  locale: Locale = 'en',
): string {
  const sentence = (words: string) => translate(locale, 'notices.wait.sentence', { reason: words });
  switch (reason) {
    case 'requests':
    case 'manage_offers':
    case 'attach':
      return sentence(rateWaitWords({ pool: reason, until: 0 }, locale).reason);
    case 'retry_after':
      return pause
        ? sentence(pauseWords(pause, locale))
        : translate(locale, 'notices.wait.askedToWait');
    default:
      return translate(locale, 'notices.wait.rateLimit');
  }
}

/** What a low-stock alert carries for its words (the use case's reason is the CLI's English). */
export interface StockAlertWords {
  kind: string;
  reason: string;
  credentialsLeft?: number | null;
  poolDry?: boolean;
}

/** "Low stock: 1 credential left" / "Sold out: went Not Active", in the app's language. */
export function stockReasonWords(alert: StockAlertWords, locale: Locale = 'en'): string {
  if (alert.kind === 'pool_dry') return translate(locale, 'notices.stock.poolDry');
  const dry = alert.poolDry ? translate(locale, 'notices.stock.poolDryTail') : '';
  if (alert.kind === 'sold_out') return `${translate(locale, 'notices.stock.soldOut')}${dry}`;
  if (alert.kind === 'low' && typeof alert.credentialsLeft === 'number') {
    return `${translate(locale, 'notices.stock.low', { count: alert.credentialsLeft })}${dry}`;
  }
  return alert.reason;
}

const emptyBudget = { requestsLeft: 0, manageOffersLeft: 0, attachLeft: 0, nextRoomInMs: 0 };

/** The end of a run as the profile recorded it (sent, refused) and how the app saw it end. */
export function lastRunOf(
  record: LastSync | null,
  queued: number,
  failure: LastRunSummary['failure'],
): LastRunSummary | null {
  if (!record?.finishedAt) return null;
  return {
    at: new Date(record.finishedAt).toISOString(),
    sent: record.sent,
    refused: record.failed,
    needsAttention: record.needsAttention,
    conflicts: record.conflicts,
    waiting: queued,
    failure: failure ?? (record.unauthorized ? 'token_refused' : record.error ? 'error' : null),
  };
}

export function syncStatusOf(
  profile: SellerProfile | null,
  live: LiveSyncState,
  connection: ConnectionTracker,
  now: number,
  locale: Locale = 'en',
): SyncStatus {
  const wait = live.running && live.wait && live.wait.until > now ? live.wait : null;
  const view = connection.view(
    {
      hasProfile: profile !== null,
      tokenRefused: live.tokenRefused,
      running: live.running,
      wait,
      locale,
    },
    now,
  );
  const online = view.state === 'online' || view.state === 'syncing' || view.state === 'waiting';
  const waiting = wait
    ? {
        ms: wait.until - now,
        reason: translate(locale, 'notices.wait.sentence', {
          reason: rateWaitWords(wait, locale).reason,
        }),
      }
    : null;
  if (!profile) {
    return {
      online,
      running: false,
      lastRunAt: null,
      lastRunOk: null,
      queued: 0,
      conflicts: 0,
      needsSeller: 0,
      problems: [],
      lowStock: [],
      budget: emptyBudget,
      waiting: null,
      connection: view,
      lastRun: null,
    };
  }
  const current = status(profile);
  const finished = current.lastSync?.finishedAt ?? null;
  const lastRun = live.lastRun
    ? { ...live.lastRun, waiting: current.changesToSend }
    : lastRunOf(current.lastSync, current.changesToSend, null);
  return {
    online,
    running: live.running,
    // While a run goes on, its record is unfinished: the last one that ended speaks.
    lastRunAt: finished ? new Date(finished).toISOString() : (lastRun?.at ?? null),
    lastRunOk: lastRun ? lastRun.failure === null && lastRun.needsAttention === 0 : null,
    queued: current.changesToSend,
    conflicts: current.bySyncState.conflict,
    needsSeller: current.needsSeller,
    problems: current.refused.map((offer) => ({
      localId: offer.localId,
      title: offer.title,
      // A line of the app's own fixed form in the app's language; the marketplace's as it wrote it.
      message: failedLinksIn(offer.message, locale) ?? offer.message,
      fields: offer.fieldErrors.flatMap((e) =>
        e.messages.map((message) => ({ field: e.field, message })),
      ),
    })),
    lowStock: current.lowStock.map((alert) => ({
      localId: alert.localId,
      title: alert.title,
      reason: stockReasonWords(alert, locale),
    })),
    budget: current.rateBudget,
    waiting,
    connection: view,
    lastRun,
  };
}
