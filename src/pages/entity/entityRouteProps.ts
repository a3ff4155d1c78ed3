/** Props every entity route gets from its menu entry. */
export interface EntityRouteProps {
  entity: string;
  /** The menu entry's path without query: the index screen; details and save hang below it. */
  basePath: string;
}
