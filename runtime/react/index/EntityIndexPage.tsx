import { Card, Result, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityDef } from '../../core/schema/types';
import { PageStatus } from '../PageStatus';
import type { EntitySchemaBundle } from '../schema/EntitySchemaBundle';
import { useEntitySchema } from '../schema/useEntitySchema';
import type { RuntimeServices } from '../RuntimeServices';
import { useRuntime } from '../useRuntime';
import { EntityListView } from './EntityListView';
import { SingleRecordScreen } from './SingleRecordScreen';
import type { ListScopeName } from './useEntityList';

export interface EntityIndexPageProps {
  entity: string;
  basePath: string;
  /** Show only this list; without it the user's permissions decide (tabs when both are allowed). */
  scope?: ListScopeName;
}

/** The scopes this user may see: the data-scoped manage list and, where the entity has one, the own-rows list. */
function permittedScopes(entity: EntityDef, hasPermission: RuntimeServices['hasPermission']): ListScopeName[] {
  const scopes: ListScopeName[] = [];
  if (entity.list.scopes.manage && entity.calls.includes('list') && hasPermission(entity.permissions.list ?? '')) scopes.push('manage');
  if (entity.list.scopes.my && entity.calls.includes('my') && hasPermission(entity.permissions.my ?? '')) scopes.push('my');
  return scopes;
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
  const [active, setActive] = useState<ListScopeName | undefined>(scopes[0]);
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
      {/* Keyed by scope: each list keeps its own paging, sort and filters from a clean start. */}
      <EntityListView key={current} bundle={bundle} basePath={basePath} scope={current} />
    </Card>
  );
}
