// A number option as the seller types it on the command line.
import { usageError } from './cliError';

/** A decimal as the seller types it: `10`, `-5`, `+2.5`, `0,5`. */
export function decimalOption(name: string, raw: string, command: string): number {
  const text = raw.trim().replace(',', '.').replace(/^\+/, '');
  const value = Number(text);
  if (text === '' || !Number.isFinite(value)) {
    throw usageError(`--${name} expects a number like 10 or -2.5, got "${raw}".`, command);
  }
  return value;
}
