import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { callPath } from '../../core/naming';
import type { PagedList } from '../data/PagedList';
import { useAsync } from '../data/useAsync';
import { EntityDetailsPage } from '../details/EntityDetailsPage';
import type { Row } from '../format/fieldValues';
import { PageStatus } from '../PageStatus';
import type { EntitySchemaBundle } from '../schema/EntitySchemaBundle';
import { useRuntime } from '../useRuntime';

/**
 * The index screen of a `single` entity (system configuration, security settings): its one
 * record, shown as the details screen with its edit button and actions, found through the list
 * call so that the screen needs no knowledge of the record's key.
 */
export function SingleRecordScreen({ bundle, basePath }: { bundle: EntitySchemaBundle; basePath: string }) {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const { entity, base } = bundle;
  const found = useAsync(async () => {
    const answer = await request.get<PagedList<Row>>(callPath(base, entity.name, 'list'), { page: 1, pageSize: 1 });
    const row = answer.data.list[0];
    return row ? String(row[entity.key]) : null;
  }, [base, entity, request]);

  if (found.status !== 'ready') return <PageStatus state={found} />;
  if (found.value === null) {
    // Seeded at start-up; only a database emptied by hand lacks it.
    return <Card title={t(entity.title)}><Empty description={t('runtime.single.missing')} /></Card>;
  }
  return <EntityDetailsPage entity={entity.name} basePath={basePath} id={found.value} single />;
}
