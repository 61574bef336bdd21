// Manage offers: create or edit 1–100 offers of one product. The whole request is checked first
// (400 with `offers.<i>.<field>` errors, nothing processed); then each offer is processed on its
// own and reported in `results`. Status is chosen by the service (rules/statusRules).
//
// Our reading of "account marketplace and data-field validation fails → Need Details": a
// required product field left empty is accepted and the offer waits for details (4); a value
// that cannot be stored (not one of a select's options, unknown field id, wrong type) is a 400.
import { limits } from '../../contract/marketplace/limits';
import {
  CredentialSystem,
  MarketplaceType,
  OfferStatus,
  offerWriteSchema,
  type OfferWrite,
  type Product,
} from '../../contract/marketplace/wire';
import { isDataProblem, type FieldProblem } from '../../contract/rules/problems';
import { validateOfferWrite } from '../../contract/rules/offerRules';
import { statusAfterManage } from '../../contract/rules/statusRules';
import { MANAGE_OK } from '../../contract/marketplace/assumptions';
import { sellerOf, type RequestContext } from '../context';
import { objectBody } from '../ownership';
import { retryAfterSeconds } from '../rateLimits';
import { json, message, withMoreCount, type Reply } from '../reply';
import { currencySettingOf } from '../seed';
import { MarketState, type StoredOffer } from '../state';
import { addCredentials } from './credentialStore';
import { serverErrorQuotingToken } from './quoting';

type ErrorEntry = string[] | { error: string; type: string; allowed_values: string[] }[];

interface CheckedOffer {
  write: OfferWrite;
  existing: StoredOffer | null;
  /** Required product fields left empty: the offer is kept but needs details. */
  missingDetails: FieldProblem[];
  screenshots: string[] | null;
}

export function manageOffers(ctx: RequestContext): Reply {
  const seller = sellerOf(ctx);
  const body = objectBody(ctx);
  const product = ctx.state.products.get(ctx.params.productId ?? -1);
  if (Array.isArray(body.offers)) ctx.record.manageOffers = body.offers.length;
  if (!product) return message(404, `Product ${ctx.params.productId} not found.`);
  if (ctx.state.quoteValuesInErrors) return serverErrorQuotingToken(seller.token);

  const errors: Record<string, ErrorEntry> = {};
  const offers = body.offers;
  if (!Array.isArray(offers)) {
    errors.offers = [
      offers === undefined ? 'The offers field is required.' : 'The offers field must be an array.',
    ];
  } else if (offers.length < 1 || offers.length > limits.offersPerManage) {
    errors.offers = [`The offers field must have between 1 and ${limits.offersPerManage} items.`];
  }
  const gdt = body.guarantee_delivery_time;
  if (gdt === undefined || gdt === null) {
    errors.guarantee_delivery_time = ['The guarantee delivery time field is required.'];
  } else if (typeof gdt !== 'number' || !Number.isInteger(gdt) || gdt < 1) {
    errors.guarantee_delivery_time = [
      'The guarantee delivery time must be an integer of at least 1 (milliseconds).',
    ];
  }
  if (Object.keys(errors).length > 0) return badRequest(errors);
  const list = offers as unknown[];

  const budget = ctx.limits.of(seller.id).manageOffers;
  if (budget.used(ctx.now) + list.length > budget.limit) {
    return json(
      429,
      {
        message: 'Too many offers processed in the current minute.',
        budget_used: budget.used(ctx.now),
        budget_limit: budget.limit,
        offers_requested: list.length,
      },
      { 'Retry-After': retryAfterSeconds(budget.waitMs(ctx.now, list.length)) },
    );
  }

  const checked: CheckedOffer[] = [];
  let foreign = false;
  list.forEach((raw, i) => {
    const result = checkOffer(ctx, product, raw, i, errors);
    if (result === 'foreign') foreign = true;
    else if (result) checked.push(result);
  });
  if (foreign)
    return message(403, 'This action is unauthorized: an offer belongs to another seller.');
  if (Object.keys(errors).length > 0) return badRequest(errors);

  budget.tryTake(ctx.now, list.length);
  ctx.record.processed = true;
  const results = checked.map((c) => processOffer(ctx, product, c, gdt as number));
  const successfully = results.filter((r) => r.status === MANAGE_OK).length;
  return json(200, {
    result: {
      message: `${successfully} of ${list.length} offers processed.`,
      received: list.length,
      successfully,
      results,
    },
  });
}

