// When the marketplace refuses an offer's credentials (a transferred offer, a credential system
// that takes none), the refusal comes back in the sync status. The panel shows it in plain words
// next to the counts, rather than leaving the seller to find it in the sync panel.
import { translate, type Locale } from '../../../../electron/contract/i18n';
import { currentLocale } from '../i18nText';
import type { SyncStatus } from '../../../../electron/contract/ipc/models';

export type SyncProblem = SyncStatus['problems'][number];

export interface CredentialRefusal {
  /** The marketplace's own words. */
  message: string;
  /** What the seller can do about it, when we know. */
  advice: string | null;
}

const TRANSFERRED = /transferr/i;
/** Only refusals about credentials belong here; field refusals show in the editor already. */
const ABOUT_CREDENTIALS = /credential|transferr/i;

export function credentialRefusalsFor(
  localId: number,
  problems: readonly SyncProblem[],
  locale: Locale = currentLocale(),
): CredentialRefusal[] {
  return problems
    .filter((problem) => problem.localId === localId && ABOUT_CREDENTIALS.test(problem.message))
    .map((problem) => ({
      message: withoutRequestLine(problem.message),
      advice: TRANSFERRED.test(problem.message)
        ? translate(locale, 'credentials.transferred')
        : null,
    }));
}

/** "POST /external_api/…/add_batch: 403 forbidden — Credentials cannot…" → the marketplace's words. */
function withoutRequestLine(message: string): string {
  const match = /^(?:GET|POST|PUT|PATCH|DELETE) \S+: \d{3}[^—]*—\s*(.+)$/s.exec(message);
  return match ? match[1]! : message;
}
