import { Avatar, Dropdown, Space, type MenuProps } from 'antd';
import { BgColorsOutlined, DashboardOutlined, DownOutlined, IdcardOutlined, LockOutlined, LogoutOutlined, SafetyCertificateOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '../router/loginUrl';
import { logout } from '../session/logout';
import { useSessionStore } from '../session/sessionStore';
import { useAvatarUrl } from '../people';
import { ThemeColorDialog } from './ThemeColorDialog';

/** The signed-in user's avatar and name, opening a menu with their profile, the theme colour and sign-out. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userInfo = useSessionStore((state) => state.userInfo);
  const [themeOpen, setThemeOpen] = useState(false);
  const avatarUrl = useAvatarUrl();

  // The spec reserves signing in as another account to the account named admin.
  const adminItems: MenuProps['items'] = userInfo?.accountId === 'admin' ? [
    { key: 'loginAs', icon: <SwapOutlined />, label: <span data-testid="menu-login-as">{t('account.page.loginAs.title')}</span> },
    { key: 'systemInfo', icon: <SafetyCertificateOutlined />, label: <span data-testid="menu-system-info">{t('account.page.systemInfo.title')}</span> },
    { key: 'monitor', icon: <DashboardOutlined />, label: <span data-testid="menu-monitor">{t('system.userMenu.monitor')}</span> },
  ] : [];
  const items: MenuProps['items'] = [
    ...adminItems,
    { key: 'info', icon: <IdcardOutlined />, label: <span data-testid="menu-personal-info">{t('people.page.menuInfo')}</span> },
    { key: 'password', icon: <LockOutlined />, label: <span data-testid="menu-password">{t('system.userMenu.password')}</span> },
    {
      key: 'theme',
      icon: <BgColorsOutlined />,
      label: <span data-testid="theme-color">{t('shell.theme.title')}</span>,
    },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: <span data-testid="logout">{t('shell.layout.logout')}</span>,
    },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'theme') setThemeOpen(true);
    if (key === 'loginAs') navigate('/system/login-as');
    if (key === 'systemInfo') navigate('/system/info');
    if (key === 'monitor') navigate('/system/monitor');
    if (key === 'info') navigate('/personal/info');
    if (key === 'password') navigate('/personal/password');
    if (key === 'logout') void logout().then(() => navigate(LOGIN_PATH, { replace: true }));
  };

  return (
    <>
      {/* Opened by click rather than hover: predictable on touch screens and in browser tests. */}
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
          <Avatar size="small" src={avatarUrl} icon={<UserOutlined />} data-testid="user-avatar" />
          <span>{userInfo?.userName ?? userInfo?.accountId ?? ''}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Space>
      </Dropdown>
      <ThemeColorDialog open={themeOpen} onClose={() => setThemeOpen(false)} />
    </>
  );
}
