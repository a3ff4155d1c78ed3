import { systemEntity, type ServerContext } from '../context';
import { insertNewRows } from '../entity/insertNewRow';
import { insertRow, type RowOwner } from '../seed/insertRow';
import type { PortalCell } from '../../runtime/core/portal';
import { portalEntities } from './portalStore';

type DemoCell = Omit<PortalCell, 'settings' | 'title'> & { title?: string; settings?: Record<string, unknown> };

interface DemoPortal {
  /** Language-pack keys: the portal's name and description read in the user's language. */
  name: string;
  description: string;
  /** Role codes it is for. */
  roles: string[];
  isDefault: boolean;
  sort: number;
  cells: DemoCell[];
}

/**
 * The demo's two portals. Staff see news, notices, their to-do and calendar, mail, votes and
 * quick links (weather beside the votes once a weather provider is configured and the widget
 * switched on; until then the votes card takes its place). The tech leader (taskManager, yanglei)
 * lands on the leader portal: approvals first, the team's outings, then the rest.
 */
export const DEMO_PORTALS: DemoPortal[] = [
  {
    name: 'portal.demo.leader.name', description: 'portal.demo.leader.description', roles: ['taskManager'], isDefault: true, sort: 1,
    cells: [
      { widgetCode: 'pendingInfo', title: 'portal.demo.leader.todoTitle', x: 0, y: 0, w: 16, h: 7 },
      { widgetCode: 'myCalendar', x: 16, y: 0, w: 8, h: 7 },
      { widgetCode: 'notices', x: 0, y: 7, w: 12, h: 6, settings: { count: 6 } },
      { widgetCode: 'recentOutings', x: 12, y: 7, w: 12, h: 6 },
      { widgetCode: 'votesPending', x: 0, y: 13, w: 12, h: 5 },
      { widgetCode: 'unreadMail', x: 12, y: 13, w: 12, h: 5 },
      { widgetCode: 'quickLinks', x: 0, y: 18, w: 24, h: 4 },
    ],
  },
  {
    name: 'portal.demo.staff.name', description: 'portal.demo.staff.description', roles: ['staff'], isDefault: false, sort: 2,
    cells: [
      { widgetCode: 'newsCarousel', x: 0, y: 0, w: 14, h: 7 },
      { widgetCode: 'notices', x: 14, y: 0, w: 10, h: 7, settings: { count: 8 } },
      { widgetCode: 'pendingInfo', x: 0, y: 7, w: 12, h: 7 },
      { widgetCode: 'myCalendar', x: 12, y: 7, w: 12, h: 7 },
      { widgetCode: 'unreadMail', x: 0, y: 14, w: 8, h: 6 },
      { widgetCode: 'votesPending', x: 8, y: 14, w: 8, h: 6 },
      { widgetCode: 'weather', x: 16, y: 14, w: 8, h: 6 },
      { widgetCode: 'quickLinks', x: 0, y: 20, w: 24, h: 4 },
    ],
  },
];

/** The demo portals and their placed widgets (on an empty database, after the desk's widgets). */
export async function seedPortals(ctx: ServerContext, owner: RowOwner): Promise<void> {
  if (!ctx.registry.entities.has('Portal') || !ctx.registry.entities.has('PortalItem')) return;
  const { portal, item } = portalEntities(ctx);
  const role = systemEntity(ctx, 'Role');
  const roleIds = new Map((await ctx.database.db.selectFrom(role.table).select(['roleId', 'roleCode']).execute())
    .map((r) => [String(r.roleCode), String(r.roleId)]));
  for (const demo of DEMO_PORTALS) {
    const portalId = await insertRow(ctx, portal, {
      portalName: demo.name, description: demo.description, enabled: 1, isDefault: demo.isDefault ? 1 : 0, sort: demo.sort,
      roleIds: demo.roles.map((code) => roleIds.get(code)).filter(Boolean).join(',') || null,
    }, owner);
    await insertNewRows(ctx, ctx.database.db, item, demo.cells.map((cell) => ({
      portalId, widgetCode: cell.widgetCode, title: cell.title ?? null, x: cell.x, y: cell.y, w: cell.w, h: cell.h,
      settings: cell.settings ? JSON.stringify(cell.settings) : null,
    })), owner);
  }
}
