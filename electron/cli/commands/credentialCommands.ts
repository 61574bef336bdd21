// `credentials import FILE --offer ID [--replace] [--skip-invalid]`: an account list in any
// format of the imports module, checked row by row, duplicates (in the file, or already
// uploaded) skipped and counted, then sealed into the queue. The passwords never reach stdout,
// stderr, an error message or SQLite in clear.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import {
  credentialsToSend,
  parseCredentialFile,
  previewCredentials,
} from '../../core/imports/credentials';
import { DraftRejected } from '../../core/store';
import { CliError, type InputProblem } from '../cliError';
import type { CommandHandler } from '../commandTypes';
import { ExitCode } from '../exitCodes';
import { offerLabel, resolveOfferRef } from '../offerRefs';

const importCredentials: CommandHandler = async (ctx, call) => {
  const file = call.args[0]!;
  const replace = call.options.replace === true;
  const skipInvalid = call.options['skip-invalid'] === true;
  const store = ctx.profile().store();
  const localId = resolveOfferRef(store, String(call.options.offer));
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new CliError('bad_input', `Cannot read ${file} (${code}).`);
  }
  const parsed = await parseCredentialFile(bytes, { fileName: basename(file) });
  const known = store.knownCredentialHashes(localId);
  // A replace starts the offer's list afresh: only duplicates within the file count then. The
  // store keeps login and email hashes as two sets; the index matches on either, so each set is
  // passed on its own ('' is no login hash: sha256 hex is never empty).
  const uploaded = replace
    ? []
    : [
        ...[...known.loginHashes].map((loginHash) => ({ loginHash, emailHash: null })),
        ...[...known.emailHashes].map((emailHash) => ({ loginHash: '', emailHash })),
      ];
  const preview = previewCredentials(parsed.rows, uploaded);
  const problems: InputProblem[] = preview.rows.flatMap((row) =>
    row.problems.map((p) => ({ line: row.line, column: p.field, reason: p.message })),
  );
  const badRows = preview.totals.invalid;
  if (badRows > 0 && !skipInvalid) {
    throw new CliError(
      'bad_input',
      `${file}: ${badRows} bad row(s); nothing was queued (fix them, or use --skip-invalid).`,
      problems,
    );
  }
  const toQueue = credentialsToSend(preview);
  const duplicates = preview.totals.duplicatesInFile + preview.totals.duplicatesUploaded;
  if (toQueue.length > 0) {
    try {
      store.queueCredentials(localId, toQueue, replace ? 'replace' : 'add');
    } catch (error) {
      if (error instanceof DraftRejected) {
        throw new CliError(
          'bad_input',
          `${file}: ${error.message}`,
          error.problems.map((p) => ({ column: p.field, reason: p.message })),
        );
      }
      throw error;
    }
  }
  const id = offerLabel(store.getOffer(localId)!);
  const data = {
    file,
    offer: id,
    format: parsed.format,
    mode: replace ? 'replace' : 'add',
    rows: preview.totals.rows,
    queued: toQueue.length,
    duplicates,
    duplicatesInFile: preview.totals.duplicatesInFile,
    duplicatesUploaded: preview.totals.duplicatesUploaded,
    skipped: badRows,
    problems,
  };
  const human = [
    `${file} (${parsed.format}): ${toQueue.length} credential(s) queued for offer ${id}` +
      (replace ? ' (replacing its list)' : '') +
      '.',
    duplicates ? `${duplicates} duplicate(s) skipped.` : '',
    badRows ? `${badRows} bad row(s) skipped:` : '',
    ...problems.map((p) => `  line ${p.line}, column ${p.column}: ${p.reason}`),
    toQueue.length ? 'Run `seller-desk push` to send them.' : '',
  ]
    .filter(Boolean)
    .join('\n');
  return { data, human, exitCode: ExitCode.Done };
};

export const credentialCommands: Record<string, CommandHandler> = {
  'credentials import': importCredentials,
};
