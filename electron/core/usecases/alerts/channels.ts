// Where the seller's alerts go: a Telegram chat (through Telegram's Bot API or a self-hosted
// one) or a webhook of their own, signed. The app's Settings and `seller-desk alerts` set them up
// through these use cases. A channel's secret (the bot token, the webhook's signing secret) is
// sealed with the profile's credentials key as it is added (the app's key is protected by the OS
// keychain, the command line's is its owner-only key file), and never shown again.
import type { Locale, MessageKey } from '../../../contract/i18n';
import { translate } from '../../../contract/i18n';
import type { AlertChannelKind, AlertChannelRow } from '../../store';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';

export const TELEGRAM_API_BASE = 'https://api.telegram.org';
export const WEBHOOK_SECRET_MIN = 16;

export interface AlertChannel {
  id: number;
  kind: AlertChannelKind;
  /** The chat id, or the webhook's address without any user, password or query. */
  target: string;
  /** A self-hosted Bot API server; null for Telegram's own. */
  apiBase: string | null;
  createdAt: string;
  /** Alerts sent, waiting (a retry pending) and given up on. */
  sent: number;
  pending: number;
  failed: number;
  /** Why the last attempt failed, in our words (never the server's text or an address). */
  lastError: string | null;
}

const LANGUAGE_MARK = 'language';

function refuse(key: MessageKey, values: Record<string, string | number> = {}): UseCaseFailure {
  return new UseCaseFailure('bad_input', translate('en', key, values), [], {
    say: { key, values },
  });
}

/** An address shown or stored without what may be secret in it (user, password, query). */
export function shownAddress(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname}`;
}

function checkedUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw refuse('alerts.problem.url');
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw refuse('alerts.problem.url');
  }
  return url.toString();
}

function view(row: AlertChannelRow): AlertChannel {
  return {
    id: row.id,
    kind: row.kind,
    target: row.kind === 'webhook' ? shownAddress(row.target) : row.target,
    apiBase: row.apiBase,
    createdAt: new Date(row.createdAt).toISOString(),
    sent: row.sent,
    pending: row.pending,
    failed: row.failed,
    lastError: row.lastError,
  };
}

export interface TelegramChannelInput {
  chatId: string;
  botToken: string;
  /** A self-hosted Bot API server; Telegram's own when absent. */
  apiBase?: string | null;
}

export function addTelegramChannel(
  profile: SellerProfile,
  input: TelegramChannelInput,
): AlertChannel {
  const chatId = input.chatId.trim();
  if (!/^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/.test(chatId))
    throw refuse('alerts.problem.chatId');
  const botToken = input.botToken.trim();
  if (!/^\d{3,20}:[A-Za-z0-9_-]{20,100}$/.test(botToken)) throw refuse('alerts.problem.botToken');
  const apiBase = input.apiBase?.trim() ? checkedUrl(input.apiBase).replace(/\/+$/, '') : null;
  const alerts = profile.store().alerts();
  const id = alerts.addChannel({ kind: 'telegram', target: chatId, apiBase, secret: botToken });
  return view(alerts.channels().find((c) => c.id === id)!);
}

export interface WebhookChannelInput {
  url: string;
  secret: string;
}

export function addWebhookChannel(
  profile: SellerProfile,
  input: WebhookChannelInput,
): AlertChannel {
  const url = checkedUrl(input.url);
  const secret = input.secret.trim();
  if (secret.length < WEBHOOK_SECRET_MIN) throw refuse('alerts.problem.secret');
  const alerts = profile.store().alerts();
  const id = alerts.addChannel({ kind: 'webhook', target: url, apiBase: null, secret });
  return view(alerts.channels().find((c) => c.id === id)!);
}

export function listAlertChannels(profile: SellerProfile): AlertChannel[] {
  return profile.store().alerts().channels().map(view);
}

export function unknownChannel(id: number): UseCaseFailure {
  return new UseCaseFailure(
    'not_found',
    translate('en', 'alerts.problem.unknownChannel', { id }),
    [],
    {
      say: { key: 'alerts.problem.unknownChannel', values: { id } },
    },
  );
}

export function removeAlertChannel(profile: SellerProfile, id: number): void {
  if (!profile.store().alerts().removeChannel(id)) throw unknownChannel(id);
}

/** The language alerts are written in: the seller's (the app keeps it in step with its own). */
export function alertLanguage(profile: SellerProfile): Locale {
  return profile.store().alerts().mark(LANGUAGE_MARK) === 'ru' ? 'ru' : 'en';
}

export function setAlertLanguage(profile: SellerProfile, locale: Locale): void {
  if (alertLanguage(profile) !== locale) {
    profile.store().alerts().setMark(LANGUAGE_MARK, locale);
  }
}
