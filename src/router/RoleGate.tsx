import { Outlet, useMatches } from 'react-router-dom';
import { ForbiddenPage } from '../pages/forbidden/ForbiddenPage';
import { useSessionStore } from '../session/sessionStore';
import { routeRolesAllowed } from './routeHandle';

/** The matched page, or the no-permission page when a matched route's `handle.roles` excludes the user. */
export function RoleGate() {
  const roles = useSessionStore((state) => state.userInfo?.roles);
  const allowed = routeRolesAllowed(useMatches().map((match) => match.handle), roles);
  return allowed ? <Outlet /> : <ForbiddenPage />;
}
