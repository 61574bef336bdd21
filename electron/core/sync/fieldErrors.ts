// A manage 400 names its problems `offers.<index>.<field>` (data fields
// `offers.<index>.data.<fieldId>`): turn them back into the offer of the batch and the field the
// seller edited, so the rest of the batch can be resent and the form can mark the field. The
// marketplace's words are kept as the outbox keeps any message: secrets out, bounded.
import type { DataFieldError } from '../../contract/marketplace/wire';
import { keepText, type Redact } from '../secrets/redact';
import { boundText } from '../util/echo';
import { outcomeMessage } from './failures';

export interface OfferFieldError {
  field: string;
  messages: string[];
  allowedValues?: string[];
}

type FieldErrorLists = Record<string, string[] | DataFieldError[]>;

/** A field name or an allowed value as the marketplace wrote it: one line, bounded. */
const NAME_MAX = 120;

function fieldErrorOf(
  field: string,
  list: string[] | DataFieldError[],
  redact: Redact,
): OfferFieldError {
  const messages = list.map((e) => outcomeMessage(typeof e === 'string' ? e : e.error, redact));
  const allowed = list.flatMap((e) =>
    typeof e === 'string' ? [] : e.allowed_values.map((v) => boundText(redact(v), NAME_MAX)),
  );
  return {
    field: boundText(redact(field), NAME_MAX),
    messages,
    ...(allowed.length > 0 ? { allowedValues: allowed } : {}),
  };
}

/** Every field error of a refused operation, for its offer's outcome. */
export function offerFieldErrors(
  errors: FieldErrorLists | null | undefined,
  redact: Redact = keepText,
): OfferFieldError[] {
  return Object.entries(errors ?? {}).map(([field, list]) => fieldErrorOf(field, list, redact));
}

export function mapManageFieldErrors(
  errors: FieldErrorLists | null,
  redact: Redact = keepText,
): {
  byIndex: Map<number, OfferFieldError[]>;
  unmapped: OfferFieldError[];
} {
  const byIndex = new Map<number, OfferFieldError[]>();
  const unmapped: OfferFieldError[] = [];
  for (const [key, list] of Object.entries(errors ?? {})) {
    const match = /^offers\.(\d+)\.(.+)$/.exec(key);
    const entry = fieldErrorOf(match ? match[2]! : key, list, redact);
    if (!match) {
      unmapped.push(entry);
      continue;
    }
    const index = Number(match[1]);
    byIndex.set(index, [...(byIndex.get(index) ?? []), entry]);
  }
  return { byIndex, unmapped };
}