function badRequest(errors: Record<string, ErrorEntry>): Reply {
  const messages = Object.values(errors).map((e) => {
    const first = e[0];
    return typeof first === 'string' ? first : (first?.error ?? 'invalid');
  });
  return json(400, { message: withMoreCount(messages), errors });
}

function checkOffer(
  ctx: RequestContext,
  product: Product,
  raw: unknown,
  i: number,
  errors: Record<string, ErrorEntry>,
): CheckedOffer | 'foreign' | null {
  const key = (field: string) => `offers.${i}.${field}`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    errors[`offers.${i}`] = ['Each offer must be an object.'];
    return null;
  }
  const parsed = offerWriteSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      if (path.startsWith('data.')) {
        errors[key(path)] = [
          {
            error: `The value of field ${path.slice(5)} must be a string, a number or a list.`,
            type: 'invalid',
            allowed_values: [],
          },
        ];
      } else {
        errors[key(path || 'offer')] = [
          `The ${path.replace(/_/g, ' ')} field is invalid: ${issue.message}`,
        ];
      }
    }
    if ('status' in raw)
      errors[key('status')] = ['The status field is prohibited: the service sets it.'];
    return null;
  }
  const write = parsed.data;
  let existing: StoredOffer | null = null;
  if (write.id !== undefined && write.id !== null) {
    existing = ctx.state.offers.get(write.id) ?? null;
    if (!existing) {
      errors[key('id')] = ['The selected offer does not exist.'];
      return null;
    }
    if (existing.user_id !== sellerOf(ctx).id) return 'foreign';
    if (existing.product_id !== product.id) {
      errors[key('id')] = [
        `The offer belongs to product ${existing.product_id}, not ${product.id}.`,
      ];
      return null;
    }
  }
  const input = 'status' in raw ? { ...write, status: (raw as { status: unknown }).status } : write;
  const problems = validateOfferWrite(
    input,
    product,
    existing ? 'edit' : 'create',
    existing ?? undefined,
  );
  const isAccount = product.marketplace_type === MarketplaceType.Account;
  const missingDetails = problems.filter(
    (p) => isAccount && isDataProblem(p) && p.code === 'required',
  );
  for (const p of problems) {
    if (missingDetails.includes(p)) continue;
    if (isDataProblem(p)) {
      errors[key(p.field)] = [
        { error: p.message, type: p.type ?? 'unknown', allowed_values: p.allowedValues ?? [] },
      ];
    } else {
      const entry = errors[key(p.field)];
      if (Array.isArray(entry) && typeof entry[0] === 'string') (entry as string[]).push(p.message);
      else errors[key(p.field)] = [p.message];
    }
  }
  let screenshots: string[] | null = null;
  if (write.screenshots) {
    screenshots = write.screenshots.map((s) => MarketState.screenshotPath(s));
    screenshots.forEach((path, j) => {
      const stored = ctx.state.screenshots.get(path);
      if (!stored || stored.sellerId !== sellerOf(ctx).id) {
        errors[key(`screenshots.${j}`)] = [
          'The screenshot is not one of your uploaded screenshots.',
        ];
      }
    });
    if (screenshots.length > limits.screenshotsMaxCount) {
      errors[key('screenshots')] = [
        `An offer can have at most ${limits.screenshotsMaxCount} screenshots.`,
      ];
    }
  }
  return { write, existing, missingDetails, screenshots };
}

