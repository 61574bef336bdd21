// An offers file as both fronts hand it over: a path. Read here, with the one size limit and the
// one message, so a file too large or missing is told the same way in the app and the CLI.
import { readFile, stat } from 'node:fs/promises';
import type { Product } from '../../../contract/marketplace/wire';
import { MAX_IMPORT_BYTES } from '../../imports/importError';
import { readOfferFile, type ParsedOfferSheet } from '../../imports/offers';
import { fileSentence, UseCaseFailure } from '../failure';

export async function readOfferSheet(
  path: string,
  product: Product,
  encoding?: string,
): Promise<ParsedOfferSheet> {
  let bytes: Buffer;
  try {
    if ((await stat(path)).size > MAX_IMPORT_BYTES) {
      throw new UseCaseFailure(
        'bad_input',
        'This file is larger than 50 MB; split it into smaller files.',
        [],
        { say: { key: 'failures.file.over50' } },
      );
    }
    bytes = await readFile(path);
  } catch (error) {
    if (error instanceof UseCaseFailure) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new UseCaseFailure('bad_input', `Cannot read ${path} (${code}).`, [], {
      say: fileSentence(code, path),
    });
  }
  const { rows, headerProblems } = await readOfferFile(bytes, product, { encoding });
  return { rows, headerProblems };
}
