import { Card, Typography } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../session/sessionStore';

/** A greeting with the user's department: the desk's first card. */
export function WelcomeWidget() {
  const { t } = useTranslation();
  const userInfo = useSessionStore((state) => state.userInfo);
  return (
    <Card data-testid="widget-welcome">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('shell.dashboard.welcome', { name: userInfo?.userName ?? '' })}
      </Typography.Title>
      <Typography.Text type="secondary">
        <ApartmentOutlined />{' '}
        {userInfo?.deptName ? t('shell.dashboard.department', { dept: userInfo.deptName }) : t('shell.dashboard.noDepartment')}
      </Typography.Text>
    </Card>
  );
}