function processOffer(ctx: RequestContext, product: Product, c: CheckedOffer, gdt: number) {
  const state = ctx.state;
  const w = c.write;
  if (c.existing && w.credentials?.length && state.transferred.has(c.existing.id)) {
    return {
      id: c.existing.id,
      status: 'error',
      message: 'Credentials cannot be modified for a transferred offer.',
    };
  }
  const offer = c.existing ?? newOffer(ctx, product);
  const text = (v: string | null | undefined, current: string) =>
    v === undefined ? current : (v ?? '');
  if (w.price_per_step !== undefined) offer.price_per_step = w.price_per_step;
  if (w.amount !== undefined) offer.amount = w.amount;
  if (w.min_purchase_amount !== undefined) offer.min_purchase_amount = w.min_purchase_amount;
  if (w.data !== undefined) offer.data = w.data;
  offer.outer_name = text(w.outer_name, offer.outer_name);
  offer.internal_name = text(w.internal_name, offer.internal_name);
  offer.description = text(w.description, offer.description);
  offer.comment_for_reviewer = text(w.comment_for_reviewer, offer.comment_for_reviewer);
  if (w.is_auto_activate_status !== undefined && w.is_auto_activate_status !== null) {
    offer.is_auto_activate_status = w.is_auto_activate_status;
  }
  if (w.import_status !== undefined && w.import_status !== null)
    offer.import_status = w.import_status;
  if (w.credential_system_type_id !== undefined && w.credential_system_type_id !== null) {
    // The deprecated Single (2) is stored as Multiple (3).
    offer.credential_system_type_id =
      w.credential_system_type_id === CredentialSystem.SingleDeprecated
        ? CredentialSystem.Multiple
        : w.credential_system_type_id;
  }
  if (w.booster_price !== undefined)
    (offer as Record<string, unknown>).booster_price = w.booster_price;
  if (w.search_description !== undefined)
    (offer as Record<string, unknown>).search_description = w.search_description;
  if (w.skycoach_price !== undefined)
    (offer as Record<string, unknown>).skycoach_price = w.skycoach_price;
  if (c.screenshots) {
    offer.screenshots = c.screenshots;
    offer.image = c.screenshots[0] ?? '';
  }
  offer.guarantee_delivery_time = gdt;
  state.offers.set(offer.id, offer);
  if (w.credentials?.length) addCredentials(state, offer, w.credentials);
  offer.status = statusAfterManage({
    marketplaceType: product.marketplace_type,
    dataValid: c.missingDetails.length === 0,
    credentialSystem: offer.credential_system_type_id,
    activeCredentials: state.activeCredentialCount(offer.id),
  });
  state.touch(offer);
  const note =
    c.missingDetails.length > 0
      ? `Need details: ${c.missingDetails.map((p) => p.message).join(' ')}`
      : offer.status === OfferStatus.NotActive
        ? 'Not active: the offer has no active credentials.'
        : null;
  if (c.missingDetails.length > 0) offer.last_review_comment = note ?? '';
  return { id: offer.id, status: MANAGE_OK, message: note };
}

function newOffer(ctx: RequestContext, product: Product): StoredOffer {
  const stamp = ctx.state.nextTimestamp(sellerOf(ctx).id);
  return {
    id: ctx.state.nextOfferId++,
    product_id: product.id,
    user_id: sellerOf(ctx).id,
    price_per_step: 0,
    amount: 0,
    min_purchase_amount: 0,
    status: OfferStatus.Draft,
    marketplace_type: product.marketplace_type,
    guarantee_delivery_time: 1,
    credential_system_type_id: CredentialSystem.Multiple,
    description: '',
    outer_name: '',
    internal_name: '',
    comment_for_reviewer: '',
    image: '',
    is_enabled: true,
    is_auto_activate_status: false,
    data: {},
    screenshots: [],
    original_import_price: 0,
    commission_percent: product.marketplace_type === MarketplaceType.Account ? 12 : 8,
    import_status: 0,
    purchased_amount: 0,
    last_review_comment: '',
    credentials_recorded: false,
    created_at: stamp,
    updated_at: stamp,
    deleted_at: null,
    product_currency_setting_id: currencySettingOf(product.id),
  };
}
