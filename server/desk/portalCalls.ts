import { callKey, type CallHandler, type CallTable } from '../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import { recordOperation } from '../audit/recordOperation';
import { ApiError } from '../http/ApiError';
import { insertNewRows } from '../entity/insertNewRow';
import { splitIds } from '../entity/rowValues';
import { translatedText } from '../entity/translatedText';
import { visibleWidgets } from './deskWidgets';
import { closeGaps, PORTAL_COLUMNS, PORTAL_MAX_ITEMS, type PortalCell } from '../../runtime/core/portal';
import { readPortalLayout } from './portalLayout';
import { checkSettingValues } from './portalSettingValues';
import { configuredWidgets, portalEntities, readPortalCells } from './portalStore';

/**
 * GET getMyPortals: the portals meant for the caller — enabled, for everyone (no roles) or one
 * of the caller's roles, the superuser no exception (the DeskConfig rule) — the default ones
 * first, then by sort. Each holds only the widgets the caller's desk may show (DeskConfig:
 * enabled, for the caller's roles), gaps closed; a portal left with none is left out. No portal
 * means the desk is the personal one (getMyDesk).
 */
export const getMyPortalsCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const { portal } = portalEntities(ctx);
    const rows = await ctx.database.db.selectFrom(portal.table).select([portal.key, 'portalName', 'description', 'roleIds', 'isDefault', 'sort'])
      .where('enabled', '=', 1).execute();
    const mine = new Set(principal.roleIds);
    const forMe = rows.filter((row) => {
      const roles = splitIds(row.roleIds);
      return roles.length === 0 || roles.some((roleId) => mine.has(roleId));
    });
    const say = (text: string) => translatedText(ctx.i18n, request.lang, text);
    const widgets = new Map((await visibleWidgets(ctx, principal)).map((widget) => [widget.widgetCode, widget]));
    const cells = await readPortalCells(ctx.database.db, ctx, forMe.map((row) => String(row[portal.key])));
    const portals = forMe.map((row) => {
      const portalId = String(row[portal.key]);
      const placed = cells.filter((cell) => cell.portalId === portalId);
      const shown = placed.filter((cell) => widgets.has(cell.widgetCode));
      return {
        portalId,
        portalName: say(String(row.portalName ?? '')),
        description: say(String(row.description ?? '')),
        isDefault: Number(row.isDefault) === 1,
        sort: Number(row.sort) || 0,
        items: closeGaps(shown, placed.filter((cell) => !widgets.has(cell.widgetCode)))
          .map((cell) => ({ ...cell, title: say(cell.title || widgets.get(cell.widgetCode)!.title) })),
      };
    });
    return portals.filter((p) => p.items.length > 0)
      // Sorted here, not in SQL: the two databases collate Chinese names differently.
      .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.sort - b.sort || a.portalName.localeCompare(b.portalName, 'zh-CN'))
      .map(({ sort: _sort, ...rest }) => rest);
  },
};

async function requirePortal(request: Parameters<CallHandler['handle']>[0]): Promise<Record<string, unknown>> {
  const { portal } = portalEntities(request.ctx);
  const portalId = String(request.params.portalId ?? '').trim();
  if (!portalId) throw ApiError.business('portal.notFound');
  const row = await request.ctx.database.db.selectFrom(portal.table).selectAll().where(portal.key, '=', portalId).executeTakeFirst();
  if (!row) throw ApiError.business('portal.notFound');
  return row;
}

/**
 * GET getPortalDesign `portalId`: what the designer and the preview show — the portal, all its
 * placed widgets (whoever they are for), and the palette: every enabled widget of the desk
 * configuration, titled in the caller's language.
 */
export const getPortalDesignCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const { portal } = portalEntities(ctx);
    requirePermission(principal, portal.permissions.view);
    const row = await requirePortal(request);
    const say = (text: string) => translatedText(ctx.i18n, request.lang, text);
    const known = await configuredWidgets(ctx, false);
    const cells = await readPortalCells(ctx.database.db, ctx, [String(row[portal.key])]);
    return {
      portal: { portalId: String(row[portal.key]), portalName: say(String(row.portalName ?? '')), enabled: Number(row.enabled) === 1 },
      items: cells.map(({ portalId: _portal, ...cell }) => ({ ...cell, defaultTitle: say(known.get(cell.widgetCode)?.title ?? cell.widgetCode) })),
      palette: [...known.entries()].filter(([, widget]) => widget.enabled)
        .map(([widgetCode, widget]) => ({ widgetCode, title: say(widget.title), colSpan: widget.colSpan, height: widget.height })),
      columns: PORTAL_COLUMNS,
      maxItems: PORTAL_MAX_ITEMS,
    };
  },
};

/**
 * POST savePortalLayout `portalId`, `items` (JSON list of {widgetCode, title, x, y, w, h,
 * settings}): the designer's layout replaces the portal's placed widgets in one transaction,
 * after the whole layout is checked (readPortalLayout, each cell's settings against its
 * widget's declaration, then checkSettingValues); one operation-log line for the portal.
 */
export const savePortalLayoutCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const { portal, item } = portalEntities(ctx);
    requirePermission(principal, portal.permissions.update);
    const row = await requirePortal(request);
    const portalId = String(row[portal.key]);
    const cells = readPortalLayout(request.params.items, new Set((await configuredWidgets(ctx, false)).keys()), request.t);
    await checkSettingValues(ctx, cells, request.t);
    const owner = { userId: principal.userId, deptId: principal.deptId, unitId: principal.unitId };
    const values = cells.map((cell: PortalCell) => ({
      portalId, widgetCode: cell.widgetCode, title: cell.title || null, x: cell.x, y: cell.y, w: cell.w, h: cell.h,
      settings: Object.keys(cell.settings).length ? JSON.stringify(cell.settings) : null,
    }));
    await ctx.database.db.transaction().execute(async (trx) => {
      await trx.deleteFrom(item.table).where('portalId', '=', portalId).execute();
      if (values.length) await insertNewRows(ctx, trx, item, values, owner, request.t);
      await recordOperation(trx, principal, { entity: portal, action: 'update', recordId: portalId, detail: 'savePortalLayout' }, request.raw.ip);
    });
    return { count: values.length };
  },
};

/**
 * The generic deletePortal and deletePortalByIds, followed by the placed widgets left without a
 * portal: they mean nothing on their own. The handlers the entity calls registered stay in
 * charge of permission, checks and the operation log.
 */
function deletePortalsWithItems(table: CallTable): void {
  for (const name of ['deletePortal', 'deletePortalByIds']) {
    const key = callKey('set', 'system', name);
    const generic = table.get(key);
    if (!generic) continue;
    table.set(key, {
      ...generic,
      async handle(request) {
        const answer = await generic.handle(request);
        const { portal, item } = portalEntities(request.ctx);
        const { db } = request.ctx.database;
        await db.deleteFrom(item.table).where('portalId', 'not in', db.selectFrom(portal.table).select(portal.key)).execute();
        return answer;
      },
    });
  }
}

export function registerPortalCalls(table: CallTable): void {
  table.set(callKey('get', 'system', 'getMyPortals'), getMyPortalsCall);
  table.set(callKey('get', 'system', 'getPortalDesign'), getPortalDesignCall);
  table.set(callKey('set', 'system', 'savePortalLayout'), savePortalLayoutCall);
  deletePortalsWithItems(table);
}
