// The marketplace client: one typed method per endpoint of the API document. Every attempt
// acquires its place in the rate windows first, carries the token only in its headers, and
// comes back as typed data or a MarketplaceError.
import { FormData } from 'undici';
import type { z } from 'zod';
import {
  attachLinksResponseSchema,
  credentialInputSchema,
  detachScreenshotResponseSchema,
  manageRequestSchema,
  manageResponseSchema,
  messageBodySchema,
  myOffersResponseSchema,
  offerStatusSchema,
  productDetailsResponseSchema,
  productListResponseSchema,
  replaceAllResponseSchema,
  sellerStatusSchema,
  updateCredentialResponseSchema,
  uploadScreenshotResponseSchema,
  type CredentialInput,
  type CredentialRecord,
  type ManageRequest,
  type ManageResponse,
  type MarketplaceTypeValue,
  type MyOffersResponse,
  type Product,
  type ProductListResponse,
  type SellerStatusValue,
} from '../../contract/marketplace/wire';
import {
  myOffersSortColumns,
  pageSizes,
  paths,
  query as q,
  uploadFieldName,
  type MyOffersSortColumn,
} from '../../contract/marketplace/assumptions';
import { limits } from '../../contract/marketplace/limits';
import { maxPenaltyMs, type RateCost, type RateLimiter, type RateSlot } from '../limits';
import { createRedactor, credentialSecrets, prepareRedaction } from '../secrets/redact';
import { systemClock, type Clock } from '../util/clock';
import { readAnswer, retryAfterMs, type CallSite } from './answers';
import { parseAddBatchMessage } from './addBatchMessage';
import { MarketplaceError, type FieldErrors } from './errors';
import { defaultRetry, isSafeToRetry, retryDelayMs, type RetryOptions } from './retryPolicy';
import { multipartBody, openScreenshotFile } from './screenshotFile';
import { tokenProblem } from './tokenFormat';
import { createPool, exchange, TransportFailure, type HttpMethod } from './transport';

export interface MarketplaceClientOptions {
  baseUrl: string;
  /** Kept in a closure, never on an enumerable field. A function is read at every request. */
  token: string | (() => string);
  /** Every request (and every retry) acquires from it first. */
  limiter?: RateLimiter;
  /** Per attempt, from queueing to the last byte of the answer. Default 30 s. */
  timeoutMs?: number;
  /** Safe retries only (see retryPolicy). */
  retry?: RetryOptions;
  clock?: Clock;
  /** Jitter of the backoff. */
  random?: () => number;
}

export interface ProductListQuery {
  offset?: number;
  limit?: number;
  sort?: string;
  order?: 'asc' | 'desc';
  marketplaceType?: MarketplaceTypeValue;
  isActive?: boolean;
}

export interface MyOffersQuery {
  id?: number;
  offset?: number;
  limit?: number;
  sort?: MyOffersSortColumn;
  order?: 'asc' | 'desc';
  status?: number;
  productCurrencySettingId?: number;
}

/** What a caller may do between the rate limiter's grant and the request leaving. */
export interface SendHooks {
  /**
   * Awaited once the request has its place in the windows, before it is sent (its ledger entry
   * is dated for the flight meanwhile, so a wait here never lets a window overfill).
   */
  whenGranted?: () => Promise<void> | void;
}

export interface MarketplaceClient {
  listProducts(q?: ProductListQuery, signal?: AbortSignal): Promise<ProductListResponse>;
  getProduct(productId: number, signal?: AbortSignal): Promise<Product>;
  manageOffers(
    productId: number,
    body: ManageRequest,
    signal?: AbortSignal,
    hooks?: SendHooks,
  ): Promise<ManageResponse['result']>;
  myOffers(q?: MyOffersQuery, signal?: AbortSignal): Promise<MyOffersResponse>;
  editStatus(
    offerId: number,
    status: SellerStatusValue,
    signal?: AbortSignal,
  ): Promise<{ message: string }>;
  deleteOffer(offerId: number, signal?: AbortSignal): Promise<{ message: string }>;
  detachScreenshot(
    offerId: number,
    screenshotUrl: string,
    signal?: AbortSignal,
  ): Promise<{ message: string; screenshots: string[] }>;
  attachScreenshotsFromLinks(
    offerId: number,
    urls: string[],
    signal?: AbortSignal,
  ): Promise<{ uploaded: string[]; failed: string[] }>;
  addCredentials(
    offerId: number,
    credentials: CredentialInput[],
    signal?: AbortSignal,
  ): Promise<{ message: string; added: number | null; duplicates: number | null }>;
  replaceCredentials(
    offerId: number,
    credentials: CredentialInput[],
    signal?: AbortSignal,
  ): Promise<{ message: string; replaced: number }>;
  /** A field left out keeps its value (API: Update credential; login and password optional). */
  updateCredential(
    offerId: number,
    credentialId: number,
    credential: Partial<CredentialInput>,
    signal?: AbortSignal,
  ): Promise<CredentialRecord>;
  deleteCredential(
    offerId: number,
    credentialId: number,
    signal?: AbortSignal,
  ): Promise<{ message: string }>;
  uploadScreenshot(filePath: string, signal?: AbortSignal): Promise<{ path: string; url: string }>;
  close(): Promise<void>;
}

