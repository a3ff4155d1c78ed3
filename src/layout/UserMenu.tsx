import { Avatar, Dropdown, Space, type MenuProps } from 'antd';
import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '../router/loginUrl';
import { logout } from '../session/logout';
import { useSessionStore } from '../session/sessionStore';

/** The signed-in user's name, opening a menu with sign-out. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userInfo = useSessionStore((state) => state.userInfo);

  const items: MenuProps['items'] = [{
    key: 'logout',
    icon: <LogoutOutlined />,
    label: <span data-testid="logout">{t('shell.layout.logout')}</span>,
  }];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key !== 'logout') return;
    void logout().then(() => navigate(LOGIN_PATH, { replace: true }));
  };

  return (
    // Opened by click rather than hover: predictable on touch screens and in browser tests.
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
        <Avatar size="small" icon={<UserOutlined />} />
        <span>{userInfo?.userName ?? userInfo?.accountId ?? ''}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Space>
    </Dropdown>
  );
}
