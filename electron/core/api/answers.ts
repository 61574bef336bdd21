// Reads the marketplace's answer: a 2xx body checked against its wire schema (extra fields kept,
// a missing field named), anything else turned into the MarketplaceError the app acts on.
import type { z } from 'zod';
import {
  dataFieldErrorSchema,
  fieldMessagesBodySchema,
  manageRateLimitBodySchema,
  validationErrorBodySchema,
} from '../../contract/marketplace/wire';
import { maxPenaltyMs } from '../limits/pause';
import { bothRedactors, createRedactor, redactStrings, type Redact } from '../secrets/redact';
import { boundText } from '../util/echo';
import { MarketplaceError, type FieldErrors, type ServerBudget } from './errors';
import type { HttpResponse } from './transport';

export interface CallSite {
  method: string;
  path: string;
  /** Never to appear in an error or an answer's text, in any spelling (secrets/redact). */
  token: string;
  /** The request's own such values (credential logins and passwords). */
  secrets: readonly string[];
  /** The longest Retry-After honoured (default: the limits module's bound for 60 s windows). */
  maxRetryAfterMs?: number;
}

export function readAnswer<S extends z.ZodType>(
  res: HttpResponse,
  schema: S,
  site: CallSite,
  nowMs: number,
): z.infer<S> {
  if (res.status < 200 || res.status >= 300) throw errorFromAnswer(res, site, nowMs);
  const body = parseJson(res.body);
  if (body === undefined) {
    throw badResponse(site, res.status, 'the body is not JSON');
  }
  const checked = schema.safeParse(body);
  if (!checked.success) {
    const issues = checked.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.length ? i.path.join('.') : '(body)'}: ${i.message}`)
      .join('; ');
    const redact = redactorOf(site);
    throw badResponse(site, res.status, `unexpected answer shape — ${serverText(issues, redact)}`);
  }
  // What a write answers may quote the request back (a manage result's message): a GET's answer
  // is the catalogue or the seller's offers, and carries nothing the request sent.
  return site.method === 'GET' ? checked.data : redactStrings(checked.data, redactorOf(site));
}

/** The token's redactor is the same for every request; the request's secrets are its own. */
function redactorOf(site: CallSite): Redact {
  return bothRedactors(createRedactor([site.token]), createRedactor(site.secrets));
}

/** The longest a message of the marketplace is kept; the rest is counted, not stored. */
const SERVER_MESSAGE_MAX = 500;
const FIELD_NAME_MAX = 120;

/** The marketplace's words on their way into an error: secrets out, one line, bounded. */
function serverText(text: string, redact: Redact, max = SERVER_MESSAGE_MAX): string {
  return boundText(redact(text), max);
}

export function errorFromAnswer(
  res: HttpResponse,
  site: CallSite,
  nowMs: number,
): MarketplaceError {
  const body = parseJson(res.body);
  const serverMessage =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
      ? body.message
      : `HTTP ${res.status}`;
  const redact = redactorOf(site);
  const base = {
    method: site.method,
    path: site.path,
    status: res.status,
    detail: serverText(serverMessage, redact),
  };
  const s = res.status;
  if (s === 401) return new MarketplaceError({ ...base, kind: 'unauthorized' });
  if (s === 403) return new MarketplaceError({ ...base, kind: 'forbidden' });
  if (s === 404) return new MarketplaceError({ ...base, kind: 'not_found' });
  if (s === 429) {
    return new MarketplaceError({
      ...base,
      kind: 'rate_limited',
      retryAfterMs: boundedRetryAfterMs(res.headers['retry-after'], nowMs, site),
      budget: budgetOf(body),
    });
  }
  if (s >= 500) {
    return new MarketplaceError({
      ...base,
      kind: 'server',
      // A POST answered 5xx may have been partly processed: read back before re-sending.
      outcomeUnknown: site.method === 'POST',
    });
  }
  return new MarketplaceError({
    ...base,
    kind: 'validation',
    fieldErrors: fieldErrorsOf(body, redact),
  });
}

export function badResponse(site: CallSite, status: number, detail: string): MarketplaceError {
  return new MarketplaceError({
    kind: 'bad_response',
    method: site.method,
    path: site.path,
    status,
    detail,
    // The request was processed; only its answer is unreadable.
    outcomeUnknown: site.method !== 'GET',
  });
}

/**
 * Retry-After as the server asked: milliseconds from now, from whole seconds or an HTTP date.
 * Always finite, but unbounded: only the rate limiter's penalty takes it as given (and bounds it,
 * to tell the seller what was asked); everything else reads the bounded figure of the error.
 */
export function retryAfterMs(header: string | undefined, nowMs: number): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  const at = /^\d+$/.test(trimmed) ? nowMs + Number(trimmed) * 1000 : Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(0, at - nowMs), Number.MAX_SAFE_INTEGER);
}

/**
 * A pause longer than a few rate windows is a server error, not a reason to stop (see
 * MAX_PENALTY_WINDOWS): a retry or a re-queued operation waits at most that long.
 */
function boundedRetryAfterMs(
  header: string | undefined,
  nowMs: number,
  site: CallSite,
): number | null {
  const asked = retryAfterMs(header, nowMs);
  return asked === null ? null : Math.min(asked, site.maxRetryAfterMs ?? maxPenaltyMs());
}

function budgetOf(body: unknown): ServerBudget | null {
  const parsed = manageRateLimitBodySchema.safeParse(body);
  if (!parsed.success) return null;
  return {
    used: parsed.data.budget_used,
    limit: parsed.data.budget_limit,
    requested: parsed.data.offers_requested,
  };
}

/**
 * Manage's 400 and Laravel-style 422s carry `{ message, errors }`; detach_screenshot's 422 is the
 * field map itself (API document, Errors).
 */
function fieldErrorsOf(body: unknown, redact: Redact): FieldErrors | null {
  const withErrors = validationErrorBodySchema.safeParse(body);
  const map: Record<string, unknown[]> | null = withErrors.success
    ? withErrors.data.errors
    : fieldMessagesBodySchema.safeParse(body).success
      ? (body as Record<string, string[]>)
      : null;
  if (!map) return null;
  const out: FieldErrors = {};
  for (const [key, list] of Object.entries(map)) {
    const field = serverText(key, redact, FIELD_NAME_MAX);
    const objects = list.filter((x) => dataFieldErrorSchema.safeParse(x).success);
    if (objects.length > 0 && objects.length === list.length) {
      out[field] = list.map((x) => {
        const e = dataFieldErrorSchema.parse(x);
        return {
          ...redactStrings(e, redact),
          error: serverText(e.error, redact),
          type: serverText(e.type, redact, FIELD_NAME_MAX),
          allowed_values: e.allowed_values.map((v) => serverText(v, redact, FIELD_NAME_MAX)),
        };
      });
    } else {
      out[field] = list.map((x) => serverText(String(x), redact));
    }
  }
  return out;
}

function parseJson(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}
