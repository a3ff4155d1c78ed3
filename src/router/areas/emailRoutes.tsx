import { lazyPage } from '../lazyPage';
import type { AreaRoutes } from './AreaRoutes';

const MailboxPage = lazyPage(() => import('../../pages/email/MailboxPage').then((m) => m.MailboxPage));
const ComposePage = lazyPage(() => import('../../pages/email/ComposePage').then((m) => m.ComposePage));

/**
 * 邮件: the mail client (the menu entry emailMailbox) and 写邮件, which it and the reading pane
 * open (new, draft, reply, forward). The calls check the mailbox permission themselves.
 */
export function emailRoutes(): AreaRoutes {
  return {
    layout: [
      { path: 'email/mailbox', handle: { title: 'menu.emailMailbox' }, element: <MailboxPage /> },
      { path: 'email/compose', handle: { title: 'email.compose.title' }, element: <ComposePage /> },
    ],
  };
}
