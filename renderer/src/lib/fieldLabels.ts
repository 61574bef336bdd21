// Field names as the seller reads them: the one label map lives in the contract's rules
// (electron/contract/rules/fieldLabels.ts), shared with the core and the command line.
// Here bound to the app's language.
import * as labels from '../../../electron/contract/rules/fieldLabels';
import type { LabelledProduct } from '../../../electron/contract/rules/fieldLabels';
import type { ProblemSay } from '../../../electron/contract/rules/problems';
import { formatNumber } from '../../../electron/contract/i18n';
import { currentLocale, t } from './i18nText';

type Problem = { field?: string | null; message: string; say?: ProblemSay | null };

export const fieldLabel = (field: string, product?: LabelledProduct | null) =>
  labels.fieldLabel(field, product, currentLocale());
export const problemLabel = (problem: Problem, product?: LabelledProduct | null) =>
  labels.problemLabel(problem, product, currentLocale());
export const problemReason = (field: string, message: string, say?: ProblemSay | null) =>
  labels.problemReason(field, message, currentLocale(), say);
export const reasonBesideField = (field: string, message: string, say?: ProblemSay | null) =>
  labels.reasonBesideField(field, message, currentLocale(), say);
export const sellerProblem = (problem: Problem, product?: LabelledProduct | null) =>
  labels.sellerProblem(problem, product, currentLocale());

export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return t('common.empty');
  // Written as the language writes numbers: "700 000" and "0,07" in Russian, not 700000 and 0.07.
  if (typeof value === 'number') return formatNumber(currentLocale(), value, 4);
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
