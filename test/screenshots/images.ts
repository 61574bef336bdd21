// Real image bytes for the tests: a PNG the sandbox's encoder draws, and an 8×8 JPEG that
// Chromium encoded (canvas.toDataURL('image/jpeg')), so both decode in a browser.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { placeholderPng } from '../../electron/sandbox/png';

export function pngBytes(seed = 'test'): Buffer {
  return placeholderPng(seed);
}

const JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAL/xAAbEAEAAAcAAAAAAAAAAAAAAAAAFSUyUmSCkf/EABUBAQEAAAAAAAAAAAAAAAAAAAUG/8QAIBEAAgAGAgMAAAAAAAAAAAAAAREAAgMSIUETIlFhsf/aAAwDAQACEQMRAD8AmVQTP2u5SAqaNHiu7Esk5LT0PAGhAc896wAgsfT7j//Z';

export function jpegBytes(): Buffer {
  return Buffer.from(JPEG_BASE64, 'base64');
}

/** A GIF89a header and a few bytes: enough for the type check to name it. */
export function gifBytes(): Buffer {
  return Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
}

export interface TempFolder {
  dir: string;
  write(name: string, bytes: Buffer | string): string;
  remove(): void;
}

export function tempFolder(prefix = 'seller-desk-shots-'): TempFolder {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dir,
    write(name, bytes) {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      return path;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
