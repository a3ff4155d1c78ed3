import {
  AccountBookOutlined, ApartmentOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, BarChartOutlined,
  BellOutlined, BookOutlined, BranchesOutlined, CalendarOutlined, CarOutlined, CheckSquareOutlined,
  ClockCircleOutlined, CloudOutlined, ClusterOutlined, ContactsOutlined, ContainerOutlined,
  CustomerServiceOutlined, DashboardOutlined, DatabaseOutlined, DesktopOutlined, DollarOutlined,
  EditOutlined, ExperimentOutlined, FileOutlined, FileProtectOutlined, FileSearchOutlined, FileTextOutlined, FolderOpenOutlined,
  FolderOutlined, FormOutlined, FundOutlined, GlobalOutlined, HddOutlined, HomeOutlined, IdcardOutlined,
  InboxOutlined, LikeOutlined, LineChartOutlined, LinkOutlined, LockOutlined, MailOutlined, MenuOutlined, MessageOutlined,
  MoneyCollectOutlined, NotificationOutlined, PaperClipOutlined, PieChartOutlined, ProfileOutlined,
  ProjectOutlined, ReadOutlined, ReconciliationOutlined, SafetyOutlined, ScheduleOutlined, SettingOutlined,
  ShopOutlined, ShoppingCartOutlined, SolutionOutlined, SoundOutlined, TeamOutlined, ToolOutlined,
  TrophyOutlined, UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

// A named set rather than `import * as Icons`: the whole icon package would add about a megabyte
// to every page. These cover the suite's modules; a name outside the set falls back to a neutral icon.
const ICONS = {
  AccountBookOutlined, ApartmentOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, BarChartOutlined,
  BellOutlined, BookOutlined, BranchesOutlined, CalendarOutlined, CarOutlined, CheckSquareOutlined,
  ClockCircleOutlined, CloudOutlined, ClusterOutlined, ContactsOutlined, ContainerOutlined,
  CustomerServiceOutlined, DashboardOutlined, DatabaseOutlined, DesktopOutlined, DollarOutlined,
  EditOutlined, ExperimentOutlined, FileOutlined, FileProtectOutlined, FileSearchOutlined, FileTextOutlined, FolderOpenOutlined,
  FolderOutlined, FormOutlined, FundOutlined, GlobalOutlined, HddOutlined, HomeOutlined, IdcardOutlined,
  InboxOutlined, LikeOutlined, LineChartOutlined, LinkOutlined, LockOutlined, MailOutlined, MenuOutlined, MessageOutlined,
  MoneyCollectOutlined, NotificationOutlined, PaperClipOutlined, PieChartOutlined, ProfileOutlined,
  ProjectOutlined, ReadOutlined, ReconciliationOutlined, SafetyOutlined, ScheduleOutlined, SettingOutlined,
  ShopOutlined, ShoppingCartOutlined, SolutionOutlined, SoundOutlined, TeamOutlined, ToolOutlined,
  TrophyOutlined, UserOutlined,
} as const;

function isIconName(name: string): name is keyof typeof ICONS {
  return Object.prototype.hasOwnProperty.call(ICONS, name);
}

/** 'file-text' or 'fileText' → 'FileTextOutlined', so short names written by hand work too. */
function outlinedName(name: string): string {
  const pascal = name.split(/[-_\s]+/).filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('');
  return pascal.endsWith('Outlined') ? pascal : `${pascal}Outlined`;
}

/** The icon for a menu entry; undefined when none is given, so antd leaves the space out. */
export function menuIcon(name: string | undefined, fallback: 'folder' | 'page'): ReactNode {
  if (!name) return undefined;
  const resolved = isIconName(name) ? name : outlinedName(name);
  const Icon = isIconName(resolved) ? ICONS[resolved] : fallback === 'folder' ? FolderOutlined : FileTextOutlined;
  return <Icon />;
}
