// A draft the store refused, told as a use-case failure that names every field and why, so a
// front that shows only the message still says what to fix.
import { sellerProblem } from '../../../contract/rules/fieldLabels';
import { DraftRejected, StoreError } from '../../store';
import { UseCaseFailure, type Problem } from '../failure';
import { refusalProblems } from './refusals';

/** At most this many problems are told in the message; `problems` has them all. */
const NAMED_FIELDS = 3;

/**
 * Each field by the label the seller sees and why ("Name shown to buyers: required"): the rules
 * word their messages after the API's keys ("The outer name field is required.").
 */
export function fieldList(problems: readonly Problem[]): string {
  const messages = [...new Set(problems.map((p) => sellerProblem(p)))];
  const named = messages.slice(0, NAMED_FIELDS);
  const more = messages.length - named.length;
  return named.join('; ') + (more > 0 ? ` (and ${more} more)` : '');
}

/**
 * Runs a store write; a refused draft becomes `bad_input` whose message starts with `what` and
 * names the fields, an offer that is gone `not_found`.
 */
export function refusedAs<T>(what: string, write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (error instanceof UseCaseFailure) throw error;
    const problems = refusalProblems(error);
    if (!problems) throw error;
    if (error instanceof StoreError && error.kind === 'not_found') {
      throw new UseCaseFailure('not_found', problems[0]!.message);
    }
    if (error instanceof DraftRejected) {
      // The app names each field beside it; its sentence says only what was not done.
      throw new UseCaseFailure('bad_input', `${what}: ${fieldList(problems)}`, problems, {
        say: {
          key:
            what === 'The conflict was not resolved'
              ? 'failures.conflictNotResolved'
              : 'failures.notSaved',
        },
      });
    }
    throw new UseCaseFailure('bad_input', `${what}: ${problems[0]!.message}`);
  }
}
