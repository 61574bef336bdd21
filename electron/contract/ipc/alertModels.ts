// The alert channels as Settings shows and changes them (core/usecases/alerts). A secret (the bot
// token, the webhook's signing secret) goes in once, when a channel is added; it never comes back.
import { z } from 'zod';

export const alertChannelSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['telegram', 'webhook']),
  target: z.string(),
  apiBase: z.string().nullable(),
  createdAt: z.string(),
  sent: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  lastError: z.string().nullable(),
});
export type AlertChannelDto = z.infer<typeof alertChannelSchema>;

export const alertChannelsSchema = z.object({ channels: z.array(alertChannelSchema) });

export const addTelegramInputSchema = z.object({
  chatId: z.string().min(1).max(100),
  botToken: z.string().min(1).max(200),
  apiBase: z.string().max(500).nullable().optional(),
});

export const addWebhookInputSchema = z.object({
  url: z.string().min(1).max(2000),
  secret: z.string().min(1).max(500),
});

export const alertTestOutcomeSchema = z.object({
  channels: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(['telegram', 'webhook']),
      target: z.string(),
      sent: z.boolean(),
      error: z.string().nullable(),
    }),
  ),
});
