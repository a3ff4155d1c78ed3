import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { EntityDetailsPage } from '../../../runtime/react';
import { moduleDetailsId, type ModuleDetailsLink } from '../../../runtime/core/links';
import { familyPath } from './mobileEntries';
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
 */
export function MobileDetailsPage({ link }: MobileDetailsPageProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const id = moduleDetailsId(link, search);
  const home = familyPath(link);

  let content;
  if (!id) {
    content = <Result status="warning" title={t('shell.links.missingParam', { param: link.param })} />;
  } else if (!link.entity) {
    content = <ModuleUnavailable link={link} id={id} />;
  } else {
    content = (
      <div className={styles.mobileDetails} data-testid="mobile-details">
        <MobileRuntime>
          <EntityDetailsPage key={id} entity={link.entity} basePath={home} id={id} />
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
