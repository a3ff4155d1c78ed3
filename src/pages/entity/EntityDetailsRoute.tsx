import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EntityDetailsPage } from '../../../runtime/react';
import type { EntityRouteProps } from './entityRouteProps';

/** `{path}/details?id=…`: one record. */
export function EntityDetailsRoute({ entity, basePath }: EntityRouteProps) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = search.get('id');
  if (!id) return <Result status="warning" title={t('shell.router.missingId')} />;
  // Keyed by id: another record is a fresh screen, never the previous one's state.
  return <EntityDetailsPage key={`${basePath}:${id}`} entity={entity} basePath={basePath} id={id} />;
}
