// What to tell the seller when a call to the core fails, by the kind of failure.
import type { AppError } from '../../../electron/contract/ipc/result';

const advice: Partial<Record<AppError['kind'], string>> = {
  unauthorized:
    'The marketplace did not accept the token: it is wrong or has expired. Create a new one in your seller dashboard and paste it in Settings.',
  offline:
    'The marketplace cannot be reached right now. Nothing is lost: changes wait in the queue.',
  rate_limited: 'The marketplace asked us to slow down. Seller Desk waits and retries by itself.',
  insecure_storage:
    'This computer offers no encrypted keychain, so the token could only be stored in plain text.',
  internal: 'Something went wrong inside Seller Desk. It was logged.',
  cancelled: 'Cancelled.',
};

export function explainError(error: AppError): string {
  const extra = advice[error.kind];
  if (!extra || error.message === extra) return error.message;
  if (error.kind === 'internal' || error.kind === 'cancelled') return extra;
  return `${error.message} ${extra}`;
}
