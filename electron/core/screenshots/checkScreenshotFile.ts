// Whether a file the seller dropped or picked can be a screenshot: JPEG or PNG by its bytes (a
// name can lie), at most 5 MB. Only the first bytes are read, so a dropped 2 GB video is refused
// as fast as a small text file.
import type { ProblemSay } from '../../contract/rules/problems';
import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { limits } from '../../contract/marketplace/limits';

export type ScreenshotKind = 'jpeg' | 'png';

export type CheckedScreenshotFile =
  | { ok: true; path: string; name: string; kind: ScreenshotKind; bytes: number }
  | { ok: false; path: string; name: string; reason: string; say?: ProblemSay };

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
const otherFormats = {
  gif: 'a GIF image',
  webp: 'a WebP image',
  avif: 'an AVIF/HEIC image',
  bmp: 'a BMP image',
  pdf: 'a PDF document',
  zip: 'a ZIP archive (or an Office document)',
} as const;

/** The format's id (the catalogue's select names it in the language); null for none we know. */
function otherFormatOf(header: Uint8Array): keyof typeof otherFormats | null {
  const ascii = String.fromCharCode(...header.subarray(0, 12));
  if (ascii.startsWith('GIF8')) return 'gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'webp';
  if (ascii.slice(4, 12) === 'ftypavif' || ascii.slice(4, 12) === 'ftypheic') return 'avif';
  if (ascii.startsWith('BM')) return 'bmp';
  if (ascii.startsWith('%PDF')) return 'pdf';
  if (ascii.startsWith('PK')) return 'zip';
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

/** Why a file cannot be read, in the command line's English and as its catalogue message. */
export function unreadableReason(error: unknown): { reason: string; say: ProblemSay } {
  switch (errorCode(error)) {
    case 'ENOENT':
    case 'ENOTDIR':
      return {
        reason: 'was not found (was it moved or deleted?)',
        say: { key: 'screenshots.reason.notFound' },
      };
    case 'EACCES':
    case 'EPERM':
      return {
        reason: 'cannot be read: permission denied',
        say: { key: 'screenshots.reason.denied' },
      };
    case 'EISDIR':
      return {
        reason: 'is a folder, not an image file',
        say: { key: 'screenshots.reason.folder' },
      };
    default:
      return { reason: 'cannot be read', say: { key: 'screenshots.reason.unreadable' } };
  }
}

/** Checks one file; never throws for a bad file, the reason is in the answer. */
export async function checkScreenshotFile(path: string): Promise<CheckedScreenshotFile> {
  const name = basename(path);
  const refuse = (reason: string, say?: ProblemSay): CheckedScreenshotFile => ({
    ok: false,
    path,
    name,
    reason,
    ...(say && { say }),
  });

  let size: number;
  try {
    const info = await stat(path);
    if (info.isDirectory())
      return refuse('is a folder, not an image file', { key: 'screenshots.reason.folder' });
    if (!info.isFile())
      return refuse('is not a regular file', { key: 'screenshots.reason.notRegular' });
    size = info.size;
  } catch (error) {
    const { reason, say } = unreadableReason(error);
    return refuse(reason, say);
  }
  if (size === 0) return refuse('is empty', { key: 'screenshots.reason.empty' });
  if (size > limits.screenshotMaxBytes) {
    return refuse(
      `is ${formatMegabytes(size)}; the marketplace accepts screenshots up to ${formatMegabytes(limits.screenshotMaxBytes)}`,
      {
        key: 'screenshots.reason.tooBig',
        values: {
          size: Number((size / (1024 * 1024)).toFixed(1)),
          max: Number((limits.screenshotMaxBytes / (1024 * 1024)).toFixed(1)),
        },
      },
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
    const { reason, say } = unreadableReason(error);
    return refuse(reason, say);
  }
  const head = header.subarray(0, read);
  const kind = screenshotKindOf(head);
  if (!kind) {
    const other = otherFormatOf(head);
    return refuse(
      other
        ? `is ${otherFormats[other]}; the marketplace accepts only JPEG and PNG screenshots`
        : 'is not a JPEG or PNG image (its contents say so, whatever its name)',
      other
        ? { key: 'screenshots.reason.otherFormat', values: { format: other } }
        : { key: 'screenshots.reason.notImage' },
    );
  }
  return { ok: true, path, name, kind, bytes: size };
}
