// Alerts where the seller is: the channels (Telegram, a signed webhook), the events a round
// brings, and their delivery. The watcher and the app run the same `alertsAfterRound`; the app's
// Settings and `seller-desk alerts` add, list, remove and test channels.
import { translate } from '../../../contract/i18n';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';
import { listAlertChannels, unknownChannel, type AlertChannel } from './channels';
import { roundEvents, type AlertEvent, type RoundResult } from './events';
import { deliverAlerts, raiseAlerts, type AlertContext, type DeliveryTally } from './send';

export {
  TELEGRAM_API_BASE,
  WEBHOOK_SECRET_MIN,
  addTelegramChannel,
  addWebhookChannel,
  alertLanguage,
  listAlertChannels,
  removeAlertChannel,
  setAlertLanguage,
  shownAddress,
} from './channels';
export type { AlertChannel, TelegramChannelInput, WebhookChannelInput } from './channels';
export { SYNC_FAILING_MINUTES, TOKEN_REPEAT_MINUTES, roundEvents } from './events';
export type { AlertEvent, AlertKind, RoundResult } from './events';
export {
  ALERTS_PER_MINUTE,
  SIGNATURE_HEADER,
  alertMessage,
  deliverAlerts,
  raiseAlerts,
  retryDelay,
  webhookSignature,
} from './send';
export type { AlertContext, AlertMessage, DeliveryTally } from './send';

export interface RoundAlerts extends DeliveryTally {
  /** Events this round raised (new deliveries, across channels). */
  raised: number;
}

/** After a round: its events raised on every channel, then everything due delivered. */
export async function alertsAfterRound(
  profile: SellerProfile,
  result: RoundResult,
  context: AlertContext,
  signal?: AbortSignal,
): Promise<RoundAlerts> {
  const events = roundEvents(profile, result, {
    now: profile.clock.now(),
    minuteMs: context.minuteMs,
  });
  const raised = raiseAlerts(profile, events, context);
  const tally = await deliverAlerts(profile, context, signal);
  return { raised, ...tally };
}

/** The watcher or the app stops: said on every channel, with a short wait for it to go out. */
export async function alertStopping(
  profile: SellerProfile,
  who: 'watcher' | 'app',
  context: AlertContext,
): Promise<DeliveryTally> {
  const now = profile.clock.now();
  const event: AlertEvent = { kind: 'stopping', key: `stopping:${who}:${now}`, at: now, who };
  raiseAlerts(profile, [event], context);
  return deliverAlerts(profile, context, AbortSignal.timeout(5_000));
}

export interface TestAlertOutcome {
  channels: (Pick<AlertChannel, 'id' | 'kind' | 'target'> & {
    sent: boolean;
    error: string | null;
  })[];
}

/** A test alert on one channel or every one, sent now; says which went out. */
export async function sendTestAlert(
  profile: SellerProfile,
  context: AlertContext,
  channelId?: number,
): Promise<TestAlertOutcome> {
  const channels = listAlertChannels(profile).filter(
    (c) => channelId === undefined || c.id === channelId,
  );
  if (channelId !== undefined && channels.length === 0) throw unknownChannel(channelId);
  if (channels.length === 0) {
    throw new UseCaseFailure('bad_input', translate('en', 'alerts.problem.noChannels'), [], {
      say: { key: 'alerts.problem.noChannels' },
    });
  }
  const now = profile.clock.now();
  const key = `test:${now}:${Math.random().toString(36).slice(2, 8)}`;
  raiseAlerts(
    profile,
    [{ kind: 'test', key, at: now }],
    context,
    channels.map((c) => c.id),
  );
  const tally = await deliverAlerts(profile, context);
  return {
    channels: channels.map((c) => {
      const attempt = tally.attempts.find((a) => a.channelId === c.id && a.eventKey === key);
      return {
        id: c.id,
        kind: c.kind,
        target: c.target,
        sent: attempt?.ok ?? false,
        error: attempt ? attempt.error : null,
      };
    }),
  };
}
