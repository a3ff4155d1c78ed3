import { Badge, Card, Input, List, Segmented, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { request } from '../../request';
import { URGENCY_COLORS, noticeViewPath, type NoticeRow, type Page } from './infoTypes';
import styles from './info.module.css';

const PAGE_SIZE = 15;

/** 我的通知: published notices addressed to me that have not expired, unread first and marked. */
export function MyNoticesPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page<NoticeRow> | null>(null);

  useEffect(() => {
    let live = true;
    setData(null);
    request.get<Page<NoticeRow>>('/get/info/getMyNoticeList', { page, pageSize: PAGE_SIZE, keyword }).then(
      (answer) => { if (live) setData(answer.data); },
      () => { if (live) setData({ list: [], total: 0 }); },
    );
    return () => { live = false; };
  }, [page, keyword]);

  const rows = (data?.list ?? []).filter((row) => !unreadOnly || !row.read);
  return (
    <Card title={t('menu.infoNoticeMine')} data-testid="my-notices"
      extra={(
        <Space>
          <Segmented value={unreadOnly ? 'unread' : 'all'} onChange={(value) => setUnreadOnly(value === 'unread')}
            options={[{ value: 'all', label: t('info.common.all') }, { value: 'unread', label: t('info.common.unread') }]} />
          <Input.Search allowClear placeholder={t('info.common.search')} style={{ width: 220 }} onSearch={(value) => { setKeyword(value.trim()); setPage(1); }} />
        </Space>
      )}>
      <List<NoticeRow> loading={!data} dataSource={rows} locale={{ emptyText: t('info.common.empty') }}
        pagination={data && data.total > PAGE_SIZE ? { current: page, pageSize: PAGE_SIZE, total: data.total, onChange: setPage } : false}
        renderItem={(row) => (
          <List.Item key={row.noticeId} data-testid={`my-notice-${row.noticeId}`} data-read={row.read ? 'yes' : 'no'}
            extra={<Typography.Text type="secondary">{row.publishTime?.slice(0, 16)}</Typography.Text>}>
            <List.Item.Meta
              title={(
                <Space size={8}>
                  {!row.read && <Badge status="error" />}
                  <Link to={noticeViewPath(row.noticeId)} className={row.read ? styles.readTitle : styles.unreadTitle}>{row.title}</Link>
                  {row.urgency !== 'normal' && <Tag color={URGENCY_COLORS[row.urgency]}>{t(`entity.Notice.urgency.${row.urgency}`)}</Tag>}
                </Space>
              )}
              description={(
                <Space size={12} wrap>
                  <Tag>{t(`dic.infoNoticeType.item.${row.noticeType}`)}</Tag>
                  {row.authorName && <span>{t('info.notice.author', { name: row.authorName })}</span>}
                  {row.expireDate && <span>{t('info.notice.expire', { date: row.expireDate })}</span>}
                  <span>{row.read ? t('info.common.read') : t('info.common.unread')}</span>
                </Space>
              )} />
          </List.Item>
        )} />
    </Card>
  );
}
