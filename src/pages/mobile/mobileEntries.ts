import { MODULE_DETAILS_LINKS, type ModuleDetailsLink } from '../../../runtime/core/links';
import type { MenuNode } from '../../session/sessionTypes';

/** Every menu entry that opens a page (directories left out), in menu order. */
export function menuPageEntries(menu: readonly MenuNode[]): MenuNode[] {
  return menu.flatMap((node) => (node.children && node.children.length > 0 ? menuPageEntries(node.children) : [node]))
    .filter((node) => node.meta?.type !== 'dir');
}

/** Icons of the mobile screen families (the modules messages link into). */
export const FAMILY_ICONS: Record<string, string> = {
  news: 'ReadOutlined', email: 'MailOutlined', notice: 'NotificationOutlined', diary: 'EditOutlined',
  task: 'CheckSquareOutlined', duty: 'ScheduleOutlined', workplan: 'CalendarOutlined', 'hr/salary': 'MoneyCollectOutlined',
  'hr/contract': 'FileProtectOutlined', 'hr/licence': 'IdcardOutlined', vote: 'LikeOutlined',
};

/** Tile colours, cycled: distinct, readable under white icons. */
export const TILE_COLORS = ['#00C6AE', '#1677FF', '#FA8C16', '#722ED1', '#EB2F96', '#13C2C2', '#52C41A', '#2F54EB', '#FA541C', '#597EF7'];

/** Path of a family's mobile screen: /app/{module}. */
export function familyPath(link: ModuleDetailsLink): string {
  return `/app/${link.module}`;
}

export const MOBILE_FAMILIES = MODULE_DETAILS_LINKS;

/** The menu entry that shows `entity`, for the desktop screens (edit) reached from a mobile one. */
export function menuPathOfEntity(menu: readonly MenuNode[], entity: string): string | null {
  const entry = menuPageEntries(menu).find((node) => node.component === 'entity' && node.meta?.entity === entity);
  return entry ? entry.path.split(/[?#]/, 1)[0] : null;
}
