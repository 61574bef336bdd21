// Offer credentials: add_batch, replace_all, update one, delete one. Responses and errors never
// echo a login or password — unless a test asked for a marketplace that does (quoting.ts).
import { limits } from '../../contract/marketplace/limits';
import {
  credentialInputSchema,
  CredentialSystem,
  MarketplaceType,
  OfferStatus,
  type CredentialInput,
} from '../../contract/marketplace/wire';
import { credentialProblems, type CredentialLike } from '../../contract/rules/credentialRules';
import { marketplaceHashes } from '../credentialHash';
import type { RequestContext } from '../context';
import { objectBody, offerCredential, ownOffer } from '../ownership';
import { json, message, ReplyError, validationFailed, type Reply } from '../reply';
import type { StoredOffer } from '../state';
import { addCredentials } from './credentialStore';
import { refusalQuotingCredentials } from './quoting';

function credentialBatch(ctx: RequestContext): CredentialInput[] {
  const list = objectBody(ctx).credentials;
  if (!Array.isArray(list)) {
    throw new ReplyError(
      validationFailed({
        credentials: ['The credentials field is required and must be an array.'],
      }),
    );
  }
  if (list.length < 1 || list.length > limits.credentialsPerRequest) {
    throw new ReplyError(
      validationFailed({
        credentials: [
          `The credentials field must have between 1 and ${limits.credentialsPerRequest} items.`,
        ],
      }),
    );
  }
  const errors: Record<string, string[]> = {};
  list.forEach((item: unknown, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      errors[`credentials.${i}`] = ['Each credential must be an object.'];
      return;
    }
    for (const p of credentialProblems(item, i)) (errors[p.field] ??= []).push(p.message);
  });
  if (Object.keys(errors).length > 0) throw new ReplyError(validationFailed(errors));
  if (ctx.state.quoteValuesInErrors) {
    throw new ReplyError(refusalQuotingCredentials(list as CredentialLike[], 'credentials'));
  }
  return list.map((item) => credentialInputSchema.parse(item));
}

function refuseTransferred(ctx: RequestContext, offer: StoredOffer): void {
  if (ctx.state.transferred.has(offer.id)) {
    throw new ReplyError(message(403, 'Credentials cannot be modified for a transferred offer.'));
  }
}

function requireMultiple(offer: StoredOffer): void {
  if (offer.credential_system_type_id !== CredentialSystem.Multiple) {
    throw new ReplyError(
      message(403, 'This action needs an offer with credential system Multiple (3).'),
    );
  }
}

/** Sold out: a Multiple offer with no active credential is hidden from customers. */
export function hideIfSoldOut(ctx: RequestContext['state'], offer: StoredOffer): void {
  if (
    offer.credential_system_type_id === CredentialSystem.Multiple &&
    ctx.activeCredentialCount(offer.id) === 0 &&
    offer.status === OfferStatus.Active
  ) {
    ctx.setStatus(offer, OfferStatus.NotActive);
  }
}

export function addBatch(ctx: RequestContext): Reply {
  const offer = ownOffer(ctx, ctx.params.offerId);
  if (offer.marketplace_type !== MarketplaceType.Account) {
    return message(403, 'Credentials can only be added to account offers.');
  }
  refuseTransferred(ctx, offer);
  const batch = credentialBatch(ctx);
  ctx.record.processed = true;
  const { added, skipped } = addCredentials(ctx.state, offer, batch);
  return message(200, `${added} credentials added, ${skipped} duplicates skipped`);
}

export function replaceAll(ctx: RequestContext): Reply {
  const offer = ownOffer(ctx, ctx.params.offerId);
  requireMultiple(offer);
  refuseTransferred(ctx, offer);
  const batch = credentialBatch(ctx);
  ctx.record.processed = true;
  for (const c of ctx.state.credentialsOf(offer.id)) ctx.state.credentials.delete(c.id);
  const { added } = addCredentials(ctx.state, offer, batch);
  offer.credentials_recorded = added > 0;
  ctx.state.touch(offer);
  hideIfSoldOut(ctx.state, offer);
  return json(200, { result: { message: `${added} credentials replaced.`, replaced: added } });
}

export function updateCredential(ctx: RequestContext): Reply {
  const offer = ownOffer(ctx, ctx.params.offerId);
  requireMultiple(offer);
  refuseTransferred(ctx, offer);
  const credential = offerCredential(offer, ctx, ctx.params.credentialId);
  const body = objectBody(ctx);
  const errors: Record<string, string[]> = {};
  for (const p of credentialProblems(body, undefined, true))
    (errors[p.field] ??= []).push(p.message);
  if (Object.keys(errors).length > 0) return validationFailed(errors);
  if (ctx.state.quoteValuesInErrors) return refusalQuotingCredentials([body], '');
  ctx.record.processed = true;
  if (typeof body.login === 'string') credential.login = body.login;
  if (body.email !== undefined)
    credential.email = typeof body.email === 'string' && body.email.trim() ? body.email : null;
  if (body.is_2fa_active !== undefined)
    credential.is_2fa_active = body.is_2fa_active as boolean | null;
  if (body.comment !== undefined) credential.comment = body.comment as string | null;
  const hashes = marketplaceHashes(credential);
  credential.login_hash = hashes.loginHash;
  credential.email_hash = hashes.emailHash;
  credential.updated_at = ctx.state.nextTimestamp(offer.user_id);
  offer.updated_at = credential.updated_at;
  return json(200, {
    result: { id: credential.id, status: credential.status, updated_at: credential.updated_at },
  });
}

export function deleteCredential(ctx: RequestContext): Reply {
  const offer = ownOffer(ctx, ctx.params.offerId);
  requireMultiple(offer);
  refuseTransferred(ctx, offer);
  const credential = offerCredential(offer, ctx, ctx.params.credentialId);
  ctx.record.processed = true;
  ctx.state.credentials.delete(credential.id);
  offer.credentials_recorded = ctx.state.credentialsOf(offer.id).length > 0;
  ctx.state.touch(offer);
  hideIfSoldOut(ctx.state, offer);
  return message(200, `Credential ${credential.id} deleted.`);
}
