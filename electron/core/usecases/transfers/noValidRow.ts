// A file whose every row was refused: skipping the bad rows leaves nothing to take. The offer
// import, the credential import and the restock pool say it alike, as a refusal (the command
// line's exit 2), so a script can tell that nothing was taken.
import { translate } from '../../../contract/i18n';
import { UseCaseFailure, type Problem, type Sentence } from '../failure';

export function noValidRow(rows: number, problems: Problem[]): UseCaseFailure {
  const say: Sentence = { key: 'refusals.transfers.noValidRow', values: { count: rows } };
  return new UseCaseFailure('bad_input', translate('en', say.key, say.values), problems, { say });
}
