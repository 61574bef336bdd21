// One rule violation, named by the field the seller edited, so that the renderer can put the
// message next to the input and the sandbox can turn it into the API's 400 body.
import type { MessageKey } from '../i18n';

export type ProblemCode =
  | 'required'
  | 'invalid'
  | 'out_of_range'
  | 'too_long'
  | 'prohibited'
  | 'unknown_field'
  | 'mismatch';

export interface FieldProblem {
  /** 'price_per_step', 'outer_name', 'data.<fieldId>', 'credentials.<i>.login', … */
  field: string;
  message: string;
  code?: ProblemCode;
  /** For data fields: the field kind ('select', 'text', …). */
  type?: string;
  /** For select fields: the value strings the service accepts. */
  allowedValues?: string[];
  /**
   * The reason without the field, as a catalogue message, for a front that speaks the seller's
   * language (fieldLabels `problemReason`); `message` stays the English the command line and the
   * sandbox's 400 body print. Absent on the marketplace's own problems.
   */
  say?: ProblemSay;
}

/** A rule's reason as a catalogue message; numbers are said in the reader's locale. */
export interface ProblemSay {
  key: MessageKey;
  /** Plain strings and numbers only: it crosses to the renderer as JSON (ipc/result.ts). */
  values?: Readonly<Record<string, string | number>>;
}

/** A rule's problem: its English message and the same reason as a catalogue message. */
export function ruleProblem(
  field: string,
  code: ProblemCode,
  message: string,
  key: MessageKey,
  values?: ProblemSay['values'],
): FieldProblem {
  return { field, code, message, say: values ? { key, values } : { key } };
}

/**
 * A text longer than its limit, for every field that has one (the offer's names and description,
 * a product's text field, an account's login and passwords): one wording, said once. `subject`
 * opens the English message as the rules word the field ("The outer name field", "\"Nickname\"").
 */
export function tooLongProblem(field: string, subject: string, max: number): FieldProblem {
  return ruleProblem(
    field,
    'too_long',
    `${subject} must not be longer than ${max} characters.`,
    'editor.rule.maxCharacters',
    { max },
  );
}

export function isDataProblem(p: FieldProblem): boolean {
  return p.field.startsWith('data.');
}

/** Turns `price_per_step` into "price per step", the way the service words its messages. */
export function humanName(field: string): string {
  const last = field.split('.').pop() ?? field;
  return last.replace(/_/g, ' ');
}
