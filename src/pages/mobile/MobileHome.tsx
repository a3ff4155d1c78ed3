import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Badge, Button, Empty, Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { safeHref, type ChatClient } from '../../../runtime/core/links';
import { VERSION_LABEL } from '../../config/appSettings';
import { useAppName } from '../../config/useAppName';
import { menuIcon } from '../../layout/menuIcons';
import { PageWatermark } from '../../layout/PageWatermark';
import { usePageTitle } from '../../layout/usePageTitle';
import { menuLinkPath } from '../../../runtime/core/menu';
import { LOGIN_PATH } from '../../router/loginUrl';
import { logout } from '../../session/logout';
import { useDataLabel } from '../../../runtime/react/format/useDataLabel';
import { useSessionStore } from '../../session/sessionStore';
import { FAMILY_ICONS, MOBILE_FAMILIES, PERMISSION_TILES, TILE_COLORS, familyPath, menuPageEntries } from './mobileEntries';
import { MOBILE_TODO_PATH, useBpmTodoTile } from './useBpmTodoTile';
import styles from './mobile.module.css';

export interface MobileHomeProps {
  /** 'app' for the browser; 'dapp' / 'wapp' inside the two chat apps. */
  client: 'app' | ChatClient;
}

interface TileProps {
  to: string;
  icon: string;
  label: string;
  color: string;
  testId: string;
  /** A count on the icon (the open to-dos); none when 0. */
  badge?: number;
}

function Tile({ to, icon, label, color, testId, badge }: TileProps) {
  const iconBox = <span className={styles.tileIcon} style={{ background: color }}>{menuIcon(icon, 'page')}</span>;
  return (
    <Link to={to} className={styles.tile} data-testid={testId}>
      {badge === undefined ? iconBox : <Badge count={badge} overflowCount={99} data-testid={`${testId}-count`}>{iconBox}</Badge>}
      <span className={styles.tileLabel}>{label}</span>
    </Link>
  );
}

/**
 * The mobile home (/app, and /dapp, /wapp in the chat apps): the user's name and unit, touch-sized
 * tiles for the workflow to-dos (with their count, for holders of 流程中心), 考勤打卡 (for those
 * who may clock in), the mobile screen families and the menu's pages, and sign-out.
 */
export function MobileHome({ client }: MobileHomeProps) {
  const { t } = useTranslation();
  const dataLabel = useDataLabel();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const appName = useAppName();
  const userInfo = useSessionStore((state) => state.userInfo);
  const menu = useSessionStore((state) => state.menu) ?? [];
  // An entry whose stored path is not a safe link (runtime/core/links/safeLink.ts) is not offered.
  const entries = menuPageEntries(menu).filter((node) => safeHref(menuLinkPath(node)));
  const todo = useBpmTodoTile(menu);
  const permissions = useSessionStore((state) => state.permissions);
  const permissionTiles = PERMISSION_TILES.filter((tile) => permissions.includes(tile.permission));
  usePageTitle(appName);

  const signOut = () => {
    void logout().then(() => navigate(client === 'app' ? LOGIN_PATH : `/${client}/login`, { replace: true }));
  };
  const unit = [userInfo?.unitName, userInfo?.deptName].filter(Boolean).join(' · ');

  return (
    <div className={styles.page} data-testid="mobile-home">
      <div style={{ background: `linear-gradient(160deg, ${token.colorPrimary}, ${token.colorPrimaryActive})` }}>
        <div className={styles.heroInner}>
          <header className={styles.header} style={{ background: 'transparent', boxShadow: 'none', position: 'static' }}>
            <div className={styles.headerTitle} data-testid="app-name">{appName}</div>
            {client !== 'app' && <Tag color="rgba(255,255,255,0.25)" data-testid="chat-client">{t(`shell.mobile.client.${client}`)}</Tag>}
            <Button
              type="text"
              icon={<LogoutOutlined />}
              onClick={signOut}
              style={{ color: '#fff', minHeight: 44 }}
              data-testid="mobile-logout"
            >
              {t('shell.layout.logout')}
            </Button>
          </header>
          <div className={styles.profile}>
            <Avatar size={56} icon={<UserOutlined />} style={{ background: 'rgba(255,255,255,0.25)', flex: 'none' }} />
            <div className={styles.profileText}>
              <div className={styles.profileName} data-testid="mobile-user-name">{userInfo?.userName ?? userInfo?.accountId ?? ''}</div>
              <div className={styles.profileUnit} data-testid="mobile-user-unit">{unit || t('shell.dashboard.noDepartment')}</div>
            </div>
          </div>
        </div>
      </div>
      <PageWatermark>
        <main className={styles.body} style={{ marginTop: -16 }}>
          <section className={styles.section}>
            <div className={styles.sectionTitle}>{t('shell.mobile.families')}</div>
            <div className={styles.tiles}>
              {todo && (
                <Tile to={MOBILE_TODO_PATH} icon="AuditOutlined" label={t('bpmCentre.mobile.tile')} color={TILE_COLORS[TILE_COLORS.length - 1]}
                  testId="mobile-bpm-todo" badge={todo.count} />
              )}
              {permissionTiles.map((tile, index) => (
                <Tile key={tile.path} to={tile.path} icon={tile.icon} label={t(tile.title)} color={TILE_COLORS[(TILE_COLORS.length - 2 - index) % TILE_COLORS.length]}
                  testId={tile.testId} />
              ))}
              {MOBILE_FAMILIES.map((family, index) => (
                <Tile
                  key={family.module}
                  to={familyPath(family)}
                  icon={FAMILY_ICONS[family.module] ?? 'AppstoreOutlined'}
                  label={t(family.title)}
                  color={TILE_COLORS[index % TILE_COLORS.length]}
                  testId={`mobile-family-${family.module.replace('/', '-')}`}
                />
              ))}
            </div>
          </section>
          <section className={styles.section}>
            <div className={styles.sectionTitle}>{t('shell.mobile.menu')}</div>
            {entries.length === 0 ? (
              <Empty description={t('shell.login.noMenu')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <div className={styles.tiles}>
                {entries.map((node, index) => (
                  <Tile
                    key={menuLinkPath(node)}
                    to={menuLinkPath(node)}
                    icon={node.meta?.icon ?? 'FileTextOutlined'}
                    label={dataLabel(node.meta?.title ?? node.name)}
                    color={TILE_COLORS[(index + 3) % TILE_COLORS.length]}
                    testId={`mobile-menu-${node.name}`}
                  />
                ))}
              </div>
            )}
          </section>
          <div className={styles.footer}>{appName} {VERSION_LABEL}</div>
        </main>
      </PageWatermark>
    </div>
  );
}
