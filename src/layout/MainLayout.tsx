import { Button, Layout, theme } from 'antd';
import { AppstoreOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router-dom';
import { VERSION_LABEL } from '../config/appSettings';
import { BrandMark } from '../config/BrandMark';
import { useShellConfigStore } from '../config/shellConfig';
import { useAppName } from '../config/useAppName';
import { ForbiddenPage } from '../pages/forbidden/ForbiddenPage';
import { routeRolesAllowed, routeWide } from '../router/routeHandle';
import { useSessionStore } from '../session/sessionStore';
import { LanguageSwitch } from './LanguageSwitch';
import styles from './MainLayout.module.css';
import { PageLoading } from './PageLoading';
import { PageWatermark } from './PageWatermark';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';
import { MessageBell } from './MessageBell';
import { BpmTodoBell } from './BpmTodoBell';
import { usePageTitle } from './usePageTitle';
import { ShellRuntime } from '../runtime/ShellRuntime';

/** The signed-in frame: menu sider, header (configured logo and name, language, user) and the current page. */
export function MainLayout() {
  const { t } = useTranslation();
  const appName = useAppName();
  const logo = useShellConfigStore((state) => state.logo);
  const menu = useSessionStore((state) => state.menu) ?? [];
  const [collapsed, setCollapsed] = useState(false);
  const { token } = theme.useToken();
  const roles = useSessionStore((state) => state.userInfo?.roles);
  const matches = useMatches();
  const allowed = routeRolesAllowed(matches.map((match) => match.handle), roles);
  // A workspace page folds the menu while it is open and gives it back as it was on leaving.
  const wide = matches.some((match) => routeWide(match.handle));
  const collapsedNow = useRef(collapsed);
  collapsedNow.current = collapsed;
  useEffect(() => {
    if (!wide) return undefined;
    const before = collapsedNow.current;
    setCollapsed(true);
    return () => setCollapsed(before);
  }, [wide]);
  usePageTitle(appName);

  return (
    <Layout className={styles.root}>
      <Layout.Sider
        // Sticky: the menu stays in view while a long page scrolls; the menu itself scrolls inside.
        style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'hidden' }}
        width={220}
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        trigger={null}
        breakpoint="lg"
      >
        <div className={styles.siderInner}>
          <div className={styles.logo} style={{ color: token.colorPrimary }}><AppstoreOutlined /></div>
          <div className={styles.menu}><SideMenu menu={menu} collapsed={collapsed} /></div>
          <div className={styles.version} data-testid="version">{VERSION_LABEL}</div>
        </div>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          className={styles.header}
          style={{ background: token.colorBgContainer, height: 56, padding: '0 16px 0 8px', lineHeight: 'normal' }}
        >
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={t(collapsed ? 'shell.layout.expand' : 'shell.layout.collapse')}
            onClick={() => setCollapsed(!collapsed)}
          />
          {logo && <BrandMark size={28} testId="header-logo" />}
          <span className={styles.appName} data-testid="app-name">{appName}</span>
          <div className={styles.spacer} />
          <BpmTodoBell />
          <MessageBell />
          <LanguageSwitch />
          <UserMenu />
        </Layout.Header>
        <Layout.Content className={styles.content}>
          <PageWatermark>
            <Suspense fallback={<PageLoading />}>
              {/* Every page may use runtime widgets (people picker, uploads, rich text) outside the generic screens. */}
              <ShellRuntime>{allowed ? <Outlet /> : <ForbiddenPage />}</ShellRuntime>
            </Suspense>
          </PageWatermark>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
