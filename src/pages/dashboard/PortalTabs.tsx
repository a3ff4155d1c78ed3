import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PortalGrid } from './PortalGrid';
import type { MyPortal } from './portalTypes';

/** The tab of the personal desk, beside the portals; kept in the address (`?portal=`) like a portal's. */
const PERSONAL_TAB = 'personal';

/**
 * The user's portals as tabs in the server's order (default ones first, then by sort), the
 * personal desk last; the chosen tab stays in the address so a reload keeps it.
 */
export function PortalTabs({ portals, personal }: { portals: MyPortal[]; personal: ReactNode }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const wanted = search.get('portal');
  const active = wanted === PERSONAL_TAB || portals.some((p) => p.portalId === wanted) ? wanted! : portals[0].portalId;
  const choose = (key: string) => setSearch((previous) => {
    const next = new URLSearchParams(previous);
    next.set('portal', key);
    return next;
  }, { replace: true });
  return (
    <Tabs activeKey={active} onChange={choose} data-testid="portal-tabs"
      items={[
        ...portals.map((portal) => ({
          key: portal.portalId,
          label: <span data-testid={`portal-tab-${portal.portalId}`} title={portal.description || undefined}>{portal.portalName}</span>,
          children: <PortalGrid cells={portal.items} testId={`portal-${portal.portalId}`} />,
        })),
        { key: PERSONAL_TAB, label: <span data-testid="portal-tab-personal">{t('portal.desk.personal')}</span>, children: personal },
      ]} />
  );
}
