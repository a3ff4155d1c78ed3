import { request } from '../request/request';
import { resetSessionMenu } from './sessionMenu';
import { useSessionStore } from './sessionStore';

/**
 * Signs out: asks the server to revoke the token, then forgets the session locally even when
 * the server cannot be reached, so a user who clicked "sign out" is never left signed in.
 */
export async function logout(): Promise<void> {
  try {
    await request.post('/set/system/logout', {}, { quiet: true });
  } catch {
    // Already expired or unreachable: the local session goes anyway.
  } finally {
    useSessionStore.getState().clear();
    resetSessionMenu();
  }
}
