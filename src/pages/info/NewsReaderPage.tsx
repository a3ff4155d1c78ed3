import { EyeOutlined } from '@ant-design/icons';
import { Badge, Card, Col, Empty, Input, Pagination, Result, Row, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { request } from '../../request';
import { NewsCover } from './NewsCover';
import { NEWS_TYPES, newsViewPath, type NewsRow, type Page } from './infoTypes';
import styles from './info.module.css';

const PAGE_SIZE = 12;

/** 新闻中心: the unit's published news as cards with covers, by category, 置顶 first, unread marked. */
export function NewsReaderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [newsType, setNewsType] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [state, setState] = useState<Page<NewsRow> | 'loading' | Error>('loading');

  useEffect(() => {
    let live = true;
    setState('loading');
    request.get<Page<NewsRow>>('/get/info/getPublishedNewsList', { page, pageSize: PAGE_SIZE, newsType, keyword }, { quiet: true }).then(
      (answer) => { if (live) setState(answer.data); },
      (error: unknown) => { if (live) setState(error instanceof Error ? error : new Error(String(error))); },
    );
    return () => { live = false; };
  }, [page, newsType, keyword]);

  const tabs = [{ key: '', label: t('info.common.all') }, ...NEWS_TYPES.map((type) => ({ key: type, label: t(`dic.infoNewsType.item.${type}`) }))];
  return (
    <Card data-testid="news-reader">
      <Tabs activeKey={newsType} items={tabs} onChange={(key) => { setNewsType(key); setPage(1); }}
        tabBarExtraContent={<Input.Search allowClear placeholder={t('info.common.search')} style={{ width: 240 }} data-testid="news-search"
          onSearch={(value) => { setKeyword(value.trim()); setPage(1); }} />} />
      {state === 'loading' && <div style={{ textAlign: 'center', padding: 48 }}><Spin /></div>}
      {state instanceof Error && <Result status="warning" title={state.message} />}
      {typeof state === 'object' && !(state instanceof Error) && (state.list.length === 0
        ? <Empty description={t('info.common.empty')} />
        : (
          <>
            <Row gutter={[16, 16]}>
              {state.list.map((news) => (
                <Col key={news.newsId} xs={24} sm={12} lg={8} xl={6}>
                  <Badge.Ribbon text={t('info.news.top')} color="red" style={{ display: news.top ? undefined : 'none' }}>
                    <Card hoverable size="small" cover={<NewsCover attachId={news.cover} alt={news.title} />} onClick={() => navigate(newsViewPath(news.newsId))}
                      data-testid={`news-card-${news.newsId}`} data-read={news.read ? 'yes' : 'no'}>
                      <div className={styles.cardTitle}>
                        {!news.read && <Badge status="error" style={{ marginRight: 6 }} />}
                        {news.title}
                      </div>
                      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ minHeight: 44, marginBottom: 8 }}>{news.summary}</Typography.Paragraph>
                      <Space size={8} wrap style={{ fontSize: 12 }}>
                        <Tag>{t(`dic.infoNewsType.item.${news.newsType}`)}</Tag>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>{news.publishTime?.slice(0, 10)}</Typography.Text>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}><EyeOutlined /> {news.readCount ?? 0}</Typography.Text>
                      </Space>
                    </Card>
                  </Badge.Ribbon>
                </Col>
              ))}
            </Row>
            <Pagination style={{ marginTop: 16, textAlign: 'right' }} current={page} pageSize={PAGE_SIZE} total={state.total} onChange={setPage} showSizeChanger={false} />
          </>
        ))}
    </Card>
  );
}
