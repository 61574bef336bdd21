// A manage 400 names its problems `offers.<index>.<field>` (data fields
// `offers.<index>.data.<fieldId>`): turn them back into the offer of the batch and the field the
// seller edited, so the rest of the batch can be resent and the form can mark the field.
import type { DataFieldError } from '../../contract/marketplace/wire';

export interface OfferFieldError {
  field: string;
  messages: string[];
  allowedValues?: string[];
}

export function mapManageFieldErrors(errors: Record<string, string[] | DataFieldError[]> | null): {
  byIndex: Map<number, OfferFieldError[]>;
  unmapped: OfferFieldError[];
} {
  const byIndex = new Map<number, OfferFieldError[]>();
  const unmapped: OfferFieldError[] = [];
  for (const [key, list] of Object.entries(errors ?? {})) {
    const messages = list.map((e) => (typeof e === 'string' ? e : e.error));
    const allowed = list.flatMap((e) => (typeof e === 'string' ? [] : e.allowed_values));
    const match = /^offers\.(\d+)\.(.+)$/.exec(key);
    const entry: OfferFieldError = {
      field: match ? match[2]! : key,
      messages,
      ...(allowed.length > 0 ? { allowedValues: allowed } : {}),
    };
    if (!match) {
      unmapped.push(entry);
      continue;
    }
    const index = Number(match[1]);
    byIndex.set(index, [...(byIndex.get(index) ?? []), entry]);
  }
  return { byIndex, unmapped };
}
