// Every rule of the API document's "Offer write fields", per marketplace type, plus the product's
// own fields in `data`. Pure: the renderer runs it as the seller types, the store before queuing,
// and the sandbox to answer 400s — one set of rules, so a 400 from the sandbox is never a surprise.
//
// Which per-offer fields a create needs is "not shown" in the API document. Our assumption:
// price_per_step, amount, min_purchase_amount, marketplace_type and data (with every required
// product field). An edit checks only the fields it carries; a `data` object in an edit replaces
// the offer's data as a whole, so its required fields are checked too.
import { limits } from '../marketplace/limits';
import {
  CredentialSystem,
  MarketplaceType,
  type DataValue,
  type OfferWrite,
  type Product,
  type ProductField,
} from '../marketplace/wire';
import { credentialProblems } from './credentialRules';
import { allowedValuesOf, FieldKind, fieldKindName, liveFieldsOf } from './fieldKinds';
import {
  humanName,
  ruleProblem,
  tooLongProblem,
  type FieldProblem,
  type ProblemSay,
} from './problems';

export type WriteMode = 'create' | 'edit';

const SCHEMA_MAX = 2_000_000_000;

/** Bounds per marketplace type (API document, "Offer write fields"). */
export const offerBounds = {
  gold: {
    price_per_step: { min: 0.0001, max: SCHEMA_MAX },
    amount: { min: 1, max: SCHEMA_MAX },
    min_purchase_amount: { min: 1, max: SCHEMA_MAX },
  },
  account: {
    price_per_step: { min: 0.1, max: SCHEMA_MAX },
    amount: { min: 1, max: 1 },
    min_purchase_amount: { min: 1, max: 1 },
  },
  booster_price: { min: 0.01, max: SCHEMA_MAX },
} as const;

/** Write fields only an account offer may carry; a gold offer sends none of them. */
export const accountOnlyFields = [
  'outer_name',
  'internal_name',
  'description',
  'booster_price',
  'credentials',
] as const;

const textMax: Record<'outer_name' | 'internal_name' | 'description', number> = {
  outer_name: limits.outerNameMax,
  internal_name: limits.internalNameMax,
  description: limits.descriptionMax,
};

/** An offer as a client may send it: `status` is listed only so that it can be refused. */
export type OfferWriteInput = OfferWrite & { status?: unknown };

