import { isRequestError } from '../request/RequestError';
import { isResetTicketState, type ResetTicketState } from '../pages/account/resetTicket';

/**
 * A password sign-in refused because the password is the initial one the system issued carries
 * a one-time reset ticket (server/people/initialPassword.ts): the sign-in page takes the user to
 * /resetPassword with it, to set their own password before signing in.
 */
export function initialPasswordTicket(error: unknown): ResetTicketState | null {
  if (!isRequestError(error)) return null;
  const data = error.data as { mustChangePassword?: unknown } | null;
  if (!data || data.mustChangePassword !== true || !isResetTicketState(data)) return null;
  return { ticket: data.ticket, userName: data.userName, accountId: data.accountId };
}
