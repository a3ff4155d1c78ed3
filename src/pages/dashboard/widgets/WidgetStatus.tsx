import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WidgetData } from './useWidgetData';

/** Loading and failure inside a widget; renders nothing once the data are ready. */
export function WidgetStatus({ state, onRetry }: { state: WidgetData<unknown>; onRetry: () => void }) {
  const { t } = useTranslation();
  if (state.status === 'loading') return <Skeleton active paragraph={{ rows: 3 }} />;
  if (state.status === 'failed') {
    return (
      <Result status="warning" title={t('desk.widget.failed')} subTitle={state.message}
        extra={<Button size="small" onClick={onRetry} data-testid="widget-retry">{t('desk.widget.retry')}</Button>} />
    );
  }
  return null;
}
