import { useSearchParams } from 'react-router-dom';
import { EntitySavePage } from '../../../runtime/react';
import type { EntityRouteProps } from './entityRouteProps';

/**
 * `{path}/save`: a new record, or `?id=…` to edit one. A new record's other query parameters
 * are its starting values (`?room=…&startTime=…`, runtime/react/form/presetValues.ts).
 */
export function EntitySaveRoute({ entity, basePath }: EntityRouteProps) {
  const [search] = useSearchParams();
  const id = search.get('id') || undefined;
  // Keyed so that "edit A" → "new" or → "edit B" starts from a clean form, and so does another link's preset.
  return <EntitySavePage key={`${basePath}:${id ?? search.toString()}`} entity={entity} basePath={basePath} id={id} presetQuery={search} />;
}
