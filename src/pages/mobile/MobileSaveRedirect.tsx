import { Navigate, useLocation } from 'react-router-dom';
import { ForbiddenPage } from '../forbidden/ForbiddenPage';
import { useSessionStore } from '../../session/sessionStore';
import { menuPathOfEntity } from './mobileEntries';

/** Editing from a mobile details screen opens the entity's own save screen, where the menu grants it. */
export function MobileSaveRedirect({ entity }: { entity: string }) {
  const { search } = useLocation();
  const menu = useSessionStore((state) => state.menu) ?? [];
  const path = menuPathOfEntity(menu, entity);
  return path ? <Navigate to={`${path}/save${search}`} replace /> : <ForbiddenPage />;
}
