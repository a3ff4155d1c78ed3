import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** The catch-all page: a path the user's menu does not grant (shell spec §2). */
export function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t('shell.router.forbiddenTitle')}
      subTitle={t('shell.router.forbidden')}
      extra={<Button type="primary" onClick={() => { void navigate('/'); }}>{t('shell.router.backHome')}</Button>}
    />
  );
}
