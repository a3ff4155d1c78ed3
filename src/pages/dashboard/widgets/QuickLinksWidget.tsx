import { Alert, Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { menuIcon } from '../../../layout/menuIcons';
import { menuLinkPath } from '../../../router/menuRoutes';
import { useSessionStore } from '../../../session/sessionStore';
import type { MenuNode } from '../../../session/sessionTypes';

/** Every menu entry that opens a page (directories left out), in menu order. */
function pageEntries(menu: readonly MenuNode[]): MenuNode[] {
  return menu.flatMap((node) => (node.children && node.children.length > 0 ? pageEntries(node.children) : [node]))
    .filter((node) => node.meta?.type !== 'dir');
}

/** A link to each page of the user's menu. */
export function QuickLinksWidget() {
  const { t } = useTranslation();
  const menu = useSessionStore((state) => state.menu) ?? [];
  const entries = pageEntries(menu);
  if (entries.length === 0) return <Alert type="warning" showIcon message={t('shell.login.noMenu')} />;
  return (
    <Row gutter={[12, 12]}>
      {entries.map((node) => (
        <Col key={menuLinkPath(node)} xs={12} sm={8} md={6} lg={4}>
          <Link to={menuLinkPath(node)} data-testid={`quick-link-${node.name}`}>
            <Card hoverable size="small" style={{ textAlign: 'center' }}>
              <div style={{ fontSize: 22 }}>{menuIcon(node.meta?.icon ?? 'FileTextOutlined', 'page')}</div>
              <Typography.Text ellipsis>{t(node.meta?.title ?? node.name)}</Typography.Text>
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
}
