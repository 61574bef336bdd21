// Whether a file the seller dropped or picked can be a screenshot: JPEG or PNG by its bytes (a
// name can lie), at most 5 MB. Only the first bytes are read, so a dropped 2 GB video is refused
// as fast as a small text file.
import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { limits } from '../../contract/marketplace/limits';

export type ScreenshotKind = 'jpeg' | 'png';

export type CheckedScreenshotFile =
  | { ok: true; path: string; name: string; kind: ScreenshotKind; bytes: number }
  | { ok: false; path: string; name: string; reason: string };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const HEADER_BYTES = 16;

/** JPEG or PNG by the magic bytes; null for anything else. */
export function screenshotKindOf(header: Uint8Array): ScreenshotKind | null {
  if (header.length >= 8 && PNG_SIGNATURE.every((b, i) => header[i] === b)) return 'png';
  if (header.length >= 3 && header[0] === 0xff && header[1] === 0xd8 && header[2] === 0xff) {
    return 'jpeg';
  }
  return null;
}

/** Other formats sellers commonly drop, named so the refusal says what the file really is. */
function otherFormatOf(header: Uint8Array): string | null {
  const ascii = String.fromCharCode(...header.subarray(0, 12));
  if (ascii.startsWith('GIF8')) return 'a GIF image';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'a WebP image';
  if (ascii.slice(4, 12) === 'ftypavif' || ascii.slice(4, 12) === 'ftypheic') {
    return 'an AVIF/HEIC image';
  }
  if (ascii.startsWith('BM')) return 'a BMP image';
  if (ascii.startsWith('%PDF')) return 'a PDF document';
  if (ascii.startsWith('PK')) return 'a ZIP archive (or an Office document)';
  return null;
}

export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

function unreadableReason(error: unknown): string {
  switch (errorCode(error)) {
    case 'ENOENT':
    case 'ENOTDIR':
      return 'was not found (was it moved or deleted?)';
    case 'EACCES':
    case 'EPERM':
      return 'cannot be read: permission denied';
    case 'EISDIR':
      return 'is a folder, not an image file';
    default:
      return 'cannot be read';
  }
}

/** Checks one file; never throws for a bad file, the reason is in the answer. */
export async function checkScreenshotFile(path: string): Promise<CheckedScreenshotFile> {
  const name = basename(path);
  const refuse = (reason: string): CheckedScreenshotFile => ({ ok: false, path, name, reason });

  let size: number;
  try {
    const info = await stat(path);
    if (info.isDirectory()) return refuse('is a folder, not an image file');
    if (!info.isFile()) return refuse('is not a regular file');
    size = info.size;
  } catch (error) {
    return refuse(unreadableReason(error));
  }
  if (size === 0) return refuse('is empty');
  if (size > limits.screenshotMaxBytes) {
    return refuse(
      `is ${formatMegabytes(size)}; the marketplace accepts screenshots up to ${formatMegabytes(limits.screenshotMaxBytes)}`,
    );
  }

  const header = new Uint8Array(HEADER_BYTES);
  let read: number;
  try {
    const handle = await open(path, 'r');
    try {
      ({ bytesRead: read } = await handle.read(header, 0, HEADER_BYTES, 0));
    } finally {
      await handle.close();
    }
  } catch (error) {
    return refuse(unreadableReason(error));
  }
  const head = header.subarray(0, read);
  const kind = screenshotKindOf(head);
  if (!kind) {
    const other = otherFormatOf(head);
    return refuse(
      other
        ? `is ${other}; the marketplace accepts only JPEG and PNG screenshots`
        : 'is not a JPEG or PNG image (its contents say so, whatever its name)',
    );
  }
  return { ok: true, path, name, kind, bytes: size };
}
