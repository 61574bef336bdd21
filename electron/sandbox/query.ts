// Reading list queries (offset, limit, sort, order, filters) with a 422 for bad values.
import { ReplyError, validationFailed } from './reply';

export interface Page {
  offset: number;
  limit: number;
}

export function readPage(query: URLSearchParams, defaultLimit: number, maxLimit: number): Page {
  const errors: Record<string, string[]> = {};
  const offset = readInt(query, 'offset', 0, errors);
  const limit = readInt(query, 'limit', defaultLimit, errors);
  if (offset < 0) errors.offset = ['The offset field must be at least 0.'];
  if (limit < 1 || limit > maxLimit)
    errors.limit = [`The limit field must be between 1 and ${maxLimit}.`];
  if (Object.keys(errors).length > 0) throw new ReplyError(validationFailed(errors));
  return { offset, limit };
}

export function readInt(
  query: URLSearchParams,
  name: string,
  fallback: number,
  errors: Record<string, string[]>,
): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw)) {
    errors[name] = [`The ${name} field must be an integer.`];
    return fallback;
  }
  return Number(raw);
}

export function readOrder(query: URLSearchParams, fallback: 'asc' | 'desc'): 'asc' | 'desc' {
  const raw = query.get('order');
  if (raw === null || raw === '') return fallback;
  if (raw !== 'asc' && raw !== 'desc') {
    throw new ReplyError(validationFailed({ order: ['The order field must be asc or desc.'] }));
  }
  return raw;
}

export function readChoice<T extends string>(
  query: URLSearchParams,
  name: string,
  choices: readonly T[],
  fallback: T,
): T {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!(choices as readonly string[]).includes(raw)) {
    throw new ReplyError(
      validationFailed({ [name]: [`The ${name} field must be one of: ${choices.join(', ')}.`] }),
    );
  }
  return raw as T;
}

export function readBoolean(query: URLSearchParams, name: string): boolean | null {
  const raw = query.get(name);
  if (raw === null || raw === '') return null;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new ReplyError(validationFailed({ [name]: [`The ${name} field must be true or false.`] }));
}

export function compareBy<T>(
  key: (item: T) => number | string,
  order: 'asc' | 'desc',
  tie: (item: T) => number,
) {
  const sign = order === 'asc' ? 1 : -1;
  return (a: T, b: T): number => {
    const ka = key(a);
    const kb = key(b);
    if (ka < kb) return -sign;
    if (ka > kb) return sign;
    return (tie(a) - tie(b)) * sign;
  };
}
