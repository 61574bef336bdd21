// Settings' alert channels of the shown profile: thin over the alert use cases, in the app's
// language. A secret goes in with its channel and never comes back out.
import type { Locale } from '../../../contract/i18n';
import type { Handlers } from '../../../contract/ipc';
import {
  addTelegramChannel,
  addWebhookChannel,
  listAlertChannels,
  removeAlertChannel,
  sendTestAlert,
} from '../../usecases/alerts';
import { appAlertContext } from '../alerts';
import type { AppContext } from '../context';

type AlertChannels =
  'alerts.list' | 'alerts.addTelegram' | 'alerts.addWebhook' | 'alerts.remove' | 'alerts.test';

export function alertHandlers(
  ctx: AppContext,
  locale: () => Locale,
): Pick<Handlers, AlertChannels> {
  const channels = () => ({ channels: listAlertChannels(ctx.seller()) });
  return {
    async 'alerts.list'() {
      return channels();
    },
    async 'alerts.addTelegram'(input) {
      addTelegramChannel(ctx.seller(), input);
      return channels();
    },
    async 'alerts.addWebhook'(input) {
      addWebhookChannel(ctx.seller(), input);
      return channels();
    },
    async 'alerts.remove'({ id }) {
      removeAlertChannel(ctx.seller(), id);
      return channels();
    },
    async 'alerts.test'({ id }) {
      const seller = ctx.seller();
      return sendTestAlert(seller, appAlertContext(ctx.options, seller, locale()), id);
    },
  };
}
