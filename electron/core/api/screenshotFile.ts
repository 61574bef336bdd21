// A screenshot file ready for upload_screenshot: JPEG or PNG by its bytes, within the size cap,
// as a file-backed Blob so that the upload streams from disk instead of reading it whole.
import { openAsBlob } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { limits } from '../../contract/marketplace/limits';

export type ScreenshotFile =
  | { ok: true; blob: Blob; fileName: string; contentType: 'image/jpeg' | 'image/png' }
  | { ok: false; problem: string };

export function imageTypeOf(head: Uint8Array): 'image/jpeg' | 'image/png' | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((b, i) => head[i] === b)) return 'image/png';
  return null;
}

export async function openScreenshotFile(path: string): Promise<ScreenshotFile> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    const code = (error as { code?: string }).code;
    return {
      ok: false,
      problem:
        code === 'ENOENT'
          ? 'the file does not exist'
          : `the file cannot be read (${code ?? 'error'})`,
    };
  }
  try {
    const { size } = await handle.stat();
    if (size > limits.screenshotMaxBytes) {
      return {
        ok: false,
        problem: `the file is ${size} bytes; the limit is ${limits.screenshotMaxBytes}`,
      };
    }
    const head = new Uint8Array(8);
    await handle.read(head, 0, 8, 0);
    const contentType = imageTypeOf(head);
    if (!contentType) return { ok: false, problem: 'the file is neither a JPEG nor a PNG image' };
    const blob = await openAsBlob(path, { type: contentType });
    return { ok: true, blob, fileName: basename(path), contentType };
  } finally {
    await handle.close();
  }
}
