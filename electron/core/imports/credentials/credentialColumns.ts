// Header names sellers actually use for account lists, mapped onto the API's credential fields.
// Matching ignores case, spaces, dashes and underscores ("E-mail Password" = email_password).
import type { CredentialInput } from '../../../contract/marketplace/wire';
import { columnLabel } from '../../util/echo';

export type CredentialField = keyof CredentialInput;

const SYNONYMS: Record<CredentialField, readonly string[]> = {
  login: ['login', 'username', 'user', 'userlogin', 'account', 'accountlogin', 'accountname'],
  game_password: ['password', 'gamepassword', 'pass', 'pwd', 'passwd', 'accountpassword'],
  email: ['email', 'mail', 'emailaddress', 'emaillogin', 'mailaddress'],
  email_password: ['emailpassword', 'emailpass', 'emailpwd', 'mailpassword', 'mailpass', 'mailpwd'],
  is_2fa_active: ['2fa', 'is2faactive', '2faactive', 'twofactor', 'twofa', 'mfa'],
  comment: ['comment', 'comments', 'note', 'notes', 'remark', 'remarks'],
};

/**
 * What the seller paid for each account (optional): not a credential field, never sent; a
 * restock pool's batch takes it per account (core/usecases/stock/pool.ts).
 */
const COST_NAMES: ReadonlySet<string> = new Set([
  'cost',
  'costs',
  'unitcost',
  'costperaccount',
  'accountcost',
  'purchaseprice',
  'buyprice',
  'себестоимость',
  'стоимость',
  'закупка',
  'ценазакупки',
  'закупочнаяцена',
  'ценапокупки',
]);

const FIELD_BY_NAME = new Map<string, CredentialField>(
  (Object.entries(SYNONYMS) as [CredentialField, readonly string[]][]).flatMap(([field, names]) =>
    names.map((name) => [name, field] as const),
  ),
);

export function normalizeHeader(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9а-яё]/g, '');
}

export function credentialFieldOf(header: string): CredentialField | undefined {
  return FIELD_BY_NAME.get(normalizeHeader(header));
}

export interface CredentialColumns {
  /** Column index of each recognised field (first match wins). */
  indexOf: Partial<Record<CredentialField, number>>;
  /** Column index of the cost per account, if the file has one. */
  costIndex?: number;
  /** Headers that mean nothing to us, as a message may name them (util/echo's columnLabel). */
  ignored: string[];
}

export function mapCredentialColumns(headers: readonly string[]): CredentialColumns {
  const indexOf: Partial<Record<CredentialField, number>> = {};
  const ignored: string[] = [];
  let costIndex: number | undefined;
  headers.forEach((header, index) => {
    const field = credentialFieldOf(header);
    if (field && indexOf[field] === undefined) indexOf[field] = index;
    else if (!field && costIndex === undefined && COST_NAMES.has(normalizeHeader(header))) {
      costIndex = index;
    } else if (header.trim() !== '') ignored.push(columnLabel(header, index));
  });
  return { indexOf, ignored, ...(costIndex !== undefined && { costIndex }) };
}

/** A header row is one that names at least a login and a password column. */
export function isCredentialHeader(columns: CredentialColumns): boolean {
  return columns.indexOf.login !== undefined && columns.indexOf.game_password !== undefined;
}

/** Columns in the order of the one-account-a-line format, for files without a header. */
export const POSITIONAL_COLUMNS: CredentialColumns = {
  indexOf: {
    login: 0,
    game_password: 1,
    email: 2,
    email_password: 3,
    is_2fa_active: 4,
    comment: 5,
  },
  ignored: [],
};
