import { useSearchParams } from 'react-router-dom';
import { EntitySavePage } from '../../../runtime/react';
import type { EntityRouteProps } from './entityRouteProps';

/** `{path}/save`: a new record, or `?id=…` to edit one. */
export function EntitySaveRoute({ entity, basePath }: EntityRouteProps) {
  const [search] = useSearchParams();
  const id = search.get('id') || undefined;
  // Keyed so that "edit A" → "new" or → "edit B" starts from a clean form.
  return <EntitySavePage key={id ?? ''} entity={entity} basePath={basePath} id={id} />;
}
