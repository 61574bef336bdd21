// JSON exports of account lists: an array of objects keyed like the CSV headers.
import { ImportError } from '../importError';
import { credentialFieldOf, type CredentialField } from './credentialColumns';
import { parseTwoFactor, type CredentialProblem, type ParsedCredentialRow } from './credentialRow';

function describeJsonError(error: unknown): string {
  // V8's message quotes the text around the error, which may be a password: keep the position only.
  const position = /position (\d+)/.exec(String((error as Error)?.message))?.[1];
  return position
    ? `the file is not valid JSON (error at character ${position})`
    : 'the file is not valid JSON';
}

function textOf(value: unknown): string | null | 'invalid' {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return 'invalid';
}

export function parseCredentialJson(text: string): ParsedCredentialRow[] {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new ImportError('format', describeJsonError(error));
  }
  if (!Array.isArray(document)) {
    throw new ImportError(
      'format',
      'a JSON import must be an array of accounts ([{ "login": …, "password": … }, …])',
    );
  }
  return document.map((item, index) => credentialFromJson(item, index + 1));
}

function credentialFromJson(item: unknown, line: number): ParsedCredentialRow {
  const problems: CredentialProblem[] = [];
  const values: Partial<Record<CredentialField, unknown>> = {};
  if (item && typeof item === 'object' && !Array.isArray(item)) {
    for (const [key, value] of Object.entries(item)) {
      const field = credentialFieldOf(key);
      if (field && !(field in values)) values[field] = value;
    }
  } else {
    problems.push({
      field: 'login',
      code: 'invalid',
      message: 'this item is not an object with login and password',
    });
  }
  const text = (field: CredentialField): string | null => {
    const value = textOf(values[field]);
    if (value === 'invalid') {
      problems.push({ field, code: 'invalid', message: `${field} must be text` });
      return null;
    }
    return value;
  };
  const login = text('login');
  const password = text('game_password');
  const email = text('email');
  const twoFactor = parseTwoFactor(values.is_2fa_active);
  if (twoFactor === 'invalid') {
    problems.push({
      field: 'is_2fa_active',
      code: 'invalid',
      message: '2FA must be true or false',
    });
  }
  return {
    line,
    credential: {
      login: (login ?? '').trim(),
      game_password: password ?? '',
      email: email?.trim() || null,
      email_password: text('email_password') || null,
      is_2fa_active: twoFactor === 'invalid' ? null : twoFactor,
      comment: text('comment') || null,
    },
    problems,
  };
}
