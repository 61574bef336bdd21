// Where the API token comes from. Never an argument (the process list and shell history would
// show it) and never printed: it goes straight into the client's closure.
import { readFileSync, statSync } from 'node:fs';
import { tokenProblem } from '../core/api/tokenFormat';
import { CliError } from './cliError';

export const TOKEN_VARIABLE = 'SELLER_DESK_TOKEN';

export interface TokenSource {
  tokenFile?: string;
  env: NodeJS.ProcessEnv;
  readFile?: (path: string) => string;
}

/** The token, or a clear error saying how to give one. Read only by commands that go online. */
export function readToken({ tokenFile, env, readFile }: TokenSource): string {
  if (tokenFile !== undefined) {
    return wellFormed(
      readSecretFile(tokenFile, 'token file', readFile),
      `the token file ${tokenFile}`,
    );
  }
  const token = env[TOKEN_VARIABLE]?.trim();
  if (!token) {
    throw new CliError(
      'usage',
      `This command talks to the marketplace and needs your API token: set ${TOKEN_VARIABLE} ` +
        'or use --token-file FILE.',
    );
  }
  return wellFormed(token, TOKEN_VARIABLE);
}

/**
 * A token that could not even be sent is a token problem (exit 4), said before any request:
 * left to the HTTP layer, a control character would read as "the marketplace cannot be reached".
 */
function wellFormed(token: string, source: string): string {
  const problem = tokenProblem(token);
  if (problem) {
    throw new CliError(
      'unauthorized',
      `The API token is malformed: ${problem} (in ${source}). Copy it again from your seller ` +
        'dashboard; queued changes are kept.',
    );
  }
  return token;
}

/**
 * A secret from a file of the seller's (the API token, an alert channel's bot token or signing
 * secret), trimmed; the file must be theirs alone.
 */
export function readSecretFile(
  file: string,
  what: string,
  readFile: (path: string) => string = (p) => readFileSync(p, 'utf8'),
): string {
  let text: string;
  try {
    text = readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new CliError('usage', `Cannot read the ${what} ${file} (${code}).`);
  }
  refuseSharedFile(file, what);
  return text.trim();
}

/**
 * A token file others can read is a token others can use, as with the credentials key file:
 * refused rather than read. Windows has no such mode bits; its ACLs are the user's folder's.
 */
function refuseSharedFile(tokenFile: string, what: string): void {
  if (process.platform === 'win32') return;
  let mode: number;
  try {
    mode = statSync(tokenFile).mode & 0o777;
  } catch {
    return; // read through a descriptor or a pipe (e.g. /dev/stdin): nothing to judge
  }
  if (mode & 0o077) {
    throw new CliError(
      'usage',
      `The ${what} ${tokenFile} is readable by group or others (mode ${mode.toString(8)}); ` +
        `make it yours alone with: chmod 600 ${tokenFile}`,
    );
  }
}
