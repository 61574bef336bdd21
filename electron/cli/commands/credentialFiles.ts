// What `credentials import` and `credentials pool add` say alike about a credential file: a
// refused commit names the file and the flag that skips bad rows, and each bad row is listed.
import { isUseCaseFailure, UseCaseFailure } from '../../core/usecases/failure';
import type { InputProblem } from '../cliError';

/**
 * Commits a previewed credential file; a refusal for bad input is said again with the file's name
 * and, when rows are at fault, how to go on (`hint`: more advice for that case; `skipping`: bad
 * rows were already skipped, so none was good).
 */
export async function commitCredentialFile<T>(
  file: string,
  commit: () => Promise<T>,
  options: { hint?: string; skipping: boolean },
): Promise<T> {
  try {
    return await commit();
  } catch (error) {
    if (isUseCaseFailure(error) && error.kind === 'bad_input') {
      const badRows = error.problems.some((p) => p.line !== undefined);
      const fix = options.skipping ? ' Fix them.' : ' Fix them, or use --skip-invalid.';
      const advice = badRows ? fix + (options.hint ?? '') : '';
      throw new UseCaseFailure('bad_input', `${file}: ${error.message}${advice}`, error.problems);
    }
    throw error;
  }
}

/** "  line 3, column password: …", one line of the human output per bad row. */
export function badRowLines(problems: InputProblem[]): string[] {
  return problems.map(
    (p) => `  line ${p.line}${p.column ? `, column ${p.column}` : ''}: ${p.reason}`,
  );
}
