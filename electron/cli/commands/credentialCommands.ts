// `credentials import FILE --offer ID [--replace] [--skip-invalid] [--encoding NAME]`: an account
// list in any format of the imports module, read by the same job as the app's preview: checked
// row by row (a line damaged in its encoding is a bad row), duplicates (in the file, or already
// uploaded) skipped and counted, then sealed into the queue. The passwords never reach stdout,
// stderr, an error message or SQLite in clear.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { credentialsToSend, runCredentialImport, WHOLE_LINE } from '../../core/imports/credentials';
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
  // Never a second key: a profile whose key only the app's keychain holds is refused up front.
  const locked = ctx.profile().secretBox().locked;
  if (locked) {
    throw new CliError(
      locked.reason === 'locked' ? 'credentials_locked' : 'data_folder',
      locked.message,
    );
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new CliError('bad_input', `Cannot read ${file} (${code}).`);
  }
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
  const preview = await runCredentialImport({
    source: { bytes, fileName: basename(file) },
    options: { encoding: call.options.encoding as string | undefined },
    uploaded,
  });
  const problems: InputProblem[] = preview.rows.flatMap((row) =>
    row.problems.map((p) => ({
      line: row.line,
      ...(p.field !== WHOLE_LINE && { column: p.field }),
      reason: p.message,
    })),
  );
  const badRows = preview.totals.invalid;
  // Lines damaged in a file taken for UTF-8 may also mean that it is in another encoding.
  const damaged = preview.rows.some((row) => row.problems.some((p) => p.field === WHOLE_LINE));
  const encodingHint =
    damaged && preview.encodingSource === 'utf-8'
      ? ' If the file is not in UTF-8, name its encoding with --encoding NAME.'
      : '';
  if (badRows > 0 && !skipInvalid) {
    throw new CliError(
      'bad_input',
      `${file}: ${badRows} bad row(s); nothing was queued (fix them, or use --skip-invalid).` +
        encodingHint,
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
    format: preview.format,
    encoding: preview.encoding,
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
    `${file} (${[preview.format, preview.encoding].filter(Boolean).join(', ')}): ` +
      `${toQueue.length} credential(s) queued for offer ${id}` +
      (replace ? ' (replacing its list)' : '') +
      '.',
    duplicates ? `${duplicates} duplicate(s) skipped.` : '',
    badRows ? `${badRows} bad row(s) skipped:` : '',
    ...problems.map(
      (p) => `  line ${p.line}${p.column ? `, column ${p.column}` : ''}: ${p.reason}`,
    ),
    badRows && encodingHint ? encodingHint.trim() : '',
    toQueue.length ? 'Run `seller-desk push` to send them.' : '',
  ]
    .filter(Boolean)
    .join('\n');
  return { data, human, exitCode: ExitCode.Done };
};

export const credentialCommands: Record<string, CommandHandler> = {
  'credentials import': importCredentials,
};
