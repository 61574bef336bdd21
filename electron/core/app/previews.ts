// Previews wait in main's memory between "look" and "confirm" — an account file's rows never go
// to the renderer, and an unconfirmed preview is forgotten after a while.
import { randomUUID } from 'node:crypto';
import {
  FIRST_PREVIEW_PAGE,
  type CredentialFilePreview,
  type CredentialImportPreview,
} from '../usecases/credentials';
import { refusal } from './failures';

export interface PreviewCache<T> {
  put(value: T): string;
  take(id: string): T;
  peek(id: string): T;
  drop(id: string): void;
}

export function createPreviewCache<T>(
  ttlMs = 15 * 60_000,
  now = () => Date.now(),
): PreviewCache<T> {
  const entries = new Map<string, { value: T; at: number }>();
  const sweep = () => {
    for (const [id, entry] of entries) if (now() - entry.at > ttlMs) entries.delete(id);
  };
  const peek = (id: string) => {
    sweep();
    const entry = entries.get(id);
    if (!entry) {
      throw refusal('not_found', 'refusals.app.previewExpired');
    }
    return entry.value;
  };
  return {
    put(value) {
      sweep();
      const id = randomUUID();
      entries.set(id, { value, at: now() });
      return id;
    },
    peek,
    take(id) {
      const value = peek(id);
      entries.delete(id);
      return value;
    },
    drop(id) {
      entries.delete(id);
    },
  };
}

/**
 * What the window is told of a credential file's preview (a credential import or a restock pool's
 * file): the first page of masked rows, the rest asked for by page as the seller scrolls; `keep`
 * holds the preview itself until it is confirmed and names it.
 */
export function credentialPreviewAnswer(
  preview: CredentialImportPreview,
  keep: (ready: CredentialFilePreview) => string,
) {
  // Not a failure: the file stays staged and is read again in the encoding chosen.
  if (preview.state === 'choose-encoding') {
    return { state: 'choose-encoding' as const, candidates: preview.candidates };
  }
  return {
    state: 'ready' as const,
    previewId: keep(preview),
    encoding: preview.encoding ?? 'binary (XLSX)',
    format: preview.format,
    damagedRows: preview.damagedRows,
    rows: preview.rows.slice(0, FIRST_PREVIEW_PAGE),
    totals: preview.totals,
    replaceTotal: preview.replaceTotal,
  };
}
