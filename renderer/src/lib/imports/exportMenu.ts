// What the export menu tells the seller once main wrote the file.
import { fileLabel } from './credentialPreview';

export function exportSummary(rows: number, file: string): string {
  const offers = `${rows.toLocaleString('en-US')} ${rows === 1 ? 'offer' : 'offers'}`;
  return `${offers} saved to ${fileLabel(file)}.`;
}

export function templateSummary(file: string): string {
  return `Template saved to ${fileLabel(file)}.`;
}
