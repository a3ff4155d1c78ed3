import { entityButtonActions, type MenuEntry } from '../../runtime/core/schema';
import { systemEntity, type ServerContext } from '../context';
import { insertRow } from './insertRow';

const SYSTEM_OWNER = { userId: '', deptId: '', unitId: '' };

/**
 * Brings the menus the module files declare into the menu table: entries are added by name
 * when missing and never overwritten, so administrators' edits survive restarts. Each entity
 * page gets one button entry per permission (`hr:HrContract:insert`): roles are granted
 * buttons, and the PERMISSIONS list is read from them.
 */
/** Sort numbers of button entries start here, above any directory's or page's. */
const BUTTON_SORT_BASE = 1000;

export async function syncMenus(ctx: ServerContext): Promise<void> {
  const menu = systemEntity(ctx, 'Menu');
  const { db } = ctx.database;
  const existing = new Map((await db.selectFrom(menu.table).select(['menuId', 'name']).execute())
    .map((r) => [String(r.name), String(r.menuId)]));

  const ensure = async (values: Record<string, unknown>): Promise<string> => {
    const name = String(values.name);
    const found = existing.get(name);
    if (found) return found;
    const id = await insertRow(ctx, menu, values, SYSTEM_OWNER);
    existing.set(name, id);
    return id;
  };

  const walk = async (entries: MenuEntry[], parentId: string | null) => {
    for (const [index, entry] of entries.entries()) {
      const id = await ensure({
        parentId, name: entry.name, title: entry.title, menuType: entry.type, path: entry.path ?? null,
        entity: entry.entity ?? null, url: entry.url ?? null, icon: entry.icon ?? null, sort: entry.sort ?? index, visible: 1,
      });
      const entity = entry.entity ? ctx.registry.entities.get(entry.entity) : undefined;
      if (entity) {
        const actions = entityButtonActions(entity);
        for (const [i, action] of actions.entries()) {
          const transition = entity.flow?.transitions.find((t) => t.name === action);
          await ensure({
            parentId: id, name: entity.permissions[action], title: transition ? transition.label : `permission.action.${action}`,
            // Buttons sort after every directory and page (BUTTON_SORT_BASE): a tree list reads its first
            // 500 rows by sort, and with hundreds of buttons the menus themselves must come first.
            menuType: 'button', permission: entity.permissions[action], sort: BUTTON_SORT_BASE + i, visible: 1,
          });
        }
      }
      if (entry.children) await walk(entry.children, id);
    }
  };
  for (const mod of [...ctx.registry.modules.values()]) await walk(mod.menus, null);
}
