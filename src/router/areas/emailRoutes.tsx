import { lazyPage } from '../lazyPage';
import type { AreaRoutes } from './AreaRoutes';

const MailboxPage = lazyPage(() => import('../../pages/email/MailboxPage').then((m) => m.MailboxPage));
const ComposePage = lazyPage(() => import('../../pages/email/ComposePage').then((m) => m.ComposePage));
const MobileMailListPage = lazyPage(() => import('../../pages/email/mobile/MobileMailPages').then((m) => m.MobileMailListPage));
const MobileMailReadPage = lazyPage(() => import('../../pages/email/mobile/MobileMailPages').then((m) => m.MobileMailReadPage));
const MobileMailComposePage = lazyPage(() => import('../../pages/email/mobile/MobileMailPages').then((m) => m.MobileMailComposePage));

/**
 * 邮件: the mail client (the menu entry emailMailbox) and 写邮件, which it and the reading pane
 * open (new, draft, reply, forward); on the phone the mail family (/app/email), its reading screen
 * (the new-mail message's link) and 写邮件. The calls check the mailbox permission themselves.
 */
export function emailRoutes(): AreaRoutes {
  return {
    layout: [
      { path: 'email/mailbox', handle: { title: 'menu.emailMailbox' }, element: <MailboxPage /> },
      { path: 'email/compose', handle: { title: 'email.compose.title' }, element: <ComposePage /> },
    ],
    standalone: [
      { path: '/app/email', handle: { title: 'shell.links.modules.email' }, element: <MobileMailListPage /> },
      { path: '/app/email/details', handle: { title: 'shell.links.modules.email' }, element: <MobileMailReadPage /> },
      { path: '/app/email/compose', handle: { title: 'email.compose.title' }, element: <MobileMailComposePage /> },
    ],
  };
}
