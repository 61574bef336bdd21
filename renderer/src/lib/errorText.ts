// What to tell the seller when a call to the core fails, by the kind of failure.
import type { AppError } from '../../../electron/contract/ipc/result';
import type { MessageKey } from '../../../electron/contract/i18n';
import { t } from './i18nText';

const advice: Partial<Record<AppError['kind'], MessageKey>> = {
  unauthorized: 'app.errorUnauthorized',
  offline: 'app.errorOffline',
  rate_limited: 'app.errorRateLimited',
  insecure_storage: 'app.errorInsecureStorage',
  internal: 'app.errorInternal',
  cancelled: 'app.errorCancelled',
};

export function explainError(error: AppError): string {
  // An unexpected answer: the core's sentence in the app's language, its technical words after.
  if (error.kind === 'internal' && error.detail)
    return `${error.message} ${t('app.errorDetail', { detail: error.detail })}`;
  const key = advice[error.kind];
  const extra = key ? t(key) : undefined;
  if (!extra || error.message === extra) return error.message;
  if (error.kind === 'internal' || error.kind === 'cancelled') return extra;
  return `${error.message} ${extra}`;
}
