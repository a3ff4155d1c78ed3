import { EntityIndexPage } from '../../../runtime/react';
import type { EntityRouteProps } from './entityRouteProps';

export function EntityIndexRoute({ entity, basePath }: EntityRouteProps) {
  return <EntityIndexPage entity={entity} basePath={basePath} />;
}
