import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ModuleDetailsLink } from '../../../runtime/core/links';
import { EntitySavePage, useRuntime } from '../../../runtime/react';
import { PageStatus } from '../../../runtime/react/PageStatus';
import { useEntitySchema } from '../../../runtime/react/schema/useEntitySchema';
import { familyPath } from './mobileEntries';
import { MobileFrame } from './MobileFrame';
import { MobileRuntime } from './MobileRuntime';
import styles from './mobile.module.css';

/** The entity's own save screen, for the user who may insert (new) or update (`id`) its records. */
function PermittedSave({ entityName, basePath, id }: { entityName: string; basePath: string; id?: string }) {
  const { t } = useTranslation();
  const { hasPermission } = useRuntime();
  const schema = useEntitySchema(entityName);
  if (schema.status !== 'ready') return <PageStatus state={schema} />;
  const { permissions } = schema.value.entity;
  if (!hasPermission((id === undefined ? permissions.insert : permissions.update) ?? '')) {
    return <Result status="403" title={t('runtime.page.noPermission')} />;
  }
  return <EntitySavePage key={id ?? 'new'} entity={entityName} basePath={basePath} id={id} />;
}

/**
 * `/app/{module}/save[?id=…]`: a family's record written on the phone (新建 on its list, 编辑 on its
 * details, 预约 on the meetings) — the generic save screen in the mobile frame, every field on a
 * row of its own; saved, it returns to the family's list.
 */
export function MobileSavePage({ link, entity }: { link: ModuleDetailsLink; entity: string }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = search.get('id')?.trim() || undefined;
  const home = familyPath(link);
  return (
    <MobileFrame title={t(link.title)} back={-1} backFallback={home}>
      <div className={styles.mobileForm} data-testid="mobile-save">
        <MobileRuntime><PermittedSave entityName={entity} basePath={home} id={id} /></MobileRuntime>
      </div>
    </MobileFrame>
  );
}
