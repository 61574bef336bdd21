// Turning one row of cells (from CSV, XLSX or JSON) into a credential. Values are kept as typed:
// only logins and emails are trimmed, since a password's spaces may be part of it.
import type { CredentialInput } from '../../../contract/marketplace/wire';
import type { FieldProblem } from '../../../contract/rules';
import type { BrokenLine } from '../text/brokenLines';
import type { CredentialColumns, CredentialField } from './credentialColumns';

export type CredentialProblem = FieldProblem;

export interface ParsedCredentialRow {
  /** 1-based line of the file (row of the sheet; item of a JSON array). */
  line: number;
  credential: CredentialInput;
  /** Problems found while reading (a bad 2FA value); validation adds its own later. */
  problems: CredentialProblem[];
  /** What the seller paid for this account (a `cost` column), never sent to the marketplace. */
  cost?: number;
}

/** The highest cost a row may say: the profit use case's bound (usecases/profit MAX_COST). */
const MAX_ROW_COST = 2_000_000_000;

/** A cost cell: empty is none; "1 234,50" and "3.5" read as amounts; anything else is invalid. */
export function parseCost(value: string | undefined): number | undefined | 'invalid' {
  if (value === undefined) return undefined;
  const text = value
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(',', '.');
  if (text === '') return undefined;
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(text)) return 'invalid';
  const amount = Number(text);
  return Number.isFinite(amount) && amount <= MAX_ROW_COST ? amount : 'invalid';
}

/** The field of a problem that concerns the whole line rather than one of its values. */
export const WHOLE_LINE = 'line';

export function wholeLineProblem({ message, say }: BrokenLine): CredentialProblem {
  return { field: WHOLE_LINE, code: 'invalid', message, say };
}

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'y', 'on', '+', 'да']);
const FALSE_WORDS = new Set(['0', 'false', 'no', 'n', 'off', '-', 'нет']);

export function parseTwoFactor(value: unknown): boolean | null | 'invalid' {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : 'invalid';
  if (typeof value !== 'string') return 'invalid';
  const word = value.trim().toLowerCase();
  if (word === '') return null;
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return 'invalid';
}

function optionalText(value: string | undefined, trim: boolean): string | null {
  if (value === undefined) return null;
  const text = trim ? value.trim() : value;
  return text === '' ? null : text;
}

export function credentialFromCells(
  cells: readonly string[],
  columns: CredentialColumns,
  line: number,
): ParsedCredentialRow {
  const cell = (field: CredentialField): string | undefined => {
    const index = columns.indexOf[field];
    return index === undefined ? undefined : cells[index];
  };
  const problems: CredentialProblem[] = [];
  const twoFactor = parseTwoFactor(cell('is_2fa_active'));
  if (twoFactor === 'invalid') {
    problems.push({
      field: 'is_2fa_active',
      code: 'invalid',
      message: '2FA must be yes/no, true/false or 1/0',
      say: { key: 'imports.row.twoFactor' },
    });
  }
  const cost = columns.costIndex === undefined ? undefined : parseCost(cells[columns.costIndex]);
  if (cost === 'invalid') {
    problems.push({
      field: 'cost',
      code: 'invalid',
      message: `Cost per account must be an amount from 0 to ${MAX_ROW_COST}, like 3.50`,
      say: { key: 'imports.row.cost', values: { max: MAX_ROW_COST } },
    });
  }
  const credential: CredentialInput = {
    login: (cell('login') ?? '').trim(),
    game_password: cell('game_password') ?? '',
    email: optionalText(cell('email'), true),
    email_password: optionalText(cell('email_password'), false),
    is_2fa_active: twoFactor === 'invalid' ? null : twoFactor,
    comment: optionalText(cell('comment'), false),
  };
  return {
    line,
    credential,
    problems,
    ...(cost !== undefined && cost !== 'invalid' && { cost }),
  };
}
