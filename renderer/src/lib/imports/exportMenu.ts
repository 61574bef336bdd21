// What the export menu tells the seller once main wrote the file: its name and its folder.
import { translate, type Locale } from '../../../../electron/contract/i18n';
import { currentLocale } from '../i18nText';
import { fileLabel } from './credentialPreview';

export function exportSummary(
  rows: number,
  saved: { file: string; folder: string },
  locale: Locale = currentLocale(),
): string {
  return translate(locale, 'imports.exported', {
    count: rows,
    file: fileLabel(saved.file),
    folder: saved.folder,
  });
}

export function templateSummary(
  saved: { file: string; folder: string },
  locale: Locale = currentLocale(),
): string {
  return translate(locale, 'imports.templateSaved', {
    file: fileLabel(saved.file),
    folder: saved.folder,
  });
}
