import type { MenuNode } from '../../session/sessionTypes';

/**
 * The auth directive's rule (spec §6): content shows only when the menu holds an entry whose name
 * matches and contains a colon (`hr:HrContract:insert`). Button entries reach the browser as
 * permission names (PERMISSIONS), so those count as held entries too. A name without a colon is
 * never granted: it is a page name, not an action, and granting it would show buttons to anyone
 * who can see the page.
 */
export function isAuthName(name: string): boolean {
  return name.includes(':') && name.trim() === name && name.length > 1;
}

export function menuHoldsName(menu: readonly MenuNode[] | null | undefined, name: string): boolean {
  const visit = (nodes: readonly MenuNode[]): boolean => nodes.some((node) => node.name === name || visit(node.children ?? []));
  return visit(menu ?? []);
}

export function isAuthGranted(name: string, menu: readonly MenuNode[] | null | undefined, permissions: readonly string[]): boolean {
  return isAuthName(name) && (permissions.includes(name) || menuHoldsName(menu, name));
}

/** The role directive's rule: the user holds the role, or one of the roles. */
export function hasAnyRole(userRoles: readonly string[] | null | undefined, wanted: string | readonly string[]): boolean {
  const roles = typeof wanted === 'string' ? [wanted] : wanted;
  return roles.some((role) => (userRoles ?? []).includes(role));
}
