// `credentials import|update|delete`: the command line's words over the use cases the app shares
// (core/usecases/credentials). The passwords never reach stdout, stderr, an error message or
// SQLite in clear, and never come from an argument: `--password-stdin` reads them from stdin.
import type { CredentialInput } from '../../contract/marketplace/wire';
import {
  commitCredentialImport,
  deleteCredential,
  previewCredentialImport,
  updateCredential,
  type CredentialChanges,
} from '../../core/usecases/credentials';
import { UseCaseFailure } from '../../core/usecases/failure';
import { requireOffer } from '../../core/usecases/offers';
import { usageError } from '../cliError';
import type { CommandContext, CommandHandler, Invocation } from '../commandTypes';
import { inputProblem } from '../errorMapping';
import { ExitCode } from '../exitCodes';
import { offerLabel, resolveOfferRef } from '../offerRefs';
import { badRowLines, commitCredentialFile } from './credentialFiles';
import { poolCommands } from './poolCommands';
import { unsureCommands } from './unsureCommands';

const importCredentials: CommandHandler = async (ctx, call) => {
  const file = call.args[0]!;
  const replace = call.options.replace === true;
  const seller = ctx.profile();
  const localId = resolveOfferRef(seller, String(call.options.offer));
  const preview = await previewCredentialImport(seller, {
    localId,
    path: file,
    encoding: call.options.encoding as string | undefined,
  });
  if (preview.state === 'choose-encoding') {
    throw new UseCaseFailure('bad_input', preview.message, [], { encodingUnsure: true });
  }
  // Lines damaged in a file taken for UTF-8 may also mean that it is in another encoding.
  const encodingHint = preview.encodingInDoubt
    ? ' If the file is not in UTF-8, name its encoding with --encoding NAME.'
    : '';
  const skipping = call.options['skip-invalid'] === true;
  const outcome = await commitCredentialFile(
    file,
    () =>
      commitCredentialImport(seller, {
        preview,
        mode: replace ? 'replace' : 'add',
        skipInvalid: skipping,
        keepCaseDuplicates: call.options['keep-case-duplicates'] === true,
      }),
    { hint: encodingHint, skipping },
  );
  const problems = preview.problems.map(inputProblem);
  const id = offerLabel(requireOffer(seller, localId));
  const duplicates = outcome.duplicatesInFile + outcome.duplicatesUploaded;
  const kept = call.options['keep-case-duplicates'] === true;
  // Logins differing only by case: two accounts to the marketplace, likely one to the seller.
  const caseOnly = preview.rows
    .filter((r) => r.caseOnlyOf !== null)
    .map((r) => ({ line: r.line, sameAsLine: r.caseOnlyOf! }));
  const data = {
    file,
    offer: id,
    format: preview.format,
    encoding: preview.encoding,
    mode: outcome.mode,
    rows: outcome.rows,
    queued: outcome.queued,
    duplicates,
    duplicatesInFile: outcome.duplicatesInFile,
    duplicatesUploaded: outcome.duplicatesUploaded,
    skipped: outcome.invalid,
    problems,
    caseOnly: caseOnly.map((c) => ({ ...c, sent: kept })),
  };
  const human = [
    `${file} (${[preview.format, preview.encoding].filter(Boolean).join(', ')}): ` +
      `${outcome.queued} credential(s) queued for offer ${id}` +
      (replace ? ' (replacing its list)' : '') +
      '.',
    duplicates ? `${duplicates} duplicate(s) skipped.` : '',
    caseOnly.length > 0
      ? kept
        ? `${caseOnly.length} login(s) differ from an earlier row only by case; sent anyway (--keep-case-duplicates):`
        : `${caseOnly.length} login(s) differ from an earlier row only by case and were left out (likely the same account; --keep-case-duplicates sends them):`
      : '',
    ...caseOnly.map((c) => `  line ${c.line}: same login as line ${c.sameAsLine} but for case`),
    outcome.invalid ? `${outcome.invalid} bad row(s) skipped:` : '',
    ...badRowLines(problems),
    outcome.invalid && encodingHint ? encodingHint.trim() : '',
    outcome.queued ? 'Run `seller-desk push` to send them.' : '',
  ]
    .filter(Boolean)
    .join('\n');
  return { data, human, exitCode: ExitCode.Done };
};

