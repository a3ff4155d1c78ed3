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
  'hr/contract': 'FileProtectOutlined', 'hr/licence': 'IdcardOutlined', vote: 'LikeOutlined', meeting: 'TeamOutlined',
};

/** A tile of a mobile screen that is no record family, offered to holders of `permission`. */
export interface PermissionTile {
  path: string;
  permission: string;
  title: string;
  icon: string;
  testId: string;
}

/** 考勤打卡: clocking in is an insert of OfficeAttendance, so who may clock in sees the tile. */
export const PERMISSION_TILES: readonly PermissionTile[] = [
  { path: '/app/attendance', permission: 'office:OfficeAttendance:insert', title: 'mobileOffice.attendance.tile', icon: 'ClockCircleOutlined', testId: 'mobile-attendance' },
];

/** Tile colours, cycled: distinct, readable under white icons. */
export const TILE_COLORS = ['#00C6AE', '#1677FF', '#FA8C16', '#722ED1', '#EB2F96', '#13C2C2', '#52C41A', '#2F54EB', '#FA541C', '#597EF7'];

/** Path of a family's mobile screen: /app/{module}. */
export function familyPath(link: ModuleDetailsLink): string {
  return `/app/${link.module}`;
}

export const MOBILE_FAMILIES = MODULE_DETAILS_LINKS;
