// Raising an event (its words fixed in the seller's language, queued once per channel) and
// delivering what is due: Telegram's sendMessage, or a webhook POST of the JSON signed with
// HMAC-SHA256 of the exact body (`X-Seller-Desk-Signature: sha256=<hex>`). A failed delivery is
// tried again with a growing pause (5 s, 10 s, 20 s … up to 10 min of the marketplace's minute,
// 12 tries); a channel sends at most ALERTS_PER_MINUTE, the rest wait their turn. An alert never
// carries a secret: its words are ours, the offer's name and the marketplace's comment, checked
// for anything that looks like account credentials and redacted of the API token and every
// channel's secret before it is queued.
import { createHmac } from 'node:crypto';
import { translate, type Locale, type MessageKey } from '../../../contract/i18n';
import { createRedactor, type Redact } from '../../secrets/redact';
import { boundText, looksLikeCredentials } from '../../util/echo';
import type { SellerProfile } from '../profile';
import { alertLanguage, TELEGRAM_API_BASE } from './channels';
import type { AlertEvent, AlertKind } from './events';

export const SIGNATURE_HEADER = 'X-Seller-Desk-Signature';
export const ALERTS_PER_MINUTE = 20;
const MAX_ATTEMPTS = 12;
const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 10 * 60_000;
const SEND_TIMEOUT_MS = 10_000;
/** Deliveries one call sends at most (the rest at the next). */
const PER_CALL = 50;

/** The alert as a webhook receives it (README, "Alerts"); Telegram gets `title` and `text`. */
export interface AlertMessage {
  event: AlertKind;
  /** Names the event once: a receiver may drop a key it has seen. */
  key: string;
  at: string;
  profile: string;
  language: Locale;
  title: string;
  text: string;
  offer?: { id: number | null; name: string };
  units?: number;
  revenue?: number;
  comment?: string;
}

export interface AlertContext {
  /** The profile's name as the seller sees it. */
  profileName: string;
  /** The marketplace's minute (the sandbox's is scaled): retries and the rate limit follow it. */
  minuteMs: number;
  /** Secrets the process knows beyond the channels' own (the API token). */
  secrets?: () => Iterable<string | null | undefined>;
  /** The language; the profile's alert language when absent. */
  locale?: Locale;
}

const titleKeys: Record<AlertKind, MessageKey> = {
  sale: 'alerts.title.sale',
  sold_out: 'alerts.title.soldOut',
  low_stock: 'alerts.title.lowStock',
  pool_low: 'alerts.title.poolLow',
  pool_dry: 'alerts.title.poolDry',
  need_details: 'alerts.title.needDetails',
  refused: 'alerts.title.refused',
  token_refused: 'alerts.title.tokenRefused',
  sync_failing: 'alerts.title.syncFailing',
  stopping: 'alerts.title.stopping',
  test: 'alerts.title.test',
};

/** The marketplace's words in an alert: one line, bounded, never what looks like credentials. */
function outsideWords(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const line = boundText(text.replace(/\s+/g, ' ').trim(), 300);
  return looksLikeCredentials(line) ? undefined : line;
}

function words(event: AlertEvent, locale: Locale, profile: string): string {
  const say = (key: MessageKey, values: Record<string, string | number> = {}) =>
    translate(locale, key, values);
  const offer = event.offer
    ? event.offer.id === null
      ? event.offer.name
      : say('alerts.offer', { name: event.offer.name || '—', id: event.offer.id })
    : '';
  const comment = outsideWords(event.comment);
  switch (event.kind) {
    case 'sale':
      return say('alerts.sale', { offer, units: event.units ?? 0, revenue: event.revenue ?? 0 });
    case 'sold_out':
      return say('alerts.soldOut', { offer });
    case 'low_stock':
      return say('alerts.lowStock', { offer, count: event.count ?? 0 });
    case 'pool_low':
      return say('alerts.poolLow', { offer, count: event.count ?? 0, keep: event.keep ?? 0 });
    case 'pool_dry':
      return say('alerts.poolDry', { offer });
    case 'need_details':
      return comment
        ? say('alerts.needDetailsComment', { offer, comment })
        : say('alerts.needDetails', { offer });
    case 'refused':
      return say('alerts.refused', { offer, reason: comment ?? '—' });
    case 'token_refused':
      return say('alerts.tokenRefused', { profile });
    case 'sync_failing':
      return say('alerts.syncFailing', {
        profile,
        minutes: event.minutes ?? 0,
        reason: say(
          event.failing === 'unreachable' ? 'alerts.failing.unreachable' : 'alerts.failing.error',
        ),
      });
    case 'stopping':
      return say(event.who === 'app' ? 'alerts.stopping.app' : 'alerts.stopping.watcher', {
        profile,
      });
    case 'test':
      return say('alerts.test', { profile });
  }
}

/** Every secret this profile's alerts must never carry: the channels' and the process's. */
function redactorFor(profile: SellerProfile, context: AlertContext): Redact {
  const alerts = profile.store().alerts();
  const secrets: (string | null | undefined)[] = [...(context.secrets?.() ?? [])];
  for (const channel of alerts.channels()) {
    try {
      secrets.push(alerts.channelSecret(channel.id));
    } catch {
      // A secret this process cannot open cannot be in what it writes either.
    }
  }
  return createRedactor(secrets);
}

