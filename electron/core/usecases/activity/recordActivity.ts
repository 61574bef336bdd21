// Every request the marketplace client sends, written to the profile's activity log in the
// seller's words: sync, pull and direct calls (catalogue, credential edits) alike, since the
// profile hands out only this wrapped client. What the seller typed that is secret (the token,
// the logins and passwords a request carries) is redacted from every text before it is stored;
// the store bounds and checks it once more.
import { offerStatusNames, type SellerStatusValue } from '../../../contract/marketplace/wire';
import { activitySayIn, refusedFieldsSay } from '../../../contract/rules/refusedFields';
import { plural } from '../../../contract/words';
import type { MarketplaceClient } from '../../api';
import type { ActivityInput, ActivityLog, ActivityOutcome } from '../../store';
import {
  createRedactor,
  credentialSecrets,
  redactStrings,
  type Redact,
} from '../../secrets/redact';
import type { CredentialInput, ManageRequest } from '../../../contract/marketplace/wire';

type Described = Pick<ActivityInput, 'operation' | 'offers'>;

function describeManage(body: ManageRequest): Described {
  const creates = body.offers.filter((o) => o.id === null || o.id === undefined);
  const edits = body.offers.length - creates.length;
  const parts = [
    creates.length ? `Create ${plural(creates.length, 'offer')}` : '',
    edits ? `${creates.length ? 'edit' : 'Edit'} ${plural(edits, 'offer')}` : '',
  ].filter(Boolean);
  return {
    operation: parts.join(' and ') || 'Send offers',
    offers: body.offers.map((o) =>
      o.id !== null && o.id !== undefined ? String(o.id) : (o.outer_name ?? o.internal_name ?? ''),
    ),
  };
}

/** The operation in the seller's words and the offers it concerns, from the call's arguments. */
function describe(method: string, args: unknown[]): Described {
  const id = typeof args[0] === 'number' ? [String(args[0])] : [];
  switch (method) {
    case 'listProducts':
      return { operation: 'Read products', offers: [] };
    case 'getProduct':
      return { operation: `Read product ${String(args[0])}`, offers: [] };
    case 'manageOffers':
      return describeManage(args[1] as ManageRequest);
    case 'myOffers':
      return { operation: 'Read offers', offers: [] };
    case 'editStatus': {
      const name = offerStatusNames[args[1] as SellerStatusValue];
      return { operation: name ? `Set status to ${name}` : 'Set status', offers: id };
    }
    case 'deleteOffer':
      return { operation: 'Delete offer', offers: id };
    case 'detachScreenshot':
      return { operation: 'Remove screenshot', offers: id };
    case 'attachScreenshotsFromLinks':
      return {
        operation: `Attach ${plural((args[1] as unknown[]).length, 'screenshot link')}`,
        offers: id,
      };
    case 'addCredentials':
      return {
        operation: `Upload ${plural((args[1] as unknown[]).length, 'credential')}`,
        offers: id,
      };
    case 'replaceCredentials':
      return {
        operation: `Replace credentials with ${(args[1] as unknown[]).length}`,
        offers: id,
      };
    case 'updateCredential':
      return { operation: 'Change a credential', offers: id };
    case 'deleteCredential':
      return { operation: 'Delete a credential', offers: id };
    case 'uploadScreenshot':
      return { operation: 'Upload screenshot file', offers: [] };
    default:
      return { operation: method, offers: id };
  }
}

/** The logins and passwords a call carries: redacted from whatever is recorded about it. */
function secretsOf(method: string, args: unknown[]): string[] {
  const creds: Partial<CredentialInput>[] = [];
  if (method === 'addCredentials' || method === 'replaceCredentials') {
    creds.push(...(args[1] as CredentialInput[]));
  } else if (method === 'updateCredential') {
    creds.push(args[2] as Partial<CredentialInput>);
  } else if (method === 'manageOffers') {
    for (const offer of (args[1] as ManageRequest).offers) creds.push(...(offer.credentials ?? []));
  }
  return creds.flatMap(credentialSecrets);
}

type Answer = Pick<ActivityInput, 'outcome' | 'message' | 'say'> & { offers?: string[] };

