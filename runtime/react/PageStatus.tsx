import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AsyncState } from './data/useAsync';

type Unsettled = Exclude<AsyncState<unknown>, { status: 'ready' }>;

/** Loading or failure of a screen's own data (schema, record), shown the same way on every screen. */
export function PageStatus({ state }: { state: Unsettled }) {
  const { t } = useTranslation();
  if (state.status === 'loading') {
    return <div style={{ padding: 48, textAlign: 'center' }}><Spin /></div>;
  }
  return <Result status="error" title={t('runtime.page.loadFailed')} subTitle={state.error.message} />;
}