/** The alert's JSON, in the seller's language, with nothing secret in it. */
export function alertMessage(
  event: AlertEvent,
  locale: Locale,
  profileName: string,
  redact: Redact,
): AlertMessage {
  const comment = outsideWords(event.comment);
  const message: AlertMessage = {
    event: event.kind,
    key: event.key,
    at: new Date(event.at).toISOString(),
    profile: redact(profileName),
    language: locale,
    title: redact(translate(locale, titleKeys[event.kind])),
    text: redact(words(event, locale, profileName)),
    ...(event.offer && { offer: { id: event.offer.id, name: redact(event.offer.name) } }),
    ...(event.units !== undefined && { units: event.units }),
    ...(event.revenue !== undefined && { revenue: event.revenue }),
    ...(comment && { comment: redact(comment) }),
  };
  return message;
}

/** Queues the events for every channel (once per key); returns how many deliveries are new. */
export function raiseAlerts(
  profile: SellerProfile,
  events: readonly AlertEvent[],
  context: AlertContext,
  channelIds?: readonly number[],
): number {
  const alerts = profile.store().alerts();
  if (events.length === 0 || alerts.channels().length === 0) return 0;
  const locale = context.locale ?? alertLanguage(profile);
  const redact = redactorFor(profile, context);
  let added = 0;
  for (const event of events) {
    const body = JSON.stringify(alertMessage(event, locale, context.profileName, redact));
    added += alerts.raise(event.key, body, channelIds);
  }
  return added;
}

export interface DeliveryTally {
  sent: number;
  /** Failed this time, to be tried again. */
  retrying: number;
  /** Given up on after every try. */
  failed: number;
  /** Each attempt, for a front that reports a test. */
  attempts: { channelId: number; eventKey: string; ok: boolean; error: string | null }[];
}

type Post = { url: string; headers: Record<string, string>; body: string };

function telegramPost(apiBase: string | null, chatId: string, token: string, body: string): Post {
  const message = JSON.parse(body) as AlertMessage;
  return {
    url: `${apiBase ?? TELEGRAM_API_BASE}/bot${token}/sendMessage`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      chat_id: chatId,
      text: `${message.title} · ${message.profile}\n${message.text}`,
      disable_web_page_preview: true,
    }),
  };
}

/** The hex HMAC-SHA256 of the exact bytes sent, under the channel's secret. */
export function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

function webhookPost(url: string, secret: string, body: string, key: string): Post {
  const message = JSON.parse(body) as AlertMessage;
  return {
    url,
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: webhookSignature(secret, body),
      'X-Seller-Desk-Event': message.event,
      'X-Seller-Desk-Delivery': key,
    },
    body,
  };
}

/** Sends one request; resolves with null, or why it failed in the alert language's words. */
async function post(request: Post, locale: Locale, signal?: AbortSignal): Promise<string | null> {
  const { request: send } = await import('undici');
  const timeout = AbortSignal.timeout(SEND_TIMEOUT_MS);
  try {
    const answer = await send(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    await answer.body.dump();
    if (answer.statusCode >= 200 && answer.statusCode < 300) return null;
    return translate(locale, 'alerts.send.http', { status: answer.statusCode });
  } catch {
    // Never the error's own text: undici's may quote the address, and Telegram's holds the token.
    return translate(locale, timeout.aborted ? 'alerts.send.timeout' : 'alerts.send.network');
  }
}

/** The pause after the n-th failed try (n ≥ 1) at this minute. */
export function retryDelay(attempt: number, minuteMs: number): number {
  const ms = Math.min(FIRST_RETRY_MS * 2 ** (attempt - 1), LONGEST_RETRY_MS);
  return Math.max(1, Math.round((ms * minuteMs) / 60_000));
}

/** Sends what is due on every channel. */
export async function deliverAlerts(
  profile: SellerProfile,
  context: Pick<AlertContext, 'minuteMs' | 'locale'>,
  signal?: AbortSignal,
): Promise<DeliveryTally> {
  const alerts = profile.store().alerts();
  const tally: DeliveryTally = { sent: 0, retrying: 0, failed: 0, attempts: [] };
  const now = profile.clock.now();
  const due = alerts.takeDue(now, PER_CALL);
  if (due.length === 0) return tally;
  const locale = context.locale ?? alertLanguage(profile);
  const channels = new Map(alerts.channels().map((c) => [c.id, c]));
  const sentNow = new Map<number, number>();
  for (const delivery of due) {
    const channel = channels.get(delivery.channelId);
    if (!channel) continue;
    const count = sentNow.get(channel.id) ?? alerts.sentSince(channel.id, now - context.minuteMs);
    if (count >= ALERTS_PER_MINUTE || signal?.aborted) {
      alerts.defer(delivery.id, now + Math.ceil(context.minuteMs / 4));
      continue;
    }
    let error: string | null;
    try {
      const secret = alerts.channelSecret(channel.id);
      const request =
        channel.kind === 'telegram'
          ? telegramPost(channel.apiBase, channel.target, secret, delivery.payload)
          : webhookPost(channel.target, secret, delivery.payload, delivery.eventKey);
      error = await post(request, locale, signal);
    } catch {
      error = translate(locale, 'alerts.send.network');
    }
    tally.attempts.push({
      channelId: channel.id,
      eventKey: delivery.eventKey,
      ok: error === null,
      error,
    });
    if (error === null) {
      alerts.markSent(delivery.id);
      sentNow.set(channel.id, count + 1);
      tally.sent++;
    } else if (delivery.attempts + 1 >= MAX_ATTEMPTS) {
      alerts.markFailed(delivery.id, error, null);
      tally.failed++;
    } else {
      const next = profile.clock.now() + retryDelay(delivery.attempts + 1, context.minuteMs);
      alerts.markFailed(delivery.id, error, next);
      tally.retrying++;
    }
  }
  return tally;
}
