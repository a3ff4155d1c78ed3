import { Alert, Card, Col, Row, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { menuIcon } from '../../../layout/menuIcons';
import { menuLinkPath, type MyShortcut } from '../../../../runtime/core/menu';
import { safeHref } from '../../../../runtime/core/links';
import { useSessionStore } from '../../../session/sessionStore';
import type { MenuNode } from '../../../session/sessionTypes';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import { useWidgetData } from './useWidgetData';
import { WidgetStatus } from './WidgetStatus';

const EXTERNAL = /^https?:\/\//i;

/** Every menu entry that opens a page (directories left out), in menu order. */
function pageEntries(menu: readonly MenuNode[]): MenuNode[] {
  return menu.flatMap((node) => (node.children && node.children.length > 0 ? pageEntries(node.children) : [node]))
    .filter((node) => node.meta?.type !== 'dir');
}

/** One tile: the icon above the title; a small mark in the corner when it opens a new tab. */
function Tile({ icon, title, newTab = false }: { icon: ReactNode; title: string; newTab?: boolean }) {
  return (
    <Card hoverable size="small" style={{ textAlign: 'center', position: 'relative' }}>
      {newTab && <ExportOutlined aria-hidden style={{ position: 'absolute', top: 8, right: 8, fontSize: 12, opacity: 0.45 }} />}
      <div style={{ fontSize: 22 }}>{icon}</div>
      <Typography.Text ellipsis>{title}</Typography.Text>
    </Card>
  );
}

const TILE_COLUMNS = { xs: 12, sm: 8, md: 6, lg: 4 } as const;

/**
 * The shortcuts the administrators configured for the user's roles; an in-app page opens in
 * place, an external link or a shortcut set to open in a new window in a new tab. When none is
 * configured for the user, a link to each page of the user's menu.
 */
export function QuickLinksWidget() {
  const { t } = useTranslation();
  const label = useDataLabel();
  const menu = useSessionStore((state) => state.menu) ?? [];
  const { state, reload } = useWidgetData<MyShortcut[]>('/get/system/getMyShortcuts');
  if (state.status !== 'ready') return <WidgetStatus state={state} onRetry={reload} />;

  // Only safe links are rendered (runtime/core/links/safeLink.ts), whatever an older row holds.
  const shortcuts = state.data.filter((shortcut) => safeHref(shortcut.path));
  if (shortcuts.length > 0) {
    // Titles are typed by administrators: shown as typed, unless one is a language-pack key.
    return (
      <Row gutter={[12, 12]} data-testid="quick-links-shortcuts">
        {shortcuts.map((shortcut) => {
          const testId = `quick-link-shortcut-${shortcut.shortcutId}`;
          const newTab = shortcut.openMode === 'blank' || EXTERNAL.test(shortcut.path);
          const tile = <Tile icon={menuIcon(shortcut.icon ?? 'LinkOutlined', 'page')} title={label(shortcut.title)} newTab={newTab} />;
          return (
            <Col key={shortcut.shortcutId} {...TILE_COLUMNS}>
              {newTab
                ? <a href={shortcut.path} target="_blank" rel="noopener noreferrer" title={t('desk.quickLinks.newTab')} data-testid={testId}>{tile}</a>
                : <Link to={shortcut.path} data-testid={testId}>{tile}</Link>}
            </Col>
          );
        })}
      </Row>
    );
  }

  const entries = pageEntries(menu).filter((node) => safeHref(menuLinkPath(node)));
  if (entries.length === 0) return <Alert type="warning" showIcon message={t('shell.login.noMenu')} />;
  return (
    <Row gutter={[12, 12]} data-testid="quick-links-menu">
      {entries.map((node) => (
        <Col key={menuLinkPath(node)} {...TILE_COLUMNS}>
          <Link to={menuLinkPath(node)} data-testid={`quick-link-${node.name}`}>
            <Tile icon={menuIcon(node.meta?.icon ?? 'FileTextOutlined', 'page')} title={label(node.meta?.title ?? node.name)} />
          </Link>
        </Col>
      ))}
    </Row>
  );
}
