// A screenshot file ready for upload_screenshot: JPEG or PNG by its bytes, within the size cap,
// read whole when small (its multipart body then built here in one buffer), file-backed above that
// so that a large upload streams from disk instead of being held in memory.
import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, openAsBlob, openSync, readSync } from 'node:fs';
import { basename } from 'node:path';
import { limits } from '../../contract/marketplace/limits';

export type ScreenshotFile =
  | {
      ok: true;
      /** The bytes of a small file (read whole), or the file on disk as a Blob (streamed). */
      content: { bytes: Uint8Array } | { blob: Blob };
      fileName: string;
      contentType: 'image/jpeg' | 'image/png';
    }
  | { ok: false; problem: string };

/** Up to this size the upload is sent from memory; larger files stream from disk. */
const READ_WHOLE_MAX_BYTES = 512 * 1024;
const notAnImage: ScreenshotFile = {
  ok: false,
  problem: 'the file is neither a JPEG nor a PNG image',
};

export function imageTypeOf(head: Uint8Array): 'image/jpeg' | 'image/png' | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((b, i) => head[i] === b)) return 'image/png';
  return null;
}

export async function openScreenshotFile(path: string): Promise<ScreenshotFile> {
  // A small file is read whole at once, synchronously: four trips through the thread pool (open,
  // stat, read, close) cost more of the core's time than reading half a megabyte, and a window's
  // first burst of uploads goes only as fast as the core prepares them. A larger one is opened
  // as a file-backed Blob and streams from disk.
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    return unreadable(error);
  }
  let size: number;
  let bytes: Buffer;
  try {
    size = fstatSync(fd).size;
    if (size > limits.screenshotMaxBytes) {
      return {
        ok: false,
        problem: `the file is ${size} bytes; the limit is ${limits.screenshotMaxBytes}`,
      };
    }
    bytes = Buffer.allocUnsafe(size <= READ_WHOLE_MAX_BYTES ? size : 8);
    let read = 0;
    for (let n = -1; n !== 0 && read < bytes.length; read += n) {
      n = readSync(fd, bytes, read, bytes.length - read, read);
    }
    bytes = bytes.subarray(0, read);
  } catch (error) {
    return unreadable(error);
  } finally {
    closeSync(fd);
  }
  const contentType = imageTypeOf(bytes);
  if (!contentType) return notAnImage;
  if (size <= READ_WHOLE_MAX_BYTES) {
    return { ok: true, content: { bytes }, fileName: basename(path), contentType };
  }
  const blob = await openAsBlob(path, { type: contentType });
  return { ok: true, content: { blob }, fileName: basename(path), contentType };
}

function unreadable(error: unknown): ScreenshotFile {
  const code = (error as { code?: string }).code;
  return {
    ok: false,
    problem:
      code === 'ENOENT'
        ? 'the file does not exist'
        : `the file cannot be read (${code ?? 'error'})`,
  };
}

/**
 * A one-file multipart/form-data body in one buffer, as undici's FormData would encode it (field
 * and file name escaped the same way). A FormData body is streamed through web streams, the most
 * of an upload's CPU in the core (~0.5 ms each): a window's first burst of uploads goes as fast as
 * the core prepares them, and the window after it opens from their answers.
 */
export function multipartBody(
  field: string,
  fileName: string,
  contentType: string,
  bytes: Uint8Array,
): { body: Buffer; contentType: string } {
  const boundary = `----SellerDesk${randomBytes(16).toString('hex')}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${escapeQuoted(field)}"; filename="${escapeQuoted(fileName)}"\r\n` +
    `Content-Type: ${contentType}\r\n\r\n`;
  const body = Buffer.concat([
    Buffer.from(head, 'utf8'),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`, 'latin1'),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** As the HTML form encoding (and undici) escape a name inside quotes. */
const escapeQuoted = (text: string) =>
  text.replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22');
