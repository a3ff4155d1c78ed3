import type { CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import { SUPER_ADMIN_ROLE } from '../auth/loadPrincipal';
import { systemEntity, type ServerContext } from '../context';
import { callName } from '../../runtime/core/naming';
import { isDutyPage } from '../security/dutyPermissions';

interface MenuRow { menuId: unknown; parentId: unknown; menuType: unknown; entity: unknown; permission: unknown }

/**
 * The menu entries the superuser role holds in effect, stored or not: it reads every page but
 * those of separated duties (menuCalls' grantedMenuRows) and holds every button whose permission
 * is not a duty one (buildPrincipal: ctx.allPermissions). Answered as the role's menu field is
 * stored, the fully held nodes: an entry with anything under it not held (系统管理 beside the
 * audit pages) is left out, so the tree shows it half checked instead of checking all below it.
 */
export async function superUserMenuIds(ctx: ServerContext): Promise<string[]> {
  const menus = systemEntity(ctx, 'Menu');
  const rows = await ctx.database.db.selectFrom(menus.table)
    .select(['menuId', 'parentId', 'menuType', 'entity', 'permission']).execute() as MenuRow[];
  const children = new Map<string, MenuRow[]>();
  for (const row of rows) {
    const parent = String(row.parentId ?? '');
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const ownHeld = (row: MenuRow) => (row.menuType === 'button'
    ? ctx.allPermissions.has(String(row.permission ?? ''))
    : !isDutyPage(ctx.registry, row.entity));
  const held: string[] = [];
  const fullyHeld = (row: MenuRow): boolean => {
    // Every child is visited, whatever the first answers: the held ones below are listed too.
    const below = (children.get(String(row.menuId)) ?? []).map(fullyHeld);
    const all = ownHeld(row) && below.every(Boolean);
    if (all) held.push(String(row.menuId));
    return all;
  };
  const ids = new Set(rows.map((row) => String(row.menuId)));
  for (const root of rows.filter((row) => !row.parentId || !ids.has(String(row.parentId)))) fullyHeld(root);
  return held;
}

/**
 * A role's by-id answer says what the superuser role holds: its stored menus are ignored (it holds
 * everything but the separated duties), so the details screen, which would show an empty tree,
 * reads `$held.menuIds` with a note instead. The stored value stays in `menuIds` for the form.
 */
export function registerSuperUserMenus(table: CallTable): void {
  const key = callKey('get', 'system', callName('Role', 'view'));
  const original = table.get(key);
  if (!original) return;
  table.set(key, {
    ...original,
    async handle(request) {
      const answer = await original.handle(request) as Record<string, unknown> | null;
      if (answer?.roleCode !== SUPER_ADMIN_ROLE) return answer;
      const value = (await superUserMenuIds(request.ctx)).join(',');
      return { ...answer, $held: { menuIds: { value, note: 'entity.Role.superUserMenus' } } };
    },
  });
}