interface Call<S extends z.ZodType> {
  method: HttpMethod;
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** Built anew for every attempt: a streamed body cannot be sent twice. */
  body?: () => unknown;
  /** A multipart body: undici's FormData (streamed), or one built here whole (multipartBody). */
  multipart?: () => FormData | { body: Buffer; contentType: string };
  cost?: RateCost;
  schema: S;
  /** Values of this request that must never show in an error. */
  secrets?: string[];
  hooks?: SendHooks;
}

export function createMarketplaceClient(opts: MarketplaceClientOptions): MarketplaceClient {
  const origin = new URL(opts.baseUrl);
  if (origin.protocol !== 'http:' && origin.protocol !== 'https:') {
    throw new TypeError('baseUrl must be an http(s) URL');
  }
  const prefix = origin.pathname.replace(/\/+$/, '');
  const clock = opts.clock ?? systemClock;
  const random = opts.random ?? Math.random;
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const retry = opts.retry ?? defaultRetry;
  const limiter = opts.limiter;
  const pool = createPool(origin.origin, timeoutMs);
  const readToken = typeof opts.token === 'function' ? opts.token : constant(opts.token);
  // A Retry-After is honoured up to the limiter's bound (its windows may be scaled for tests).
  const maxRetryAfterMs = limiter?.maxPenaltyMs ?? maxPenaltyMs();

  async function call<S extends z.ZodType>(
    spec: Call<S>,
    signal?: AbortSignal,
  ): Promise<z.infer<S>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await attemptOnce(spec, signal);
      } catch (error) {
        if (!(error instanceof MarketplaceError)) throw error;
        if (attempt >= retry.attempts || !isSafeToRetry(error, spec.method)) {
          throw attempt > 1 ? error.withAttempts(attempt) : error;
        }
        // Behind a limiter, Retry-After is already a penalty there, holding every request of
        // every process on the ledger; sleeping it here too would only add to it.
        const serverWait = limiter ? null : error.retryAfterMs;
        const delay = retryDelayMs(attempt, retry, random, serverWait);
        try {
          await clock.sleep(delay, signal);
        } catch {
          throw cancelled(spec, false);
        }
      }
    }
  }

  async function attemptOnce<S extends z.ZodType>(
    spec: Call<S>,
    signal?: AbortSignal,
  ): Promise<z.infer<S>> {
    const token = readToken();
    const site: CallSite = {
      method: spec.method,
      path: spec.path,
      token,
      secrets: spec.secrets ?? [],
      maxRetryAfterMs,
    };
    const problem = tokenProblem(token);
    if (problem) {
      throw new MarketplaceError({
        kind: 'unauthorized',
        method: spec.method,
        path: spec.path,
        detail: token ? `the API token is malformed: ${problem}` : 'no API token is set',
      });
    }
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
    };
    let body: string | Buffer | FormData | undefined;
    if (spec.multipart) {
      const form = spec.multipart();
      if (form instanceof FormData) body = form;
      else {
        body = form.body;
        headers['content-type'] = form.contentType;
      }
    } else if (spec.body) {
      body = JSON.stringify(spec.body());
      headers['content-type'] = 'application/json';
    }

    let slot: RateSlot | null = null;
    if (limiter) {
      try {
        // The attempt is aborted at timeoutMs, so it reaches the server by then or never.
        slot = await limiter.acquireSlot(spec.cost ?? {}, signal, {
          maxFlightMs: timeoutMs + 1_000,
        });
      } catch (error) {
        if (signal?.aborted) throw cancelled(spec, false);
        throw error;
      }
    }
    if (spec.hooks?.whenGranted) {
      try {
        await spec.hooks.whenGranted();
      } catch (error) {
        slot?.answered();
        throw error;
      }
    }
    let res;
    try {
      const answering = exchange(
        pool,
        { method: spec.method, path: prefix + spec.path + queryString(spec.query), headers, body },
        {
          timeoutMs,
          clock,
          signal,
        },
      );
      // The answer's check needs the secrets' index (hundreds of credentials: ~5-15 ms): built
      // while the request travels, once it is written, not after the answer came.
      if (site.secrets.length > 0) {
        setImmediate(() => prepareRedaction(createRedactor(site.secrets)));
      }
      res = await answering;
    } catch (failure) {
      slot?.answered();
      throw fromTransport(failure, spec);
    }
    slot?.answered();
    const now = clock.now();
    if (res.status === 429 && limiter) realign(limiter, res, site, now);
    return readAnswer(res, spec.schema, site, now);
  }

  function realign(
    l: RateLimiter,
    res: { headers: Record<string, string>; status: number; body: Buffer },
    site: CallSite,
    now: number,
  ) {
    try {
      readAnswer(res, messageBodySchema, site, now);
    } catch (error) {
      if (!(error instanceof MarketplaceError)) return;
      if (error.budget)
        l.recordServerBudget({ used: error.budget.used, limit: error.budget.limit });
    }
    // As the marketplace asked: the limiter bounds it, and tells the seller when it had to.
    const asked = retryAfterMs(res.headers['retry-after'], now);
    if (asked !== null) l.penalize(asked);
  }

  return {
    listProducts: async (query = {}, signal) => {
      checkPage(query.offset, query.limit, pageSizes.productList, paths.productList);
      return call(
        {
          method: 'GET',
          path: paths.productList,
          query: {
            [q.offset]: query.offset,
            [q.limit]: query.limit,
            [q.sort]: query.sort,
            [q.order]: query.order,
            [q.marketplaceType]: query.marketplaceType,
            [q.isActive]: query.isActive === undefined ? undefined : query.isActive ? 1 : 0,
          },
          schema: productListResponseSchema,
        },
        signal,
      );
    },

    getProduct: async (productId, signal) => {
      const path = paths.productDetails(
        checkId(productId, 'productId', 'GET', '/shop/marketplace/products/{productId}'),
      );
      const answer = await call(
        { method: 'GET', path, schema: productDetailsResponseSchema },
        signal,
      );
      return answer.result;
    },

    manageOffers: async (productId, body, signal, hooks) => {
      const path = paths.manage(checkId(productId, 'productId', 'POST', paths.manage(0)));
      const request = manageBody(body, path);
      const answer = await call(
        {
          method: 'POST',
          path,
          body: () => request,
          cost: { manageOffers: request.offers.length },
          schema: manageResponseSchema,
          secrets: request.offers.flatMap((o) => (o.credentials ?? []).flatMap(credentialSecrets)),
          hooks,
        },
        signal,
      );
      return answer.result;
    },

    myOffers: async (query = {}, signal) => {
      const path = paths.myOffers;
      checkPage(query.offset, query.limit, pageSizes.myOffers, path);
      if (query.sort !== undefined && !myOffersSortColumns.includes(query.sort)) {
        throw invalid('GET', path, {
          [q.sort]: [`must be one of ${myOffersSortColumns.join(', ')}`],
        });
      }
      if (query.status !== undefined && !offerStatusSchema.safeParse(query.status).success) {
        throw invalid('GET', path, { [q.status]: ['must be one of 1, 2, 3, 4, 5, 6, 8'] });
      }
      return call(
        {
          method: 'GET',
          path,
          query: {
            [q.id]: query.id,
            [q.offset]: query.offset,
            [q.limit]: query.limit,
            [q.sort]: query.sort,
            [q.order]: query.order,
            [q.status]: query.status,
            [q.productCurrencySettingId]: query.productCurrencySettingId,
          },
          schema: myOffersResponseSchema,
        },
        signal,
      );
    },

    editStatus: async (offerId, status, signal) => {
      const path = paths.editStatus(checkId(offerId, 'offerId', 'POST', paths.editStatus(0)));
      if (!sellerStatusSchema.safeParse(status).success) {
        throw invalid('POST', path, { status: ['a seller may only set 1, 2, 3 or 5'] });
      }
      return call(
        { method: 'POST', path, body: () => ({ status }), schema: messageBodySchema },
        signal,
      );
    },

    deleteOffer: async (offerId, signal) => {
      const path = paths.deleteOffer(checkId(offerId, 'offerId', 'DELETE', paths.deleteOffer(0)));
      return call({ method: 'DELETE', path, schema: messageBodySchema }, signal);
    },

    detachScreenshot: async (offerId, screenshotUrl, signal) => {
      const path = paths.detachScreenshot(
        checkId(offerId, 'offerId', 'DELETE', paths.detachScreenshot(0)),
      );
      if (typeof screenshotUrl !== 'string' || screenshotUrl.trim() === '') {
        throw invalid('DELETE', path, { screenshot_url: ['is required'] });
      }
      return call(
        {
          method: 'DELETE',
          path,
          body: () => ({ screenshot_url: screenshotUrl }),
          schema: detachScreenshotResponseSchema,
        },
        signal,
      );
    },

    attachScreenshotsFromLinks: async (offerId, urls, signal) => {
      const path = paths.attachLinks(checkId(offerId, 'offerId', 'POST', paths.attachLinks(0)));
      if (!Array.isArray(urls) || urls.length < 1 || urls.length > limits.urlsPerAttach) {
        throw invalid('POST', path, { urls: [`between 1 and ${limits.urlsPerAttach} URLs`] });
      }
      return call(
        {
          method: 'POST',
          path,
          body: () => ({ urls }),
          cost: { attach: true },
          schema: attachLinksResponseSchema,
        },
        signal,
      );
    },

    addCredentials: async (offerId, credentials, signal) => {
      const path = paths.addCredentials(
        checkId(offerId, 'offerId', 'POST', paths.addCredentials(0)),
      );
      const list = credentialList(credentials, 'POST', path);
      const answer = await call(
        {
          method: 'POST',
          path,
          body: () => ({ credentials: list }),
          schema: messageBodySchema,
          secrets: list.flatMap(credentialSecrets),
        },
        signal,
      );
      return { message: answer.message, ...parseAddBatchMessage(answer.message) };
    },

    replaceCredentials: async (offerId, credentials, signal) => {
      const path = paths.replaceCredentials(
        checkId(offerId, 'offerId', 'PUT', paths.replaceCredentials(0)),
      );
      const list = credentialList(credentials, 'PUT', path);
      const answer = await call(
        {
          method: 'PUT',
          path,
          body: () => ({ credentials: list }),
          schema: replaceAllResponseSchema,
          secrets: list.flatMap(credentialSecrets),
        },
        signal,
      );
      return answer.result;
    },

    updateCredential: async (offerId, credentialId, credential, signal) => {
      const path = paths.credential(
        checkId(offerId, 'offerId', 'PUT', paths.credential(0, 0)),
        checkId(credentialId, 'credentialId', 'PUT', paths.credential(0, 0)),
      );
      const parsed = credentialInputSchema.partial().safeParse(credential);
      // Field names only: the values are the seller's secrets.
      if (!parsed.success) {
        throw invalid('PUT', path, {
          credential: parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.code}`),
        });
      }
      const checked = parsed.data;
      const answer = await call(
        {
          method: 'PUT',
          path,
          body: () => checked,
          schema: updateCredentialResponseSchema,
          secrets: credentialSecrets(checked),
        },
        signal,
      );
      return answer.result;
    },

    deleteCredential: async (offerId, credentialId, signal) => {
      const path = paths.credential(
        checkId(offerId, 'offerId', 'DELETE', paths.credential(0, 0)),
        checkId(credentialId, 'credentialId', 'DELETE', paths.credential(0, 0)),
      );
      return call({ method: 'DELETE', path, schema: messageBodySchema }, signal);
    },

    uploadScreenshot: async (filePath, signal) => {
      const path = paths.uploadScreenshot;
      const file = await openScreenshotFile(filePath);
      if (!file.ok) throw invalid('POST', path, { [uploadFieldName]: [file.problem] });
      return call(
        {
          method: 'POST',
          path,
          multipart: () => {
            const { content } = file;
            if ('bytes' in content) {
              return multipartBody(uploadFieldName, file.fileName, file.contentType, content.bytes);
            }
            const form = new FormData();
            form.append(uploadFieldName, content.blob, file.fileName);
            return form;
          },
          schema: uploadScreenshotResponseSchema,
        },
        signal,
      );
    },

    close: () => pool.close(),
  };
}

function constant(token: string): () => string {
  return () => token;
}

function queryString(query: Call<z.ZodType>['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function fromTransport(failure: unknown, spec: Call<z.ZodType>): MarketplaceError {
  if (!(failure instanceof TransportFailure)) {
    return new MarketplaceError({
      kind: 'network_not_sent',
      method: spec.method,
      path: spec.path,
      detail: 'the request could not be started',
    });
  }
  if (failure.reason === 'cancelled') return cancelled(spec, failure.sent === 'maybe_sent');
  if (failure.reason === 'too_large') {
    return new MarketplaceError({
      kind: 'bad_response',
      method: spec.method,
      path: spec.path,
      detail: 'the answer is too large',
      outcomeUnknown: spec.method !== 'GET',
    });
  }
  const notSent = failure.sent === 'not_sent';
  const what = failure.reason === 'timeout' ? 'no answer in time' : 'the connection failed';
  return new MarketplaceError({
    kind: notSent ? 'network_not_sent' : 'network_maybe_sent',
    method: spec.method,
    path: spec.path,
    detail: `${what}${notSent ? ' before the request was sent' : ' after the request was sent'}`,
    networkCode: failure.code,
    outcomeUnknown: !notSent,
  });
}

function cancelled(spec: Call<z.ZodType>, maybeSent: boolean): MarketplaceError {
  return new MarketplaceError({
    kind: 'cancelled',
    method: spec.method,
    path: spec.path,
    detail: maybeSent ? 'cancelled after the request was sent' : 'cancelled before sending',
    outcomeUnknown: maybeSent && spec.method !== 'GET',
  });
}

function invalid(method: string, path: string, fieldErrors: FieldErrors): MarketplaceError {
  const detail = Object.entries(fieldErrors)
    .map(([field, list]) => `${field} ${list.map(String).join(', ')}`)
    .join('; ');
  return new MarketplaceError({ kind: 'validation', method, path, detail, fieldErrors });
}

function checkId(value: number, name: string, method: string, path: string): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw invalid(method, path, { [name]: ['must be a whole number ≥ 1'] });
  }
  return value;
}

function checkPage(
  offset: number | undefined,
  limit: number | undefined,
  max: number,
  path: string,
) {
  if (offset !== undefined && (!Number.isSafeInteger(offset) || offset < 0)) {
    throw invalid('GET', path, { [q.offset]: ['must be a whole number ≥ 0'] });
  }
  if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 1 || limit > max)) {
    throw invalid('GET', path, { [q.limit]: [`must be between 1 and ${max}`] });
  }
}

/** The manage body as the document allows it: known fields only, and never `status`. */
function manageBody(body: ManageRequest, path: string): ManageRequest {
  const parsed = manageRequestSchema.safeParse(body);
  if (!parsed.success) {
    throw invalid('POST', path, zodFieldErrors(parsed.error));
  }
  const { offers, guarantee_delivery_time } = parsed.data;
  if (offers.length < 1 || offers.length > limits.offersPerManage) {
    throw invalid('POST', path, { offers: [`between 1 and ${limits.offersPerManage} offers`] });
  }
  if (!Number.isSafeInteger(guarantee_delivery_time) || guarantee_delivery_time < 1) {
    throw invalid('POST', path, {
      guarantee_delivery_time: ['a whole number of milliseconds ≥ 1'],
    });
  }
  return { offers, guarantee_delivery_time };
}

function credentialList(list: CredentialInput[], method: string, path: string): CredentialInput[] {
  if (!Array.isArray(list) || list.length < 1 || list.length > limits.credentialsPerRequest) {
    throw invalid(method, path, { credentials: [`between 1 and ${limits.credentialsPerRequest}`] });
  }
  const checked: CredentialInput[] = [];
  const errors: FieldErrors = {};
  list.forEach((c, i) => {
    const parsed = credentialInputSchema.safeParse(c);
    if (parsed.success) checked.push(parsed.data);
    // Field names only: the values are the seller's secrets.
    else
      errors[`credentials.${i}`] = parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.code}`);
  });
  if (Object.keys(errors).length > 0) throw invalid(method, path, errors);
  return checked;
}

function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '(body)';
    (out[key] ??= []).push(issue.code);
  }
  return out;
}
