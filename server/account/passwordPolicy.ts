import { ApiError } from '../http/ApiError';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

/**
 * New passwords (registration, recovery): 8 to 64 characters with at least one letter and one
 * digit. The browser checks the same rule before sending (src/pages/account/passwordRule.ts);
 * this is the check that counts.
 */
export function checkNewPassword(password: unknown, password2?: unknown): string {
  const text = typeof password === 'string' ? password : '';
  if (text === '') throw ApiError.business('account.password.required');
  if (password2 !== undefined && password2 !== null && password2 !== text) throw ApiError.business('account.password.mismatch');
  if (text.length < PASSWORD_MIN_LENGTH || text.length > PASSWORD_MAX_LENGTH || !/[A-Za-z]/.test(text) || !/[0-9]/.test(text)) {
    throw ApiError.business('account.password.weak', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
  }
  return text;
}
