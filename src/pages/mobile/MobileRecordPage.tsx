import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { parseRecordLink, recordRouteFor, type RecordLink } from '../../../runtime/core/links';
import type { EntityMenuRoute } from '../../../runtime/core/menu';
import { EntityDetailsPage } from '../../../runtime/react';
import { PageStatus } from '../../../runtime/react/PageStatus';
import { useEntitySchema } from '../../../runtime/react/schema/useEntitySchema';
import { useSessionStore } from '../../session/sessionStore';
import { ForbiddenPage } from '../forbidden/ForbiddenPage';
import { MobileFrame } from './MobileFrame';
import { MobileRuntime } from './MobileRuntime';
import styles from './mobile.module.css';

/** The record once the entity's schema confirms the link's parameter is its key (a wrong name opens nothing). */
function RecordDetails({ route, link }: { route: EntityMenuRoute; link: RecordLink }) {
  const { t } = useTranslation();
  const schema = useEntitySchema(route.entity);
  if (schema.status !== 'ready') return <PageStatus state={schema} />;
  if (schema.value.entity.key !== link.param) {
    return <Result status="warning" title={t('shell.links.missingParam', { param: schema.value.entity.key })} />;
  }
  return <EntityDetailsPage key={link.id} entity={route.entity} basePath={route.basePath} id={link.id} />;
}

/**
 * Any other message deep link `/app/{menu path}/details?{key}={id}` (the records flows and
 * reminders tell people about): the record on the details screen in the mobile frame, through the
 * page of the user's menu that shows its entity. The server decides by the record whether the
 * user may read it — the applicant reads their own application with the my permission alone.
 */
export function MobileRecordPage() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const menu = useSessionStore((state) => state.menu);
  const link = parseRecordLink(pathname + search);
  const route = link && menu ? recordRouteFor(menu, link) : null;
  if (!link || !route) return <ForbiddenPage />;
  return (
    <MobileFrame title={t(route.title)} back={-1} backFallback="/app">
      <div className={styles.mobileDetails} data-testid="mobile-details">
        <MobileRuntime>
          <RecordDetails route={route} link={link} />
        </MobileRuntime>
      </div>
    </MobileFrame>
  );
}
