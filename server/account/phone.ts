import { ApiError } from '../http/ApiError';

const MOBILE = /^1[3-9][0-9]{9}$/;

/** A mainland mobile number as users type it ('138 0000 0000', '+86 138-0000-0000') → '13800000000'. */
export function normalisePhone(value: unknown): string {
  let text = String(value ?? '').replace(/[\s-]/g, '');
  if (text.startsWith('+86')) text = text.slice(3);
  else if (text.length === 13 && text.startsWith('86')) text = text.slice(2);
  if (!MOBILE.test(text)) throw ApiError.business('account.phone.invalid');
  return text;
}
