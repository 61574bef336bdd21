// What the export menu tells the seller once main wrote the file.
import { translate, type Locale } from '../../../../electron/contract/i18n';
import { currentLocale } from '../i18nText';
import { fileLabel } from './credentialPreview';

export function exportSummary(
  rows: number,
  file: string,
  locale: Locale = currentLocale(),
): string {
  return translate(locale, 'imports.exported', { count: rows, file: fileLabel(file) });
}

export function templateSummary(file: string, locale: Locale = currentLocale()): string {
  return translate(locale, 'imports.templateSaved', { file: fileLabel(file) });
}