export function validateOfferWrite(
  offer: OfferWriteInput,
  product: Product,
  mode: WriteMode,
  /** The stored offer in an edit, so booster_price can be compared with its price. */
  current?: { price_per_step: number },
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const isAccount = product.marketplace_type === MarketplaceType.Account;
  const bounds = isAccount ? offerBounds.account : offerBounds.gold;

  if ('status' in offer && offer.status !== undefined) {
    problems.push(
      ruleProblem(
        'status',
        'prohibited',
        'The status field is prohibited: the service sets it.',
        'editor.rule.statusProhibited',
      ),
    );
  }

  if (offer.marketplace_type === undefined || offer.marketplace_type === null) {
    if (mode === 'create') problems.push(required('marketplace_type'));
  } else if (
    offer.marketplace_type !== MarketplaceType.Gold &&
    offer.marketplace_type !== MarketplaceType.Account
  ) {
    problems.push(
      ruleProblem(
        'marketplace_type',
        'invalid',
        'The marketplace type must be 1 (Gold) or 2 (Account).',
        'editor.rule.marketplaceType',
      ),
    );
  } else if (offer.marketplace_type !== product.marketplace_type) {
    problems.push(
      ruleProblem(
        'marketplace_type',
        'mismatch',
        `The marketplace type must match the product's type (${product.marketplace_type}).`,
        'editor.rule.typeMismatch',
        { type: product.marketplace_type },
      ),
    );
  }

  for (const name of ['price_per_step', 'amount', 'min_purchase_amount'] as const) {
    const value = offer[name];
    if (value === undefined) {
      if (mode === 'create') problems.push(required(name));
      continue;
    }
    const range = bounds[name];
    const p = numberProblem(name, value, range.min, range.max);
    if (p) {
      if (isAccount && range.min === range.max) {
        p.message = `The ${humanName(name)} must be exactly 1 for an account offer.`;
        p.say = { key: 'editor.rule.exactlyOne' };
      }
      problems.push(p);
    }
  }
  if (
    typeof offer.min_purchase_amount === 'number' &&
    offer.min_purchase_amount < product.step_size
  ) {
    problems.push(
      ruleProblem(
        'min_purchase_amount',
        'out_of_range',
        `The min purchase amount must be at least the product's step size (${product.step_size}).`,
        'editor.rule.atLeastStep',
        { step: product.step_size },
      ),
    );
  }

  for (const name of accountOnlyFields) {
    const value = offer[name];
    if (!isAccount && value !== undefined && value !== null) {
      problems.push(
        ruleProblem(
          name,
          'prohibited',
          `The ${humanName(name)} field is for account offers only.`,
          'editor.rule.accountOnly',
        ),
      );
    }
  }
  if (isAccount) {
    for (const name of ['outer_name', 'internal_name', 'description'] as const) {
      const value = offer[name];
      if (typeof value === 'string' && value.length > textMax[name]) {
        problems.push(tooLongProblem(name, `The ${humanName(name)} field`, textMax[name]));
      }
    }
    if (offer.booster_price !== undefined && offer.booster_price !== null) {
      const p = numberProblem(
        'booster_price',
        offer.booster_price,
        offerBounds.booster_price.min,
        offerBounds.booster_price.max,
      );
      if (p) problems.push(p);
      const price = offer.price_per_step ?? current?.price_per_step;
      if (!p && typeof price === 'number' && !(offer.booster_price < price)) {
        problems.push(
          ruleProblem(
            'booster_price',
            'out_of_range',
            'The booster price must be less than the price per step.',
            'editor.rule.boosterBelowPrice',
          ),
        );
      }
    }
    offer.credentials?.forEach((c, i) => problems.push(...credentialProblems(c, i)));
  }

  const system = offer.credential_system_type_id;
  if (
    system !== undefined &&
    system !== null &&
    !(Object.values(CredentialSystem) as number[]).includes(system)
  ) {
    problems.push(
      ruleProblem(
        'credential_system_type_id',
        'invalid',
        'The credential system type must be 1, 2 or 3.',
        'editor.rule.credentialSystem',
      ),
    );
  }

  if (offer.data === undefined) {
    if (mode === 'create') problems.push(required('data'));
  } else {
    problems.push(...dataProblems(offer.data, product));
  }
  return problems;
}

/**
 * What the API document does not forbid but that cannot sell as the seller meant: told beside the
 * field, never refused (an assumption warns; only a documented rule blocks). The document bounds
 * the min purchase amount by the product's step size alone; that a buyer cannot buy more than is
 * on offer is ours (docs/ARCHITECTURE.md, Assumptions).
 */
export function offerWarnings(
  offer: Pick<OfferWrite, 'amount' | 'min_purchase_amount'>,
): FieldProblem[] {
  const { amount, min_purchase_amount: min } = offer;
  if (typeof amount !== 'number' || typeof min !== 'number' || !(min > amount)) return [];
  return [
    ruleProblem(
      'min_purchase_amount',
      'out_of_range',
      `The min purchase amount is more than the amount on offer (${amount}): no buyer can buy that much, so the offer may not sell. Saving is still allowed.`,
      'editor.warn.minAboveAmount',
      { min, amount },
    ),
  ];
}

/** Problems of an offer's `data` against the product's fields, keyed `data.<fieldId>`. */
export function dataProblems(data: Record<string, DataValue>, product: Product): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const fields = new Map(liveFieldsOf(product).map((f) => [String(f.id), f]));
  for (const key of Object.keys(data)) {
    if (!fields.has(key)) {
      problems.push({
        ...ruleProblem(
          `data.${key}`,
          'unknown_field',
          `The product has no field ${key}.`,
          'editor.rule.unknownField',
        ),
        type: 'unknown',
        allowedValues: [],
      });
    }
  }
  for (const field of fields.values()) {
    const p = fieldValueProblem(field, data[String(field.id)]);
    if (p) problems.push(p);
  }
  return problems;
}

