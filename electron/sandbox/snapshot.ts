// The sandbox's state as a JSON file, so a standalone sandbox keeps its world across restarts.
// Screenshot bytes travel as base64.
import { existsSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import type { MarketData, StoredScreenshot } from './state';

type SnapshotScreenshot = Omit<StoredScreenshot, 'bytes'> & { bytes: string };
type SnapshotFile = Omit<MarketData, 'screenshots'> & {
  version: 1;
  screenshots: SnapshotScreenshot[];
};

export function loadSnapshot(file: string): MarketData | null {
  if (!existsSync(file)) return null;
  let parsed: SnapshotFile;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as SnapshotFile;
  } catch (error) {
    throw new Error(`The sandbox snapshot ${file} is not valid JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (parsed.version !== 1 || !Array.isArray(parsed.offers) || !Array.isArray(parsed.sellers)) {
    throw new Error(`The sandbox snapshot ${file} has an unknown format.`);
  }
  const { version: _version, ...rest } = parsed;
  return {
    ...rest,
    screenshots: parsed.screenshots.map((s) => ({ ...s, bytes: Buffer.from(s.bytes, 'base64') })),
  };
}

/** Written to a temporary file first so a crash never leaves half a snapshot. */
export async function saveSnapshot(file: string, data: MarketData): Promise<void> {
  const snapshot: SnapshotFile = {
    version: 1,
    ...data,
    screenshots: data.screenshots.map((s) => ({ ...s, bytes: s.bytes.toString('base64') })),
  };
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(snapshot));
  await rename(temporary, file);
}
