import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** The server's rule for new passwords (server/account/passwordPolicy.ts), checked before sending. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

export function isStrongPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH
    && /[A-Za-z]/.test(password) && /[0-9]/.test(password);
}

/** Rules of a new-password item: required and strong. */
export function newPasswordRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('account.password.required') },
    {
      validator: (_rule, value: unknown) => (typeof value !== 'string' || value === '' || isStrongPassword(value)
        ? Promise.resolve()
        : Promise.reject(new Error(t('account.password.weak', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })))),
    },
  ];
}

/** Rules of the confirmation item (form value password2): it must equal `password` — '两次输入密码不一致!'. */
export function confirmPasswordRules(t: TFunction, form: FormInstance, passwordField = 'password'): FormRule[] {
  return [
    { required: true, message: t('account.password.required') },
    {
      validator: (_rule, value: unknown) => (!value || value === form.getFieldValue(passwordField)
        ? Promise.resolve()
        : Promise.reject(new Error(t('account.password.mismatch')))),
    },
  ];
}

/** Mainland mobile numbers, as the server accepts them (spaces, dashes and +86 allowed). */
export function isMobile(value: string): boolean {
  let text = value.replace(/[\s-]/g, '');
  if (text.startsWith('+86')) text = text.slice(3);
  return /^1[3-9][0-9]{9}$/.test(text);
}

export function phoneRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('account.page.login.phoneRequired') },
    { validator: (_rule, value: unknown) => (typeof value !== 'string' || value.trim() === '' || isMobile(value) ? Promise.resolve() : Promise.reject(new Error(t('account.phone.invalid')))) },
  ];
}
