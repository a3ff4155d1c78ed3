import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useDataLabel } from '../../runtime/react/format/useDataLabel';
import { Link, useLocation } from 'react-router-dom';
import { menuLinkPath, menuRoutePath, menuTrail } from '../../runtime/core/menu';
import { safeHref } from '../../runtime/core/links';
import type { MenuNode } from '../session/sessionTypes';
import { menuIcon } from './menuIcons';

type MenuItem = Required<MenuProps>['items'][number];

function isDirectory(node: MenuNode): boolean {
  return (node.children?.length ?? 0) > 0;
}

export interface SideMenuProps {
  menu: readonly MenuNode[];
  collapsed: boolean;
}

/** The user's menu tree; entries are links (so they open in a new tab too), keyed by route path. */
export function SideMenu({ menu, collapsed }: SideMenuProps) {
  const dataLabel = useDataLabel();
  const { pathname } = useLocation();
  const trail = useMemo(() => menuTrail(menu, pathname), [menu, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(trail.slice(0, -1));

  // Following a link from elsewhere (dashboard, a message) opens the directories of its entry.
  useEffect(() => {
    const directories = trail.slice(0, -1);
    setOpenKeys((open) => Array.from(new Set([...open, ...directories])));
  }, [trail]);

  const items = useMemo(() => {
    const toItem = (node: MenuNode): MenuItem => {
      const title = dataLabel(node.meta?.title ?? node.name);
      if (isDirectory(node)) {
        const label = <span data-testid={`menu-${node.name}`}>{title}</span>;
        return { key: node.name, icon: menuIcon(node.meta?.icon, 'folder'), label, children: node.children?.map(toItem) };
      }
      // A stored path that is not a safe link (a `javascript:` one saved before the server refused them) is shown, never followed.
      const to = safeHref(menuLinkPath(node));
      return {
        key: menuRoutePath(node),
        icon: menuIcon(node.meta?.icon, 'page'),
        label: to ? <Link to={to} data-testid={`menu-${node.name}`}>{title}</Link> : <span data-testid={`menu-${node.name}`}>{title}</span>,
      };
    };
    return menu.map(toItem);
  }, [menu, dataLabel]);

  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={trail.slice(-1)}
      // A collapsed sider shows pop-up submenus; forcing open keys there would pin them open.
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
    />
  );
}
