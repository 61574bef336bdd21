// The offer editor's state as the seller types it (strings, as inputs hold them), and the way to
// and from the contract's shapes. Validation runs the shared marketplace rules on what saving
// would send, so the editor shows the same problems the service would answer with.
import { parseDecimal } from '../../../electron/contract/i18n';
import { currentLocale, t } from './i18nText';
import type { OfferDetail, SaveOfferInput } from '../../../electron/contract/ipc/models';
import type { FieldProblemDto } from '../../../electron/contract/ipc/result';
import {
  CredentialSystem,
  MarketplaceType,
  OfferStatus,
  type DataValue,
  type OfferStatusValue,
  type OfferWrite,
  type Product,
} from '../../../electron/contract/marketplace/wire';
import { statusAfterManage } from '../../../electron/contract/rules/statusRules';
import { offerWarnings, validateOfferWrite } from '../../../electron/contract/rules/offerRules';
import { fieldKindName, liveFieldsOf } from '../../../electron/contract/rules/fieldKinds';
import { humanToMs, msToHuman, type DeliveryUnit } from './deliveryTime';

export interface OfferForm {
  price: string;
  amount: string;
  minPurchase: string;
  deliveryValue: string;
  deliveryUnit: DeliveryUnit;
  /** Product field id → value; select fields hold the value string, multi-selects an array. */
  data: Record<string, DataValue>;
  outerName: string;
  internalName: string;
  description: string;
  boosterPrice: string;
  credentialSystem: number;
  commentForReviewer: string;
  autoActivate: boolean;
  /** Write fields the editor has no input for, sent back as they came (never dropped). */
  untouched: Partial<OfferWrite>;
}

/** A stored number as the seller types it: "0,06" in Russian (no grouping, so it reads back). */
const numberText = (n: number | null | undefined) =>
  n === null || n === undefined
    ? ''
    : currentLocale() === 'ru'
      ? String(n).replace('.', ',')
      : String(n);

export function isAccountProduct(product: Product): boolean {
  return product.marketplace_type === MarketplaceType.Account;
}

export function newOfferForm(product: Product): OfferForm {
  const account = isAccountProduct(product);
  const data: Record<string, DataValue> = {};
  for (const field of liveFieldsOf(product)) {
    const kind = fieldKindName(field.component_edit);
    if (kind === 'select' && field.default_value_id !== null) {
      const value = field.field_values.find((v) => v.id === field.default_value_id);
      if (value) data[String(field.id)] = value.value;
    }
  }
  return {
    price: '',
    amount: account ? '1' : '',
    minPurchase: account ? '1' : String(Math.max(1, product.step_size)),
    deliveryValue: '1',
    deliveryUnit: 'hours',
    data,
    outerName: '',
    internalName: '',
    description: '',
    boosterPrice: '',
    credentialSystem: CredentialSystem.Multiple,
    commentForReviewer: '',
    autoActivate: true,
    untouched: {},
  };
}

export function formFromDetail(detail: OfferDetail): OfferForm {
  const f = detail.fields;
  const human = detail.deliveryTimeMs === null ? null : msToHuman(detail.deliveryTimeMs);
  const {
    price_per_step,
    amount,
    min_purchase_amount,
    data,
    outer_name,
    internal_name,
    description,
    booster_price,
    credential_system_type_id,
    comment_for_reviewer,
    is_auto_activate_status,
    id: _id,
    marketplace_type: _type,
    ...untouched
  } = f;
  return {
    price: numberText(price_per_step),
    amount: numberText(amount),
    minPurchase: numberText(min_purchase_amount),
    deliveryValue: human ? numberText(human.value) : '',
    deliveryUnit: human ? human.unit : 'hours',
    data: { ...(data ?? {}) },
    outerName: outer_name ?? '',
    internalName: internal_name ?? '',
    description: description ?? '',
    boosterPrice: numberText(booster_price),
    // The deprecated Single is stored as Multiple; an offer without a system gets the create default.
    credentialSystem:
      credential_system_type_id === CredentialSystem.SingleDeprecated
        ? CredentialSystem.Multiple
        : (credential_system_type_id ?? CredentialSystem.Multiple),
    commentForReviewer: comment_for_reviewer ?? '',
    autoActivate: is_auto_activate_status ?? true,
    untouched,
  };
}

export type FormProblems = Map<string, FieldProblemDto[]>;

/** A number typed in the app's language ("0,06" in Russian); its problem in words if it is none. */
function parseNumber(text: string): number | undefined | { problem: string } {
  if (text.trim() === '') return undefined;
  const parsed = parseDecimal(text, currentLocale());
  return parsed.ok ? parsed.value : { problem: parsed.problem };
}

