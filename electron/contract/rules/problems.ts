// One rule violation, named by the field the seller edited, so that the renderer can put the
// message next to the input and the sandbox can turn it into the API's 400 body.

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
}

export function isDataProblem(p: FieldProblem): boolean {
  return p.field.startsWith('data.');
}

/** Turns `price_per_step` into "price per step", the way the service words its messages. */
export function humanName(field: string): string {
  const last = field.split('.').pop() ?? field;
  return last.replace(/_/g, ' ');
}
