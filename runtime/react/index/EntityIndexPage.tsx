import { Card, Result, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageStatus } from '../PageStatus';
import type { EntitySchemaBundle } from '../schema/EntitySchemaBundle';
import { useEntitySchema } from '../schema/useEntitySchema';
import { useRuntime, useRuntimeCaches } from '../useRuntime';
import { EntityListView } from './EntityListView';
import { permittedScopes } from './permittedScopes';
import { SingleRecordScreen } from './SingleRecordScreen';
import type { ListScopeName } from './useEntityList';

export interface EntityIndexPageProps {
  entity: string;
  basePath: string;
  /** Show only this list; without it the user's permissions decide (tabs when both are allowed). */
  scope?: ListScopeName;
}

/** The index screen of an entity: its list, or a tab per list when the user has both. */
export function EntityIndexPage({ entity, basePath, scope }: EntityIndexPageProps) {
  const schema = useEntitySchema(entity);
  if (schema.status !== 'ready') return <PageStatus state={schema} />;
  return <EntityIndexScreen bundle={schema.value} basePath={basePath} scope={scope} />;
}

function EntityIndexScreen({ bundle, basePath, scope }: { bundle: EntitySchemaBundle; basePath: string; scope?: ListScopeName }) {
  const { t } = useTranslation();
  const { hasPermission } = useRuntime();
  const allowed = permittedScopes(bundle.entity, hasPermission);
  const scopes = scope ? allowed.filter((candidate) => candidate === scope) : allowed;
  const { lists } = useRuntimeCaches();
  const [active, setActive] = useState<ListScopeName | undefined>(() => lists.tabs.get(basePath) ?? scopes[0]);
  useEffect(() => { if (active) lists.tabs.set(basePath, active); }, [lists, basePath, active]);
  const current = active && scopes.includes(active) ? active : scopes[0];

  if (!current) return <Result status="403" title={t('runtime.page.noPermission')} />;
  if (bundle.entity.single && current === 'manage') return <SingleRecordScreen bundle={bundle} basePath={basePath} />;
  const title = t(bundle.entity.title);
  if (scopes.length === 1) {
    return <Card title={title}><EntityListView bundle={bundle} basePath={basePath} scope={current} /></Card>;
  }
  return (
    <Card title={title}>
      <Tabs
        activeKey={current === 'my' ? 'mine' : 'manage'}
        onChange={(key) => setActive(key === 'mine' ? 'my' : 'manage')}
        items={[
          { key: 'manage', label: t('runtime.scope.manage') },
          { key: 'mine', label: t('runtime.scope.mine') },
        ]}
      />
      {/* Keyed by scope: each list keeps its own paging, sort and filters. */}
      <EntityListView key={current} bundle={bundle} basePath={basePath} scope={current} />
    </Card>
  );
}
