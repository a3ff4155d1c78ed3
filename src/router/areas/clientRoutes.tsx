import { redirect, type RouteObject } from 'react-router-dom';
import { CHAT_CLIENTS, HANDLE_AREAS, MODULE_DETAILS_LINKS, type ChatClient, type ModuleDetailsLink } from '../../../runtime/core/links';
import { loadSessionMenu } from '../../session/sessionMenu';
import { hasSession } from '../../session/sessionMarker';
import { lazyPage } from '../lazyPage';
import type { RouteHandle } from '../routeHandle';
import type { AreaRoutes } from './AreaRoutes';

const MobileHome = lazyPage(() => import('../../pages/mobile/MobileHome').then((m) => m.MobileHome));
const MobileModulePage = lazyPage(() => import('../../pages/mobile/MobileModulePage').then((m) => m.MobileModulePage));
const MobileDetailsPage = lazyPage(() => import('../../pages/mobile/MobileDetailsPage').then((m) => m.MobileDetailsPage));
const MobileRecordPage = lazyPage(() => import('../../pages/mobile/MobileRecordPage').then((m) => m.MobileRecordPage));
const MobileSavePage = lazyPage(() => import('../../pages/mobile/MobileSavePage').then((m) => m.MobileSavePage));
const MobileMeetingPage = lazyPage(() => import('../../pages/mobile/meeting/MobileMeetingPage').then((m) => m.MobileMeetingPage));
const ChatLoginPage = lazyPage(() => import('../../pages/mobile/ChatLoginPage').then((m) => m.ChatLoginPage));
const WorkflowHandlePage = lazyPage(() => import('../../pages/links/WorkflowHandlePage').then((m) => m.WorkflowHandlePage));

/** Standalone pages that show the menu load it (the layout's guard does that for its own pages). */
async function loadMenuWhenSignedIn(): Promise<null> {
  // Without a session the standalone guard redirects to /login; asking for the menu would only fail.
  if (hasSession()) await loadSessionMenu();
  return null;
}

/** /dapp and /wapp: without a session, the chat app's own sign-in (its message-jump handler). */
function chatClientGuard(client: ChatClient) {
  return async (): Promise<null> => {
    if (!hasSession()) throw redirect(`/${client}/login?${new URLSearchParams({ redirect: `/${client}` }).toString()}`);
    await loadSessionMenu();
    return null;
  };
}

const handle = (title: string): RouteHandle => ({ title });

/** The list screen of a family: the meetings' own (bookings and the rooms' day), else the generic record list. */
function familyScreen(link: ModuleDetailsLink) {
  return link.module === 'meeting' && link.entity ? <MobileMeetingPage link={link} entity={link.entity} /> : <MobileModulePage link={link} />;
}

/**
 * The client area (spec §2): the mobile home /app with the mobile screen families and the message
 * deep links /app/…/details?…Id; the chat-app clients /dapp, /wapp and their message-jump
 * handlers /dapp/login, /wapp/login; and the workflow and document message targets
 * /bpm/handle/{dowork|read}, /doc/handle/{dowork|read} inside the layout.
 */
export function clientRoutes(): AreaRoutes {
  // A family with screens of its own (votes, news, notices, mail) is served by its module's area routes.
  const families: RouteObject[] = MODULE_DETAILS_LINKS.filter((link) => !link.ownScreens).flatMap((link) => [
    { path: `/app/${link.module}`, handle: handle(link.title), loader: loadMenuWhenSignedIn, element: familyScreen(link) },
    { path: link.path, handle: handle(link.title), loader: loadMenuWhenSignedIn, element: <MobileDetailsPage link={link} /> },
    ...(link.entity ? [{ path: `/app/${link.module}/save`, handle: handle(link.title), loader: loadMenuWhenSignedIn, element: <MobileSavePage link={link} entity={link.entity} /> }] : []),
  ]);
  return {
    public: CHAT_CLIENTS.flatMap((client): RouteObject[] => [
      { path: `/${client}/login`, handle: handle(`shell.mobile.client.${client}`), element: <ChatLoginPage client={client} /> },
      { path: `/${client}`, handle: handle(`shell.mobile.client.${client}`), loader: chatClientGuard(client), element: <MobileHome client={client} /> },
    ]),
    standalone: [
      { path: '/app', handle: handle('shell.mobile.title'), loader: loadMenuWhenSignedIn, element: <MobileHome client="app" /> },
      ...families,
      // Every other module's record link (a flow's or a reminder's message), through the user's menu.
      { path: '/app/*', handle: handle('shell.mobile.title'), loader: loadMenuWhenSignedIn, element: <MobileRecordPage /> },
    ],
    // /doc/handle/read opens the 收文 itself (docRoutes.tsx).
    layout: HANDLE_AREAS.flatMap((area) => (['dowork', 'read'] as const).filter((action) => !(area === 'doc' && action === 'read')).map((action): RouteObject => ({
      path: `/${area}/handle/${action}`,
      handle: handle(`shell.links.${area}.${action}`),
      element: <WorkflowHandlePage area={area} action={action} />,
    }))),
  };
}
