import { EntityIndexPage } from '../../../runtime/react';
import type { EntityRouteProps } from './entityRouteProps';

/**
 * Keyed by the page: the menu's entity pages share this component, and without a key React kept
 * one page's list state (its sort, filters, page) for the next — from 会议预约 to 会议室管理 the
 * rooms were asked sorted by a meeting's start time, which the server refuses, and showed no rows.
 */
export function EntityIndexRoute({ entity, basePath }: EntityRouteProps) {
  return <EntityIndexPage key={basePath} entity={entity} basePath={basePath} />;
}
