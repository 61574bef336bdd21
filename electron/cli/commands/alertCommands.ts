// `alerts list | add telegram | add webhook | remove | test`: the alert use cases
// (core/usecases/alerts) with the secrets read from owner-only files, never from an argument.
import type { Locale } from '../../contract/i18n';
import {
  addTelegramChannel,
  addWebhookChannel,
  alertLanguage,
  listAlertChannels,
  removeAlertChannel,
  sendTestAlert,
  setAlertLanguage,
  type AlertChannel,
  type AlertContext,
} from '../../core/usecases/alerts';
import { MINUTE_MS } from '../../core/usecases/watch';
import { CliError } from '../cliError';
import type { CommandContext, CommandHandler, CommandOutcome } from '../commandTypes';
import { ExitCode } from '../exitCodes';
import { formatTable } from '../table';
import { readSecretFile } from '../token';

/** What the alerts of this run are told: the profile's name, its minute, the secrets known. */
export function alertContext(ctx: CommandContext): AlertContext {
  return {
    profileName: ctx.profileName() ?? new URL(ctx.baseUrl).host,
    minuteMs: ctx.globals.windowMs ?? MINUTE_MS,
    secrets: () => ctx.secrets(),
  };
}

function language(ctx: CommandContext, value: unknown): Locale {
  if (value === undefined) return alertLanguage(ctx.profile());
  if (value !== 'en' && value !== 'ru') {
    throw new CliError('usage', '--language is en or ru.');
  }
  setAlertLanguage(ctx.profile(), value);
  return value;
}

function channelJson(c: AlertChannel) {
  return {
    id: c.id,
    kind: c.kind,
    target: c.target,
    apiBase: c.apiBase,
    createdAt: c.createdAt,
    sent: c.sent,
    pending: c.pending,
    failed: c.failed,
    lastError: c.lastError,
  };
}

function channelId(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text))
    throw new CliError('usage', 'A channel is named by its number (alerts list).');
  return Number(text);
}

function added(ctx: CommandContext, channel: AlertChannel, locale: Locale): CommandOutcome {
  return {
    data: { channel: channelJson(channel), language: locale },
    human:
      `Alert channel ${channel.id} added: ${channel.kind} ${channel.target}` +
      ` (alerts in ${locale === 'ru' ? 'Russian' : 'English'}). Try it: seller-desk alerts test ${channel.id}` +
      (ctx.globals.profile ? ` --profile ${ctx.globals.profile}` : ''),
    exitCode: ExitCode.Done,
  };
}

const list: CommandHandler = async (ctx) => {
  const channels = listAlertChannels(ctx.profile());
  const locale = alertLanguage(ctx.profile());
  return {
    data: { channels: channels.map(channelJson), language: locale },
    human: channels.length
      ? formatTable(
          [
            { title: 'ID', value: (c: AlertChannel) => c.id, align: 'right' },
            { title: 'KIND', value: (c) => c.kind },
            { title: 'TO', value: (c) => (c.apiBase ? `${c.target} via ${c.apiBase}` : c.target) },
            { title: 'SENT', value: (c) => c.sent, align: 'right' },
            { title: 'WAITING', value: (c) => c.pending, align: 'right' },
            { title: 'FAILED', value: (c) => c.failed, align: 'right' },
            { title: 'LAST ERROR', value: (c) => c.lastError ?? '' },
          ],
          channels,
        )
      : 'No alert channels. Add one: seller-desk alerts add telegram … | alerts add webhook …',
    exitCode: ExitCode.Done,
  };
};

const addTelegram: CommandHandler = async (ctx, call) => {
  const locale = language(ctx, call.options.language);
  const channel = addTelegramChannel(ctx.profile(), {
    chatId: String(call.options['chat-id']),
    botToken: readSecretFile(String(call.options['bot-token-file']), 'bot token file'),
    apiBase: (call.options['api-base'] as string | undefined) ?? null,
  });
  return added(ctx, channel, locale);
};

const addWebhook: CommandHandler = async (ctx, call) => {
  const locale = language(ctx, call.options.language);
  const channel = addWebhookChannel(ctx.profile(), {
    url: call.args[0]!,
    secret: readSecretFile(String(call.options['secret-file']), 'secret file'),
  });
  return added(ctx, channel, locale);
};

const remove: CommandHandler = async (ctx, call) => {
  const id = channelId(call.args[0])!;
  removeAlertChannel(ctx.profile(), id);
  return { data: { removed: id }, human: `Alert channel ${id} removed.`, exitCode: ExitCode.Done };
};

const test: CommandHandler = async (ctx, call) => {
  const outcome = await sendTestAlert(ctx.profile(), alertContext(ctx), channelId(call.args[0]));
  const failed = outcome.channels.filter((c) => !c.sent);
  return {
    data: outcome,
    human: outcome.channels
      .map((c) =>
        c.sent
          ? `${c.id} ${c.kind} ${c.target}: sent`
          : `${c.id} ${c.kind} ${c.target}: not sent (${c.error ?? 'not tried'}); it is tried again by the next watch round or app sync`,
      )
      .join('\n'),
    // A channel that could not be reached is the marketplace's exit 5's kin: try again later.
    exitCode: failed.length ? ExitCode.Unreachable : ExitCode.Done,
  };
};

export const alertCommands: Record<string, CommandHandler> = {
  'alerts list': list,
  'alerts add telegram': addTelegram,
  'alerts add webhook': addWebhook,
  'alerts remove': remove,
  'alerts test': test,
};
