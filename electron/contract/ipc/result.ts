// Every call across the process boundary answers `{ ok, value }` or `{ ok: false, error }`:
// Electron carries only `error.message` across `invoke`, and the renderer needs a kind to act on.
import { z } from 'zod';
import { catalogues, type MessageKey } from '../i18n/catalogues';

export const errorKinds = [
  /** The input broke a rule; `fields` says which field and why. */
  'validation',
  /** The token is missing, wrong or expired: ask the seller for a new one. */
  'unauthorized',
  'forbidden',
  'not_found',
  /** The marketplace cannot be reached; nothing was lost, it is queued. */
  'offline',
  'rate_limited',
  /** A file or payload the app cannot read (malformed, binary, too large). */
  'bad_input',
  /** The OS keychain offers only plain-text storage; the seller must accept it explicitly. */
  'insecure_storage',
  'cancelled',
  /** The core's worker stopped while answering (it restarts by itself): try again. */
  'unavailable',
  'internal',
] as const;
export const errorKindSchema = z.enum(errorKinds);
export type ErrorKind = z.infer<typeof errorKindSchema>;

export const fieldProblemSchema = z.object({
  field: z.string(),
  message: z.string(),
  type: z.string().optional(),
  allowedValues: z.array(z.string()).optional(),
  /** A rule's reason as a catalogue message (contract/rules FieldProblem.say); `message` is English. */
  say: z
    .object({
      key: z.custom<MessageKey>((key) => typeof key === 'string' && key in catalogues.en),
      values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    })
    .optional(),
});
export type FieldProblemDto = z.infer<typeof fieldProblemSchema>;

export const appErrorSchema = z.object({
  kind: errorKindSchema,
  message: z.string(),
  fields: z.array(fieldProblemSchema).optional(),
  /** An unexpected failure's technical words (redacted), shown only after the sentence. */
  detail: z.string().optional(),
});
export type AppError = z.infer<typeof appErrorSchema>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export function resultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: appErrorSchema }),
  ]);
}

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail(kind: ErrorKind, message: string, fields?: FieldProblemDto[]): Result<never> {
  return { ok: false, error: fields ? { kind, message, fields } : { kind, message } };
}
