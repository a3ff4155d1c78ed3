import type { EntityDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import type { Db } from '../db/connect';
import { knownWidgetSettings, type PortalCell } from '../../runtime/core/portal';

/** The two system schemas of portal design; their absence is a broken installation, not a user error. */
export function portalEntities(ctx: ServerContext): { portal: EntityDef; item: EntityDef } {
  const portal = ctx.registry.entities.get('Portal');
  const item = ctx.registry.entities.get('PortalItem');
  if (!portal || !item) throw new Error('the system schemas Portal and PortalItem are missing from schemas/system/');
  return { portal, item };
}

/**
 * A stored cell's settings as its widget declares them now: a key the widget no longer reads, or
 * a value out of its bounds (a row written before the declaration changed), is dropped.
 */
function storedSettings(widgetCode: string, text: unknown): Record<string, unknown> {
  if (typeof text !== 'string' || text === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? knownWidgetSettings(widgetCode, parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export interface StoredCell extends PortalCell {
  itemId: string;
  portalId: string;
}

/** The placed widgets of some portals, top to bottom, left to right. */
export async function readPortalCells(db: Db, ctx: ServerContext, portalIds: string[]): Promise<StoredCell[]> {
  if (portalIds.length === 0) return [];
  const { item } = portalEntities(ctx);
  const rows = await db.selectFrom(item.table).select([item.key, 'portalId', 'widgetCode', 'title', 'x', 'y', 'w', 'h', 'settings'])
    .where('portalId', 'in', portalIds).orderBy('y').orderBy('x').execute();
  return rows.map((row) => ({
    itemId: String(row[item.key]),
    portalId: String(row.portalId),
    widgetCode: String(row.widgetCode),
    title: String(row.title ?? ''),
    x: Number(row.x), y: Number(row.y), w: Number(row.w), h: Number(row.h),
    settings: storedSettings(String(row.widgetCode), row.settings),
  }));
}

/** The widget codes the desk configuration knows, each with its configured title (an i18n key or text). */
export async function configuredWidgets(ctx: ServerContext, enabledOnly: boolean): Promise<Map<string, { title: string; colSpan: number; height: number | null; enabled: boolean }>> {
  const desk = ctx.registry.entities.get('DeskConfig');
  if (!desk) throw new Error('the system schema DeskConfig is missing from schemas/system/');
  let query = ctx.database.db.selectFrom(desk.table).select(['widgetCode', 'title', 'colSpan', 'height', 'enabled']).orderBy('sort').orderBy(desk.key);
  if (enabledOnly) query = query.where('enabled', '=', 1);
  const rows = await query.execute();
  return new Map(rows.map((row) => [String(row.widgetCode), {
    title: String(row.title ?? ''),
    colSpan: Number(row.colSpan) || 12,
    height: row.height === null || row.height === undefined ? null : Number(row.height),
    enabled: Number(row.enabled) === 1,
  }]));
}