/** Product data as it would be sent: number fields as numbers, empty values left out. */
function dataToSend(form: OfferForm, product: Product): Record<string, DataValue> {
  const kinds = new Map(liveFieldsOf(product).map((f) => [String(f.id), f.component_edit]));
  const out: Record<string, DataValue> = {};
  for (const [key, value] of Object.entries(form.data)) {
    if (typeof value === 'string' && value.trim() === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (kinds.get(key) === 3 && typeof value === 'string') {
      const n = parseDecimal(value, currentLocale());
      out[key] = n.ok ? n.value : value;
    } else {
      out[key] = value;
    }
  }
  return out;
}

export interface FormOutcome {
  input: SaveOfferInput | null;
  problems: FormProblems;
  /** What may go wrong but does not stop the save (contract/rules offerWarnings). */
  warnings: FormProblems;
}

/** What saving would send, every problem the seller must fix first, and what to be warned of. */
export function readForm(form: OfferForm, product: Product, localId?: number): FormOutcome {
  const problems: FormProblems = new Map();
  const add = (p: FieldProblemDto) => problems.set(p.field, [...(problems.get(p.field) ?? []), p]);
  const account = isAccountProduct(product);
  const numbers: Record<string, number | undefined> = {};
  const numberInputs = [
    ['price_per_step', form.price],
    ['amount', form.amount],
    ['min_purchase_amount', form.minPurchase],
    ...(account ? [['booster_price', form.boosterPrice] as const] : []),
  ] as const;
  for (const [name, text] of numberInputs) {
    const n = parseNumber(text);
    if (typeof n === 'object') add({ field: name, message: n.problem });
    else numbers[name] = n;
  }
  const fields: SaveOfferInput['fields'] = {
    ...form.untouched,
    price_per_step: numbers.price_per_step,
    amount: numbers.amount,
    min_purchase_amount: numbers.min_purchase_amount,
    marketplace_type: product.marketplace_type,
    data: dataToSend(form, product),
    comment_for_reviewer: form.commentForReviewer === '' ? null : form.commentForReviewer,
    is_auto_activate_status: form.autoActivate,
    credential_system_type_id: form.credentialSystem,
  };
  if (account) {
    fields.outer_name = form.outerName;
    fields.internal_name = form.internalName;
    fields.description = form.description;
    fields.booster_price = numbers.booster_price ?? null;
  }
  for (const p of validateOfferWrite(fields, product, 'create')) {
    if (!problems.has(p.field)) add(p);
  }
  const delivery = humanToMs(form.deliveryValue, form.deliveryUnit);
  if (!delivery.ok) add({ field: 'guarantee_delivery_time', message: delivery.message });
  // The store refuses a change that breaks a rule (so that a 400 stays rare): nothing is sent
  // to it until every problem is fixed.
  const input =
    problems.size === 0 && delivery.ok
      ? {
          ...(localId === undefined ? {} : { localId }),
          productId: product.id,
          fields,
          deliveryTimeMs: delivery.ms,
        }
      : null;
  return { input, problems, warnings: groupProblems(offerWarnings(fields)) };
}

/** `offers.0.data.12` and `data.12` both name the editor's field `data.12`. */
export function editorFieldOf(field: string): string {
  return field.replace(/^offers\.\d+\./, '');
}

export function groupProblems(list: readonly FieldProblemDto[]): FormProblems {
  const map: FormProblems = new Map();
  for (const p of list) {
    const field = editorFieldOf(p.field);
    map.set(field, [...(map.get(field) ?? []), { ...p, field }]);
  }
  return map;
}

export interface StatusForecast {
  status: OfferStatusValue;
  why: string;
  /** Set when the forecast rests on what the API document does not say: the seller reads it. */
  assumption?: string;
}

/**
 * What decides the credentials rule: the queued credentials a new offer's create carries (all
 * active on arrival), or, for an offer already on the marketplace, the credentials it was given
 * (the marketplace does not say how many are still unsold).
 */
export interface CredentialBasis {
  /** Queued credentials that go in the create itself. */
  riding: number;
  /** The offer is on the marketplace already: its active credentials are not known here. */
  onMarketplace: boolean;
  /** Credentials sent to it before (sold ones included). */
  uploaded: number;
}

/**
 * What the service will set when this offer reaches it, in the seller's words, by the
 * document's rules for manage and what the request will carry.
 */
export function forecastStatus(
  form: OfferForm,
  product: Product,
  problems: FormProblems,
  credentials: number | CredentialBasis,
): StatusForecast {
  const basis: CredentialBasis =
    typeof credentials === 'number'
      ? { riding: credentials, onMarketplace: false, uploaded: 0 }
      : credentials;
  const dataValid = ![...problems.keys()].some((k) => k.startsWith('data.'));
  const multiple = form.credentialSystem === CredentialSystem.Multiple;
  // An offer on the marketplace that was given credentials: we assume one is still unsold.
  const assumedActive = basis.onMarketplace && basis.riding === 0 && basis.uploaded > 0;
  const status = statusAfterManage({
    marketplaceType: product.marketplace_type,
    dataValid,
    credentialSystem: form.credentialSystem,
    activeCredentials: basis.riding + (assumedActive ? 1 : 0),
  });
  const why: Record<number, string> = {
    [OfferStatus.Active]: t('editor.forecastGold'),
    [OfferStatus.NeedDetails]: t('editor.forecastNeedDetails'),
    [OfferStatus.NotActive]: t('editor.forecastNoCredentials'),
    [OfferStatus.OnReview]:
      multiple && basis.riding > 0
        ? t('editor.forecastRiding', { count: basis.riding })
        : t('editor.forecastModeration'),
  };
  const forecast: StatusForecast = { status, why: why[status] ?? '' };
  if (product.marketplace_type === MarketplaceType.Account) {
    if (status === OfferStatus.OnReview && multiple && assumedActive) {
      // The marketplace does not say how many of its credentials are left.
      forecast.assumption = t('editor.assumeUnsold');
    } else if (status === OfferStatus.NeedDetails && multiple && basis.riding === 0) {
      forecast.assumption = t('editor.assumeDetailsFirst');
    }
  }
  return forecast;
}
