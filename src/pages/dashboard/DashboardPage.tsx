import { Alert, Card, Col, Row, Space, Typography } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { menuIcon } from '../../layout/menuIcons';
import { menuLinkPath } from '../../router/menuRoutes';
import { useSessionStore } from '../../session/sessionStore';
import type { MenuNode } from '../../session/sessionTypes';

/** Every menu entry that opens a page (directories left out), in menu order. */
function pageEntries(menu: readonly MenuNode[]): MenuNode[] {
  return menu.flatMap((node) => (node.children && node.children.length > 0 ? pageEntries(node.children) : [node]))
    .filter((node) => node.meta?.type !== 'dir');
}

/** The default landing page: a welcome with the user's department and a link to each page of the menu. */
export function DashboardPage() {
  const { t } = useTranslation();
  const userInfo = useSessionStore((state) => state.userInfo);
  const menu = useSessionStore((state) => state.menu) ?? [];
  const entries = pageEntries(menu);

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('shell.dashboard.welcome', { name: userInfo?.userName ?? '' })}
        </Typography.Title>
        <Typography.Text type="secondary">
          <ApartmentOutlined />{' '}
          {userInfo?.deptName ? t('shell.dashboard.department', { dept: userInfo.deptName }) : t('shell.dashboard.noDepartment')}
        </Typography.Text>
      </Card>
      <Card title={t('shell.dashboard.quickLinks')}>
        {entries.length === 0 ? (
          <Alert type="warning" showIcon message={t('shell.login.noMenu')} />
        ) : (
          <Row gutter={[16, 16]}>
            {entries.map((node) => (
              <Col key={menuLinkPath(node)} xs={12} sm={8} md={6} lg={4}>
                <Link to={menuLinkPath(node)} data-testid={`quick-link-${node.name}`}>
                  <Card hoverable size="small" style={{ textAlign: 'center' }}>
                    <div style={{ fontSize: 24 }}>{menuIcon(node.meta?.icon ?? 'FileTextOutlined', 'page')}</div>
                    <Typography.Text ellipsis>{t(node.meta?.title ?? node.name)}</Typography.Text>
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        )}
      </Card>
    </Space>
  );
}
