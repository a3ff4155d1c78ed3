import { Table, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReaderCall } from './useReaderCall';

interface Recipient { userId: string; userName: string | null; deptName: string | null; readTime: string | null }
interface NoticeReadAnswer { total: number; readCount: number; unreadCount: number; read: Recipient[]; unread: Recipient[] }

/** 已读/未读: every recipient of a notice, for its publisher and administrators (getNoticeReadStatus). */
export function NoticeReadStatus({ noticeId }: { noticeId: string }) {
  const { t } = useTranslation();
  const state = useReaderCall<NoticeReadAnswer>('/get/info/getNoticeReadStatus', { noticeId });
  if (state.status === 'failed') return <Typography.Text type="warning">{state.message}</Typography.Text>;
  const data = state.status === 'ready' ? state.data : null;
  const table = (rows: Recipient[], withTime: boolean, testId: string) => (
    <Table<Recipient> size="small" rowKey="userId" loading={!data} dataSource={rows} pagination={{ pageSize: 10, hideOnSinglePage: true }} data-testid={testId}
      columns={[
        { title: t('info.notice.person'), dataIndex: 'userName' },
        { title: t('info.notice.dept'), dataIndex: 'deptName' },
        ...(withTime ? [{ title: t('info.notice.readTime'), dataIndex: 'readTime' }] : []),
      ]} />
  );
  return (
    <div data-testid="notice-read-status">
      <Typography.Paragraph>{t('info.notice.summary', { total: data?.total ?? 0, read: data?.readCount ?? 0, unread: data?.unreadCount ?? 0 })}</Typography.Paragraph>
      <Tabs items={[
        { key: 'read', label: <span data-testid="notice-read-tab">{t('info.notice.readTab', { count: data?.readCount ?? 0 })}</span>, children: table(data?.read ?? [], true, 'notice-read-list') },
        { key: 'unread', label: <span data-testid="notice-unread-tab">{t('info.notice.unreadTab', { count: data?.unreadCount ?? 0 })}</span>, children: table(data?.unread ?? [], false, 'notice-unread-list') },
      ]} />
    </div>
  );
}
