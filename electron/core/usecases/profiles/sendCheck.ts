// The check at send time. The guard let the token in before anything was sent; a 403 on one of
// the seller's own offers is then asked about once more: if the token's seller is not the
// profile's after all, the profile's client stops for good (every later request fails as a refused
// token, so the sync engine puts the operation back and ends the run, retrying nothing under this
// token) and the token is struck from the profile, so the next run's guard refuses it with the
// sentence naming both sellers. A 403 the same seller gets (a transferred offer) stays that
// offer's refusal, as before.
import type { MarketplaceClient } from '../../api';
import { isMarketplaceError, MarketplaceError } from '../../api/errors';

/** Answers why the token is not the profile's seller's, or null when it is. */
export type SellerRecheck = () => Promise<string | null>;

/** Requests on one offer of the seller's own: a 403 there may mean another seller's token. */
const OWN_OFFER_CALLS = new Set<keyof MarketplaceClient>([
  'manageOffers',
  'editStatus',
  'deleteOffer',
  'detachScreenshot',
  'attachScreenshotsFromLinks',
  'addCredentials',
  'replaceCredentials',
  'updateCredential',
  'deleteCredential',
]);

export function sellerCheckedClient(
  client: MarketplaceClient,
  recheck: SellerRecheck,
): MarketplaceClient {
  let stopped: MarketplaceError | null = null;
  return new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function' || property === 'close') return value;
      return async (...args: unknown[]) => {
        if (stopped) throw stopped;
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } catch (error) {
          if (
            !isMarketplaceError(error) ||
            error.kind !== 'forbidden' ||
            !OWN_OFFER_CALLS.has(property as keyof MarketplaceClient)
          ) {
            throw error;
          }
          const why = await recheck().catch(() => null);
          if (!why) throw error;
          stopped = new MarketplaceError({
            kind: 'unauthorized',
            method: error.method,
            path: error.path,
            status: error.status,
            detail: why,
          });
          throw stopped;
        }
      };
    },
  });
}
