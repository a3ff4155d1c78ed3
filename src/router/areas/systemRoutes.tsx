import { lazyPage } from '../lazyPage';
import type { RouteHandle } from '../routeHandle';
import type { AreaRoutes } from './AreaRoutes';

const MonitorPage = lazyPage(() => import('../../pages/system/MonitorPage').then((m) => m.MonitorPage));
const MyPasswordPage = lazyPage(() => import('../../pages/system/MyPasswordPage').then((m) => m.MyPasswordPage));
const MyMessagesPage = lazyPage(() => import('../../pages/messages/MyMessagesPage').then((m) => m.MyMessagesPage));
const PersonalInfoPage = lazyPage(() => import('../../pages/personal/PersonalInfoPage').then((m) => m.PersonalInfoPage));

const titled = (title: string): { handle: RouteHandle } => ({ handle: { title } });

/** System administration screens that are not entity screens: monitoring, one's own password and profile. */
export function systemRoutes(): AreaRoutes {
  return {
    layout: [
      { path: 'system/monitor', ...titled('system.monitor.title'), element: <MonitorPage /> },
      { path: 'personal/password', ...titled('system.password.title'), element: <MyPasswordPage /> },
      { path: 'personal/info', ...titled('people.page.title'), element: <PersonalInfoPage /> },
      // Before the menu's generic SysMessage page: one's own messages, marked read as they are opened.
      { path: 'personal/message', ...titled('inbox.title'), element: <MyMessagesPage /> },
      { path: 'personal/message/details', ...titled('inbox.title'), element: <MyMessagesPage /> },
    ],
  };
}
