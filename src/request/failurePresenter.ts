import { getFeedback } from '../feedback/feedback';
import { i18n } from '../i18n/i18n';
import { loginUrl } from '../router/loginUrl';
import { useSessionStore } from '../session/sessionStore';
import type { FailureAction, FailureText } from './errorCatalogue';

export function failureText(text: FailureText): string {
  return 'key' in text ? i18n.t(text.key) : text.literal;
}

/** Ends the local session and loads the sign-in page afresh, so nothing of the old session (routes, stores) survives. */
function leaveForLogin(): void {
  useSessionStore.getState().clear();
  window.location.assign(loginUrl(window.location.pathname + window.location.search));
}

// Several calls of one page fail together when a session ends; one dialog is enough.
let reloginDialogOpen = false;

function confirmRelogin(): void {
  if (reloginDialogOpen) return;
  reloginDialogOpen = true;
  getFeedback().modal.confirm({
    title: i18n.t('shell.request.unauthorizedTitle'),
    content: i18n.t('shell.request.unauthorizedContent'),
    okText: i18n.t('shell.request.relogin'),
    cancelText: i18n.t('shell.request.cancel'),
    onOk: leaveForLogin,
    afterClose: () => { reloginDialogOpen = false; },
  });
}

/** Carries out the catalogue's decision (errorCatalogue.ts) with antd feedback and navigation. */
export function presentFailure(action: FailureAction): void {
  switch (action.kind) {
    case 'notify':
      getFeedback().notification.error({ message: i18n.t(action.titleKey), description: failureText(action.text) });
      return;
    case 'confirmRelogin':
      confirmRelogin();
      return;
    case 'redirectToLogin':
      leaveForLogin();
      return;
    case 'leaveToCaller':
    case 'silent':
      return;
    default: {
      const unreachable: never = action;
      throw new Error(`unknown failure action ${JSON.stringify(unreachable)}`);
    }
  }
}