function answerOf(method: string, answer: unknown): Answer {
  if (method === 'manageOffers') {
    const result = answer as {
      results: { id: number | null; status: string; message: string | null }[];
    };
    const refused = result.results.filter((r) => r.status !== 'ok');
    const ids = result.results.map((r) => (r.id === null ? '' : String(r.id)));
    const accepted = result.results.length - refused.length;
    const reasons = [...new Set(refused.map((r) => r.message ?? 'refused'))].join('; ');
    return {
      outcome: refused.length > 0 && accepted === 0 ? 'refused' : 'accepted',
      message: refused.length
        ? `${accepted} accepted, ${refused.length} refused: ${reasons}`
        : `${plural(accepted, 'offer')} accepted`,
      offers: ids,
    };
  }
  if (method === 'attachScreenshotsFromLinks') {
    const { uploaded, failed } = answer as { uploaded: string[]; failed: string[] };
    return {
      outcome: failed.length > 0 && uploaded.length === 0 ? 'refused' : 'accepted',
      message: failed.length
        ? `${uploaded.length} attached, ${failed.length} refused: ${failed.join(', ')}`
        : `${plural(uploaded.length, 'link')} attached`,
    };
  }
  if (method === 'myOffers') {
    const { data, total } = answer as { data: unknown[]; total: number };
    return { outcome: 'accepted', message: `${data.length} of ${total} offers read` };
  }
  if (method === 'listProducts') {
    const { result, total } = answer as { result: unknown[]; total: number };
    return { outcome: 'accepted', message: `${result.length} of ${plural(total, 'product')} read` };
  }
  if (method === 'getProduct') {
    const name = (answer as { name?: unknown }).name;
    return { outcome: 'accepted', message: typeof name === 'string' ? name : 'Product read' };
  }
  // The marketplace's success words for a status change name the status by its number
  // ("Offer 1003 status changed to 2."); the operation already names it.
  if (method === 'editStatus') return { outcome: 'accepted', message: 'Done' };
  const message = (answer as { message?: unknown } | null)?.message;
  return { outcome: 'accepted', message: typeof message === 'string' ? message : 'Done' };
}

function failureOf(error: unknown): Answer | null {
  const e = error as { kind?: string; detail?: string; message?: string; status?: number | null };
  // The HTTP status is a number for engineers: the outcome column already says "refused".
  const detail =
    (e.message ?? String(error)).split(' — ').slice(1).join(' — ') || 'no reason given';
  switch (e.kind) {
    case 'cancelled':
      return null; // stopped before an answer: the seller stopped it, nothing to report
    case 'rate_limited':
      return { outcome: 'rate_limited', message: `Too many requests: ${detail}` };
    case 'network_not_sent':
      return { outcome: 'unreachable', message: `Could not reach the marketplace: ${detail}` };
    case 'network_maybe_sent':
      return {
        outcome: 'unreachable',
        message: `No answer from the marketplace (it may have been received): ${detail}`,
      };
    case 'unauthorized':
      return { outcome: 'refused', message: `Token refused: ${detail}` };
    case 'validation': {
      // The refused fields by the labels the seller sees, not the API's paths: the English line
      // and, beside it, the message the app says in its language (fields by their keys).
      const fields = Object.entries(
        (error as { fieldErrors?: Record<string, (string | { error: string })[]> | null })
          .fieldErrors ?? {},
      ).flatMap(([field, list]) =>
        list.map((item) => ({ field, message: typeof item === 'string' ? item : item.error })),
      );
      if (fields.length === 0) return { outcome: 'refused', message: detail };
      const say = refusedFieldsSay(fields, typeof e.status === 'number' ? e.status : null);
      return { outcome: 'refused', message: activitySayIn(say, 'en')!, say };
    }
    default:
      return { outcome: 'refused', message: detail };
  }
}

export interface RecordingOptions {
  /** The token, read at each request: never stored, and redacted from what is. */
  token: () => string;
  now: () => number;
}

/** The client, writing one activity entry per request it sends. */
export function recordingClient(
  client: MarketplaceClient,
  log: () => ActivityLog,
  options: RecordingOptions,
): MarketplaceClient {
  const write = (method: string, args: unknown[], at: number, answer: () => Answer | null) => {
    try {
      const told = answer();
      if (told) writeEntry(method, args, at, told);
    } catch {
      // The log is a record, never a reason for a request to fail.
    }
  };
  const writeEntry = (method: string, args: unknown[], at: number, answer: Answer) => {
    let token = '';
    try {
      token = options.token();
    } catch {
      // no token: nothing to redact of it
    }
    const redact: Redact = createRedactor([token, ...secretsOf(method, args)]);
    const described = describe(method, args);
    const offers = answer.offers?.some(Boolean) ? answer.offers : described.offers;
    log().record({
      at,
      operation: redact(described.operation),
      offers: offers.filter(Boolean).map(redact),
      outcome: answer.outcome as ActivityOutcome,
      message: redact(answer.message),
      ...(answer.say && { say: redactStrings(answer.say, redact) }),
    });
  };
  return new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function' || property === 'close' || typeof property !== 'string') {
        return value;
      }
      return async (...args: unknown[]) => {
        const at = options.now();
        let answer: unknown;
        try {
          answer = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } catch (error) {
          write(property, args, at, () => failureOf(error));
          throw error;
        }
        write(property, args, at, () => answerOf(property, answer));
        return answer;
      };
    },
  });
}
