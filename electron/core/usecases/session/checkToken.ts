// Is this the seller's API token? Said before anything is kept: a token that cannot even be sent
// is told as malformed without asking the marketplace (left to the HTTP layer it would read as
// "offline"); otherwise one cheap request decides.
import { tokenProblemKind, tokenProblemWords } from '../../api/tokenFormat';
import type { EarlierRequests } from '../activity/earlierRequests';
import { UseCaseFailure } from '../failure';

/** The token trimmed, or a failure saying what is wrong with it (never quoting it). */
export function wellFormedToken(token: string): string {
  const trimmed = token.trim();
  const problem = tokenProblemKind(trimmed);
  if (problem) {
    throw new UseCaseFailure(
      'bad_input',
      `The API token is malformed: ${tokenProblemWords[problem]}. Copy it again from your seller dashboard.`,
      [],
      { say: { key: 'failures.tokenMalformedCopy', values: { why: problem } } },
    );
  }
  return trimmed;
}

const CHECK_TIMEOUT_MS = 15_000;

export interface CheckTokenInput {
  baseUrl: string;
  token: string;
  /** Notes the request for the profile the token opens (its activity log). */
  requests?: EarlierRequests;
}

/** Asks the marketplace whether it takes the token; answers the trimmed token if it does. */
export async function checkToken(input: CheckTokenInput): Promise<string> {
  const token = wellFormedToken(input.token);
  // Loaded on demand, as the profile loads it: the HTTP client is for commands that go online.
  const { createMarketplaceClient, isMarketplaceError } = await import('../../api');
  const raw = createMarketplaceClient({
    baseUrl: input.baseUrl,
    token,
    timeoutMs: CHECK_TIMEOUT_MS,
  });
  const client = input.requests ? input.requests.watch(raw, token) : raw;
  try {
    await client.listProducts({ limit: 1 });
    return token;
  } catch (error) {
    if (isMarketplaceError(error) && error.kind === 'unauthorized') {
      throw new UseCaseFailure(
        'unauthorized',
        'The marketplace did not accept this token. Check that you copied all of it, or generate a new one in your dashboard.',
        [],
        { say: { key: 'failures.token.notAccepted' } },
      );
    }
    if (isMarketplaceError(error) && error.kind === 'forbidden') {
      throw new UseCaseFailure(
        'forbidden',
        'This token is not allowed to use the Seller API.',
        [],
        {
          say: { key: 'failures.token.notAllowed' },
        },
      );
    }
    throw new UseCaseFailure(
      'unreachable',
      'The marketplace could not be reached to check the token. Try again when you are online.',
      [],
      { say: { key: 'failures.token.unreachable' } },
    );
  } finally {
    await raw.close();
  }
}