/** One product field's value, or null when it is acceptable. */
export function fieldValueProblem(
  field: ProductField,
  value: DataValue | undefined,
): FieldProblem | null {
  const type = fieldKindName(field.component_edit);
  const allowed =
    type === 'select' || type === 'multi_select' ? allowedValuesOf(field) : ([] as string[]);
  const problem = (
    code: NonNullable<FieldProblem['code']>,
    message: string,
    key: ProblemSay['key'],
    values?: ProblemSay['values'],
  ): FieldProblem => ({
    ...ruleProblem(`data.${field.id}`, code, message, key, values),
    type,
    allowedValues: allowed,
  });
  if (isEmpty(value)) {
    return field.is_required
      ? problem('required', `The field "${field.title}" is required.`, 'editor.rule.required')
      : null;
  }
  const v = value as DataValue;
  switch (field.component_edit) {
    case FieldKind.Select: {
      if (Array.isArray(v) || !allowed.includes(String(v).trim())) {
        return problem(
          'invalid',
          `The value of "${field.title}" is not one of its options.`,
          'editor.rule.notAnOption',
        );
      }
      return null;
    }
    case FieldKind.MultiSelect: {
      const items = Array.isArray(v) ? v : [v];
      const wrong = items.filter((item) => !allowed.includes(String(item).trim()));
      if (wrong.length > 0) {
        return problem(
          'invalid',
          `"${field.title}" has values that are not among its options.`,
          'editor.rule.notAmongOptions',
        );
      }
      return null;
    }
    case FieldKind.Number: {
      const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim()) : NaN;
      if (!Number.isFinite(n))
        return problem('invalid', `"${field.title}" must be a number.`, 'editor.rule.number');
      const min = numberSetting(field.component_edit_data, 'min');
      const max = numberSetting(field.component_edit_data, 'max');
      if ((min !== null && n < min) || (max !== null && n > max)) {
        return problem(
          'out_of_range',
          `"${field.title}" must be between ${min ?? '-∞'} and ${max ?? '∞'}.`,
          'editor.rule.between',
          { min: min ?? '-∞', max: max ?? '∞' },
        );
      }
      return null;
    }
    case FieldKind.Text:
    case FieldKind.TextArea: {
      if (Array.isArray(v))
        return problem('invalid', `"${field.title}" must be text.`, 'editor.rule.text');
      const maxLength = numberSetting(field.component_edit_data, 'max_length');
      if (maxLength !== null && String(v).length > maxLength) {
        return {
          ...tooLongProblem(`data.${field.id}`, `"${field.title}"`, maxLength),
          type,
          allowedValues: allowed,
        };
      }
      return null;
    }
    default:
      return null;
  }
}

function isEmpty(value: DataValue | undefined): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function numberSetting(data: Record<string, unknown>, key: string): number | null {
  const v = data[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function required(field: string): FieldProblem {
  return ruleProblem(
    field,
    'required',
    `The ${humanName(field)} field is required.`,
    'editor.rule.required',
  );
}

function numberProblem(
  field: string,
  value: unknown,
  min: number,
  max: number,
): FieldProblem | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return ruleProblem(
      field,
      'invalid',
      `The ${humanName(field)} field must be a number.`,
      'editor.rule.number',
    );
  }
  if (value < min) {
    return ruleProblem(
      field,
      'out_of_range',
      `The ${humanName(field)} field must be at least ${min}.`,
      'editor.rule.atLeast',
      { min },
    );
  }
  if (value > max) {
    return ruleProblem(
      field,
      'out_of_range',
      `The ${humanName(field)} field must not be greater than ${max}.`,
      'editor.rule.atMost',
      { max },
    );
  }
  return null;
}
