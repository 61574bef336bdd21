// The one place where a call from the renderer meets a handler: the input is validated before the
// handler runs, a thrown failure becomes a typed error, and nothing else (no stack, no internals)
// crosses back. It runs once a call, where the handlers live (the core's process or thread); a
// shell in front of a core elsewhere relays the raw input (`Answer`) and takes its Result as is.
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

const unknownRequest: Result<never> = {
  ok: false,
  error: { kind: 'bad_input', message: 'Unknown request.' },
};

/** A call answered: the contract's Result for a channel and its raw input. */
export type Answer = (name: ChannelName, rawInput: unknown) => Promise<Result<unknown>>;

/** What a shell answers through: a core that dispatches its own calls, or handlers here. */
export interface Answering {
  handlers: Handlers;
  /** Present on a core in another process or thread: the call is validated and run there. */
  answer?: Answer;
}

/** The call answered once: relayed raw to a core that dispatches itself, else dispatched here. */
export async function answerCall(
  target: Answering,
  name: unknown,
  rawInput: unknown,
  onInternalError: (channel: string, error: unknown) => void = () => {},
): Promise<Result<unknown>> {
  if (!target.answer) return dispatch(target.handlers, name, rawInput, onInternalError);
  if (!isChannelName(name)) return unknownRequest;
  return target.answer(name, rawInput);
}

export async function dispatch(
  handlers: Handlers,
  name: unknown,
  rawInput: unknown,
  onInternalError: (channel: string, error: unknown) => void = () => {},
): Promise<Result<unknown>> {
  if (!isChannelName(name)) return unknownRequest;
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
