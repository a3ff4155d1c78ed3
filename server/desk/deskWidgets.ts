import type { EntityDef } from '../../runtime/core/schema';
import type { Principal } from '../auth/Principal';
import type { ServerContext } from '../context';
import { splitIds } from '../entity/rowValues';

/** One widget of the desk as the configuration (DeskConfig, sys_desk_config) describes it. */
export interface DeskWidget {
  widgetCode: string;
  title: string;
  colSpan: number;
  height: number | null;
  sort: number;
}

export function deskConfigEntity(ctx: ServerContext): EntityDef {
  const entity = ctx.registry.entities.get('DeskConfig');
  if (!entity) throw new Error('the system schema DeskConfig is missing from schemas/system/');
  return entity;
}

/**
 * The widgets a user may have on the desk, in the configured order: enabled, and either meant
 * for everyone (no roles) or for one of the user's roles. The superuser is no exception: a
 * widget configured for HR alone is not on the administrator's desk unless admin is listed.
 */
export async function visibleWidgets(ctx: ServerContext, principal: Principal): Promise<DeskWidget[]> {
  const entity = deskConfigEntity(ctx);
  const rows = await ctx.database.db.selectFrom(entity.table)
    .select(['widgetCode', 'title', 'colSpan', 'height', 'sort', 'roleIds'])
    .where('enabled', '=', 1)
    .orderBy('sort', 'asc').orderBy(entity.key, 'asc')
    .execute();
  const mine = new Set(principal.roleIds);
  return rows
    .filter((row) => {
      const roles = splitIds(row.roleIds);
      return roles.length === 0 || roles.some((roleId) => mine.has(roleId));
    })
    .map((row) => ({
      widgetCode: String(row.widgetCode),
      title: String(row.title ?? ''),
      colSpan: Number(row.colSpan) || 12,
      height: row.height === null || row.height === undefined ? null : Number(row.height),
      sort: Number(row.sort) || 0,
    }));
}

/** Whether one widget is on the user's desk (its data calls answer only then). */
export async function hasWidget(ctx: ServerContext, principal: Principal, widgetCode: string): Promise<boolean> {
  return (await visibleWidgets(ctx, principal)).some((widget) => widget.widgetCode === widgetCode);
}
