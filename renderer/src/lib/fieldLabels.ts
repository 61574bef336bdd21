// Field names as the seller reads them: the one label map lives in the contract's rules
// (electron/contract/rules/fieldLabels.ts), shared with the core and the command line.
export {
  fieldLabel,
  problemLabel,
  problemReason,
  reasonBesideField,
  sellerProblem,
} from '../../../electron/contract/rules/fieldLabels';

export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
