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
  /**
   * A named list of the entity (EntityListView's `listCall`), shown alone under `title`, for
   * holders of the entity's `my` permission, which such calls require. `basePath` stays the
   * entity page's: the rows open on its details screen.
   */
  listCall?: string;
  /** The card's title (an i18n key) instead of the entity's. */
  title?: string;
}

/** The index screen of an entity: its list, or a tab per list when the user has both, or one named list. */
export function EntityIndexPage({ entity, basePath, scope, listCall, title }: EntityIndexPageProps) {
  const schema = useEntitySchema(entity);
  if (schema.status !== 'ready') return <PageStatus state={schema} />;
  if (listCall) return <NamedListScreen bundle={schema.value} basePath={basePath} listCall={listCall} title={title} />;
  return <EntityIndexScreen bundle={schema.value} basePath={basePath} scope={scope} />;
}

function NamedListScreen({ bundle, basePath, listCall, title }: { bundle: EntitySchemaBundle; basePath: string; listCall: string; title?: string }) {
  const { t } = useTranslation();
  const { hasPermission } = useRuntime();
  if (!permittedScopes(bundle.entity, hasPermission).includes('my')) return <Result status="403" title={t('runtime.page.noPermission')} />;
  return <Card title={t(title ?? bundle.entity.title)}><EntityListView bundle={bundle} basePath={basePath} scope="my" listCall={listCall} /></Card>;
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
