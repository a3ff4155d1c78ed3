/** `handle` of the shell's routes: the page title (an i18n key or text) and the roles it is for. */
export interface RouteHandle {
  title?: string;
  /**
   * Locally defined routes restricted by role (spec §2, §6: "filtered by meta.role against the
   * user's roles"): only users holding one of these role codes see the page; others get the
   * no-permission page, exactly as for a path their menu does not grant.
   */
  roles?: readonly string[];
  /** A workspace that wants the width (the designers): the side menu folds while it is open. */
  wide?: boolean;
}

export function routeWide(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as RouteHandle).wide === true;
}

export function routeTitle(handle: unknown): string | undefined {
  if (typeof handle !== 'object' || handle === null) return undefined;
  const { title } = handle as RouteHandle;
  return typeof title === 'string' && title !== '' ? title : undefined;
}

/** True unless a matched route names roles the user holds none of. */
export function routeRolesAllowed(handles: readonly unknown[], userRoles: readonly string[] | null | undefined): boolean {
  return handles.every((handle) => {
    if (typeof handle !== 'object' || handle === null) return true;
    const { roles } = handle as RouteHandle;
    if (!Array.isArray(roles) || roles.length === 0) return true;
    return roles.some((role) => (userRoles ?? []).includes(role));
  });
}
