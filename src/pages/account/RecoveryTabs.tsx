import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export const FORGET_BY_EMAIL_PATH = '/forget_password';
export const FORGET_BY_PHONE_PATH = '/forget_password_phone';

/** The two recovery routes as two tabs: by e-mail (/forget_password) and by phone code (/forget_password_phone). */
export function RecoveryTabs({ active }: { active: 'email' | 'phone' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tabs
      centered
      activeKey={active}
      onChange={(key) => navigate(key === 'email' ? FORGET_BY_EMAIL_PATH : FORGET_BY_PHONE_PATH, { replace: true })}
      items={[
        { key: 'email', label: <span data-testid="forget-tab-email">{t('account.page.forget.emailTab')}</span> },
        { key: 'phone', label: <span data-testid="forget-tab-phone">{t('account.page.forget.phoneTab')}</span> },
      ]}
    />
  );
}
