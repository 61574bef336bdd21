// The rules of "Credential input". Messages never repeat the login or password itself: they may
// be logged or shown in a toast.
import { limits } from '../marketplace/limits';
import { ruleProblem, tooLongProblem, type FieldProblem } from './problems';

export interface CredentialLike {
  login?: unknown;
  game_password?: unknown;
  email?: unknown;
  email_password?: unknown;
  is_2fa_active?: unknown;
  comment?: unknown;
}

/**
 * `partial` is for the single-credential update, where only the provided fields change; in a
 * batch object login and game_password are required.
 */
export function credentialProblems(
  c: CredentialLike,
  index?: number,
  partial = false,
): FieldProblem[] {
  const prefix = index === undefined ? '' : `credentials.${index}.`;
  const problems: FieldProblem[] = [];
  const text = (name: keyof CredentialLike, max: number | null, required: boolean) => {
    const value = c[name];
    const field = prefix + name;
    if (value === undefined || value === null) {
      if (required)
        problems.push(
          ruleProblem(
            field,
            'required',
            `The ${name.replace(/_/g, ' ')} field is required.`,
            'editor.rule.required',
          ),
        );
      return;
    }
    if (typeof value !== 'string') {
      problems.push(
        ruleProblem(
          field,
          'invalid',
          `The ${name.replace(/_/g, ' ')} field must be a string.`,
          'editor.rule.string',
        ),
      );
      return;
    }
    if (required && value.trim() === '') {
      problems.push(
        ruleProblem(
          field,
          'required',
          `The ${name.replace(/_/g, ' ')} field is required.`,
          'editor.rule.required',
        ),
      );
      return;
    }
    if (max !== null && value.length > max) {
      problems.push(tooLongProblem(field, `The ${name.replace(/_/g, ' ')} field`, max));
    }
  };
  text('login', limits.loginMax, !partial);
  text('game_password', limits.gamePasswordMax, !partial);
  text('email', null, false);
  text('email_password', null, false);
  const hasEmail = typeof c.email === 'string' && c.email.trim() !== '';
  const hasEmailPassword = typeof c.email_password === 'string' && c.email_password !== '';
  // On a partial update an absent email_password keeps the stored one; only an explicit
  // null or empty value next to an email is wrong.
  const emailPasswordMissing = partial
    ? c.email_password === null || c.email_password === ''
    : !hasEmailPassword;
  if (hasEmail && emailPasswordMissing) {
    problems.push(
      ruleProblem(
        prefix + 'email_password',
        'required',
        'The email password field is required when email is present.',
        'editor.rule.requiredWithEmail',
      ),
    );
  }
  text('comment', limits.credentialCommentMax, false);
  if (
    c.is_2fa_active !== undefined &&
    c.is_2fa_active !== null &&
    typeof c.is_2fa_active !== 'boolean'
  ) {
    problems.push(
      ruleProblem(
        prefix + 'is_2fa_active',
        'invalid',
        'The is 2fa active field must be true or false.',
        'editor.rule.trueOrFalse',
      ),
    );
  }
  return problems;
}
