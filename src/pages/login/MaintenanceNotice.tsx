import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../request/request';

interface Maintenance { on: boolean; message: string }

/** The sign-in page says when the system is under maintenance, before anyone tries and is refused. */
export function MaintenanceNotice() {
  const { t } = useTranslation();
  const [state, setState] = useState<Maintenance | null>(null);
  useEffect(() => {
    request.get<Maintenance>('/get/system/getMaintenanceMode', {}, { quiet: true })
      .then((answer) => setState(answer.data))
      .catch(() => setState(null));
  }, []);
  if (!state?.on) return null;
  return (
    <Alert type="warning" showIcon style={{ marginBottom: 16 }} data-testid="maintenance-notice"
      message={t('system.login.maintenance')} description={state.message || undefined} />
  );
}
