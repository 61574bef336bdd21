// List own offers, change an offer's status, delete an offer.
import { myOffersSortColumns, pageSizes, query as q } from '../../contract/marketplace/assumptions';
import { offerStatusSchema, type SellerStatusValue } from '../../contract/marketplace/wire';
import { statusChangeRefusal } from '../../contract/rules/statusRules';
import { sellerOf, type RequestContext } from '../context';
import { objectBody, ownOffer } from '../ownership';
import { compareBy, readChoice, readInt, readOrder, readPage } from '../query';
import { json, message, ReplyError, validationFailed, type Reply } from '../reply';
import type { StoredOffer } from '../state';

/** Default page size of my_offers when none is asked for (the maximum is 100). */
export const MY_OFFERS_DEFAULT_LIMIT = 25;

export function myOffers(ctx: RequestContext): Reply {
  const seller = sellerOf(ctx);
  ctx.record.processed = true;
  const page = readPage(ctx.query, MY_OFFERS_DEFAULT_LIMIT, pageSizes.myOffers);
  const sort = readChoice(ctx.query, q.sort, myOffersSortColumns, 'updated_at');
  const order = readOrder(ctx.query, 'desc');
  const errors: Record<string, string[]> = {};
  const id = readInt(ctx.query, q.id, 0, errors);
  const currency = readInt(ctx.query, q.productCurrencySettingId, 0, errors);
  const status = readInt(ctx.query, q.status, 0, errors);
  if (ctx.query.get(q.status) && !offerStatusSchema.safeParse(status).success) {
    errors[q.status] = ['The status filter must be one of 1, 2, 3, 4, 5, 6, 8.'];
  }
  if (Object.keys(errors).length > 0) throw new ReplyError(validationFailed(errors));
  const matching = ctx.state
    .offersOf(seller.id)
    .filter((o) => !ctx.query.get(q.id) || o.id === id)
    .filter(
      (o) =>
        !ctx.query.get(q.productCurrencySettingId) || o.product_currency_setting_id === currency,
    )
    .filter((o) => !ctx.query.get(q.status) || o.status === status)
    .sort(
      compareBy<StoredOffer>(
        (o) => o[sort],
        order,
        (o) => o.id,
      ),
    );
  return json(200, {
    data: matching.slice(page.offset, page.offset + page.limit),
    total: matching.length,
  });
}

export function editStatus(ctx: RequestContext): Reply {
  const offer = ownOffer(ctx, ctx.params.offerId);
  const body = objectBody(ctx);
  const status = body.status;
  if (status === undefined || status === null) {
    return validationFailed({ status: ['The status field is required.'] });
  }
  if (typeof status !== 'number' || !Number.isInteger(status)) {
    return validationFailed({ status: ['The status field must be an integer.'] });
  }
  const refusal = statusChangeRefusal(offer.status, status, {
    marketplaceType: offer.marketplace_type,
    screenshots: offer.screenshots.length,
  });
  if (refusal) return validationFailed({ status: [refusal] });
  ctx.record.processed = true;
  ctx.state.setStatus(offer, status as SellerStatusValue);
  return message(200, `Offer ${offer.id} status changed to ${status}.`);
}

export function deleteOffer(ctx: RequestContext): Reply {
  const offer = ownOffer(ctx, ctx.params.offerId);
  ctx.record.processed = true;
  ctx.state.removeOffer(offer.id);
  return message(200, `Offer ${offer.id} deleted.`);
}