/** The credential's id on the marketplace (as `offers show` lists it). */
function credentialIdOf(call: Invocation): number {
  const raw = String(call.options.credential).trim();
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw)) || Number(raw) < 1) {
    throw usageError(`--credential expects the credential's id, got "${raw}".`, call.command.name);
  }
  return Number(raw);
}

/** The sent offer's id, and its local row for the use case. */
function sentOfferOf(ctx: CommandContext, call: Invocation) {
  const seller = ctx.profile();
  const localId = resolveOfferRef(seller, String(call.options.offer));
  return { localId, id: offerLabel(requireOffer(seller, localId)) };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  }
  return text;
}

/**
 * The passwords from stdin: the first line, and the next when both are asked for. A line is
 * taken whole (spaces are part of a password), without its line break.
 */
async function passwordsFromStdin(
  ctx: CommandContext,
  call: Invocation,
): Promise<Pick<CredentialChanges, 'game_password' | 'email_password'>> {
  const wanted = (['password-stdin', 'email-password-stdin'] as const).filter(
    (name) => call.options[name] === true,
  );
  if (wanted.length === 0) return {};
  if (!ctx.stdin) {
    throw usageError(`--${wanted[0]} needs the password on standard input.`, call.command.name);
  }
  const lines = (await readAll(ctx.stdin)).split(/\r?\n/);
  const read: Pick<CredentialChanges, 'game_password' | 'email_password'> = {};
  wanted.forEach((name, i) => {
    const line = lines[i];
    if (line === undefined || line === '') {
      throw usageError(
        `--${name}: line ${i + 1} of standard input is empty; the password goes there.`,
        call.command.name,
      );
    }
    read[name === 'password-stdin' ? 'game_password' : 'email_password'] = line;
  });
  return read;
}

function twoFactorOf(call: Invocation): boolean | undefined {
  const value = call.options['2fa'];
  if (value === undefined) return undefined;
  if (value === 'on' || value === 'off') return value === 'on';
  throw usageError(`--2fa expects on or off, got "${String(value)}".`, call.command.name);
}

const text = (value: unknown): string | undefined =>
  value === undefined ? undefined : String(value);

const updateCredentialCommand: CommandHandler = async (ctx, call) => {
  const credentialId = credentialIdOf(call);
  const is2fa = twoFactorOf(call);
  const { localId, id } = sentOfferOf(ctx, call);
  const changes: CredentialChanges = {
    login: text(call.options.login),
    email: text(call.options.email),
    is_2fa_active: is2fa,
    comment: text(call.options.comment),
    ...(await passwordsFromStdin(ctx, call)),
  };
  const record = await updateCredential(
    ctx.profile(),
    { localId, credentialId, changes },
    { signal: ctx.signal },
  );
  // Which fields changed, never their values: a login is half of an account.
  const fields = (Object.keys(changes) as (keyof CredentialInput)[]).filter(
    (name) => changes[name] !== undefined,
  );
  return {
    data: { offer: id, credential: record.id, status: record.status, updated: fields },
    human: `Credential ${record.id} of offer ${id} updated (${fields.join(', ')}).`,
    exitCode: ExitCode.Done,
  };
};

const deleteCredentialCommand: CommandHandler = async (ctx, call) => {
  const credentialId = credentialIdOf(call);
  const { localId, id } = sentOfferOf(ctx, call);
  await deleteCredential(ctx.profile(), { localId, credentialId }, { signal: ctx.signal });
  return {
    data: { offer: id, credential: credentialId, deleted: true },
    human: `Credential ${credentialId} of offer ${id} deleted.`,
    exitCode: ExitCode.Done,
  };
};

export const credentialCommands: Record<string, CommandHandler> = {
  'credentials import': importCredentials,
  'credentials update': updateCredentialCommand,
  'credentials delete': deleteCredentialCommand,
  ...poolCommands,
  ...unsureCommands,
};
