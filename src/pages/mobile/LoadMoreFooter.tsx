import { Button, Empty, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LoadMore } from './useLoadMore';

/** Below a phone list: the spinner, the first page's failure, "nothing here", or 加载更多. */
export function LoadMoreFooter<T>({ state, empty }: { state: LoadMore<T>; empty: string }) {
  const { t } = useTranslation();
  if (state.error) return <Result status="warning" title={state.error.message} />;
  if (state.loading) return <div style={{ textAlign: 'center', padding: 24 }}><Spin /></div>;
  if (state.rows?.length === 0) return <Empty description={empty} />;
  if (!state.more) return null;
  return <Button block size="large" onClick={state.loadMore} data-testid="mobile-load-more">{t('shell.mobile.loadMore')}</Button>;
}
