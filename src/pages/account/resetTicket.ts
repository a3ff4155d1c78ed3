export const RESET_PASSWORD_PATH = '/resetPassword';
export const RESET_BY_EMAIL_PATH = '/resetPasswordByEmail';

/** What /forget_password_phone hands to /resetPassword (navigation state). */
export interface ResetTicketState {
  ticket: string;
  userName: string;
  accountId: string;
}

export function isResetTicketState(value: unknown): value is ResetTicketState {
  const v = value as Partial<ResetTicketState> | null;
  return typeof v === 'object' && v !== null && typeof v.ticket === 'string' && v.ticket !== '';
}
