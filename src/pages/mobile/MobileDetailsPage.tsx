import { Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { EntityDetailsPage } from '../../../runtime/react';
import { moduleDetailsId, type ModuleDetailsLink } from '../../../runtime/core/links';
import { FAMILY_REPORTS } from './familyReports';
import { familyPath } from './mobileEntries';
import { MobileReports } from './MobileReports';
import { MobileFrame } from './MobileFrame';
import { MobileRuntime } from './MobileRuntime';
import { ModuleUnavailable } from './ModuleUnavailable';
import styles from './mobile.module.css';

export interface MobileDetailsPageProps {
  link: ModuleDetailsLink;
}

/**
 * A message deep link (`/app/hr/contract/details?contractId=7`): the record on the entity's details
 * screen in the mobile frame, or — for a module not in this installation — what the link named.
 * Diaries, tasks and plans show their comments or progress reports below, with a box to add one.
 */
export function MobileDetailsPage({ link }: MobileDetailsPageProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const id = moduleDetailsId(link, search);
  const home = familyPath(link);
  const reports = FAMILY_REPORTS[link.module];
  // Bumped by a progress report: the record is read again to show its new progress.
  const [version, setVersion] = useState(0);

  let content;
  if (!id) {
    content = <Result status="warning" title={t('shell.links.missingParam', { param: link.param })} />;
  } else if (!link.entity) {
    content = <ModuleUnavailable link={link} id={id} />;
  } else {
    content = (
      <div className={styles.mobileDetails} data-testid="mobile-details">
        <MobileRuntime>
          <EntityDetailsPage key={`${id}:${version}`} entity={link.entity} basePath={home} id={id} />
          {reports && <MobileReports reports={reports} parentId={id} onPosted={() => { if (reports.progress) setVersion((v) => v + 1); }} />}
        </MobileRuntime>
      </div>
    );
  }
  return (
    <MobileFrame title={t(link.title)} back={-1} backFallback={home}>
      {content}
    </MobileFrame>
  );
}
