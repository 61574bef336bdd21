// Offer and credential look-ups with the API's answers: unknown → 404, another seller's → 403.
import { sellerOf, type RequestContext } from './context';
import { message, ReplyError } from './reply';
import type { StoredCredential, StoredOffer } from './state';

export function ownOffer(ctx: RequestContext, offerId: number | undefined): StoredOffer {
  const offer = offerId === undefined ? undefined : ctx.state.offers.get(offerId);
  if (!offer) throw new ReplyError(message(404, `Offer ${offerId} not found.`));
  if (offer.user_id !== sellerOf(ctx).id) {
    throw new ReplyError(
      message(403, 'This action is unauthorized: the offer belongs to another seller.'),
    );
  }
  return offer;
}

export function offerCredential(
  offer: StoredOffer,
  ctx: RequestContext,
  credentialId: number | undefined,
): StoredCredential {
  const credential =
    credentialId === undefined ? undefined : ctx.state.credentials.get(credentialId);
  if (!credential || credential.offerId !== offer.id) {
    throw new ReplyError(
      message(404, `Credential ${credentialId} not found on offer ${offer.id}.`),
    );
  }
  return credential;
}

/** A JSON object body, or a 400 that says what was wrong. */
export function objectBody(ctx: RequestContext): Record<string, unknown> {
  const body = ctx.body;
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ReplyError(message(400, 'The request body must be a JSON object.'));
  }
  return body as Record<string, unknown>;
}
