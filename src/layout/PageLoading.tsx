import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while a page's code is on its way. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240 }}>
      <Spin tip={t('shell.router.loading')} size="large"><div style={{ padding: 48 }} /></Spin>
    </div>
  );
}
