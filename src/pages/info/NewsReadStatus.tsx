import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReaderCall } from './useReaderCall';

interface NewsReader { userId: string; userName: string | null; deptName: string | null; firstReadTime: string; lastReadTime: string; readTimes: number }
interface NewsReadAnswer { readerCount: number; readCount: number; list: NewsReader[] }

/** Who has read a news item, for its publisher and administrators (getNewsReadStatus). */
export function NewsReadStatus({ newsId }: { newsId: string }) {
  const { t } = useTranslation();
  const state = useReaderCall<NewsReadAnswer>('/get/info/getNewsReadStatus', { newsId });
  if (state.status === 'failed') return <Typography.Text type="warning">{state.message}</Typography.Text>;
  const data = state.status === 'ready' ? state.data : null;
  return (
    <div data-testid="news-read-status">
      <Typography.Paragraph>{t('info.news.readerCount', { count: data?.readerCount ?? 0 })}</Typography.Paragraph>
      <Table<NewsReader> size="small" rowKey="userId" loading={!data} dataSource={data?.list ?? []} pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { title: t('info.news.reader'), dataIndex: 'userName' },
          { title: t('info.news.dept'), dataIndex: 'deptName' },
          { title: t('info.news.firstRead'), dataIndex: 'firstReadTime' },
          { title: t('info.news.lastRead'), dataIndex: 'lastReadTime' },
          { title: t('info.news.times'), dataIndex: 'readTimes', width: 80 },
        ]} />
    </div>
  );
}
