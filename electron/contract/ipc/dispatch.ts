// The one place where a call from the renderer meets a handler, used by Electron main and by the
// browser host alike: the input is validated before the handler runs, a thrown failure becomes a
// typed error, and nothing else (no stack, no internals) crosses back.
import type { z } from 'zod';
import type { ChannelName, Channels } from './channels';
import { channels } from './channels';
import type { ErrorKind, FieldProblemDto, Result } from './result';
import type { MessageKey, MessageValues } from '../i18n';

/** Thrown by handlers for an outcome the renderer should act on. */
export class AppFailure extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly fields?: FieldProblemDto[],
    /** The catalogue message the app says it with, in the seller's language (core/app/failures). */
    readonly say?: { key: MessageKey; values?: MessageValues },
    /** Technical words (an unexpected answer's), shown only as a detail after the sentence. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'AppFailure';
  }
}

export type Handlers = {
  [C in ChannelName]: (
    input: z.output<Channels[C]['input']>,
  ) => Promise<z.input<Channels[C]['output']>>;
};

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.hasOwn(channels, name);
}

function describeIssues(error: z.ZodError): FieldProblemDto[] {
  return error.issues.map((issue) => ({
    field: issue.path.join('.') || '(input)',
    message: issue.message,
  }));
}

export async function dispatch(
  handlers: Handlers,
  name: unknown,
  rawInput: unknown,
  onInternalError: (channel: string, error: unknown) => void = () => {},
): Promise<Result<unknown>> {
  if (!isChannelName(name)) {
    return { ok: false, error: { kind: 'bad_input', message: 'Unknown request.' } };
  }
  const parsed = channels[name].input.safeParse(rawInput);
  if (!parsed.success) {
    return {
      ok: false,
      error: {
        kind: 'bad_input',
        message: `The request "${name}" was malformed.`,
        fields: describeIssues(parsed.error),
      },
    };
  }
  try {
    const handler = handlers[name] as (input: unknown) => Promise<unknown>;
    const value = await handler(parsed.data);
    return { ok: true, value: channels[name].output.parse(value) };
  } catch (error) {
    if (error instanceof AppFailure) {
      return {
        ok: false,
        error: {
          kind: error.kind,
          message: error.message,
          ...(error.fields && { fields: error.fields }),
          ...(error.detail !== undefined && { detail: error.detail }),
        },
      };
    }
    onInternalError(name, error);
    return {
      ok: false,
      error: {
        kind: 'internal',
        message: 'Something went wrong inside Seller Desk. It was logged.',
      },
    };
  }
}
