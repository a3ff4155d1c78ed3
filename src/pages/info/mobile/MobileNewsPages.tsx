import { EyeOutlined } from '@ant-design/icons';
import { Badge, Card, Divider, Result, Spin, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { moduleDetailsId, moduleDetailsLink, moduleDetailsPath } from '../../../../runtime/core/links';
import { AttachmentList } from '../../../../runtime/react/attachments/AttachmentList';
import { RichTextView } from '../../../../runtime/react/richText/RichTextView';
import { request } from '../../../request';
import { LoadMoreFooter } from '../../mobile/LoadMoreFooter';
import { MobileFrame } from '../../mobile/MobileFrame';
import { MobileRuntime } from '../../mobile/MobileRuntime';
import { useLoadMore } from '../../mobile/useLoadMore';
import { NewsCover } from '../NewsCover';
import { NEWS_TYPES, attachIdsOf, type NewsDetail, type NewsRow, type Page } from '../infoTypes';
import { useReaderCall } from '../useReaderCall';
import styles from './infoMobile.module.css';

const PAGE_SIZE = 10;
const NEWS = moduleDetailsLink('news')!;

/** /app/news: the unit's published news as cards with their covers, by category, 置顶 first, unread marked. */
export function MobileNewsListPage() {
  const { t } = useTranslation();
  const [newsType, setNewsType] = useState('');
  const news = useLoadMore<NewsRow>(
    async (page) => (await request.get<Page<NewsRow>>('/get/info/getPublishedNewsList', { page, pageSize: PAGE_SIZE, newsType }, { quiet: true })).data,
    newsType,
  );
  const tabs = [{ key: '', label: t('info.common.all') }, ...NEWS_TYPES.map((type) => ({ key: type, label: t(`dic.infoNewsType.item.${type}`) }))];
  return (
    <MobileFrame title={t(NEWS.title)} back="/app">
      <Tabs activeKey={newsType} items={tabs} onChange={setNewsType} size="small" />
      <div data-testid="mobile-news-list">
        {news.rows?.map((row) => (
          <Link key={row.newsId} to={moduleDetailsPath('news', row.newsId) ?? '/app/news'} style={{ display: 'block' }} data-testid={`mobile-news-${row.newsId}`} data-read={row.read ? 'yes' : 'no'}>
            <Card size="small" className={styles.newsCard} cover={<NewsCover attachId={row.cover} alt={row.title} height={160} />}>
              <div className={styles.newsTitle}>
                {!row.read && <Badge status="error" />}
                <span>{row.title}</span>
              </div>
              {row.summary && <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '6px 0 0' }}>{row.summary}</Typography.Paragraph>}
              <div className={styles.meta}>
                {row.top ? <Tag color="red" style={{ marginInlineEnd: 0 }}>{t('info.news.top')}</Tag> : null}
                <span>{t(`dic.infoNewsType.item.${row.newsType}`)}</span>
                <span>{row.publishTime?.slice(0, 10)}</span>
                <span><EyeOutlined /> {row.readCount ?? 0}</span>
              </div>
            </Card>
          </Link>
        ))}
        <LoadMoreFooter state={news} empty={t('info.common.empty')} />
      </div>
    </MobileFrame>
  );
}

/** /app/news/details?newsId=… (a news message's link): the item as an article; reading it records the read. */
export function MobileNewsReadPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const newsId = moduleDetailsId(NEWS, search);
  const state = useReaderCall<NewsDetail>('/get/info/getNewsDetailForRead', newsId ? { newsId } : null);
  let content;
  if (!newsId) content = <Result status="warning" title={t('shell.links.missingParam', { param: NEWS.param })} />;
  else if (state.status === 'loading') content = <div style={{ textAlign: 'center', padding: 48 }}><Spin /></div>;
  else if (state.status === 'failed') content = <Result status="warning" title={state.message} />;
  else {
    const news = state.data;
    const attachments = attachIdsOf(news.attachments);
    content = (
      <article className={styles.article} data-testid="mobile-news-read">
        <h1 className={styles.articleTitle}>{news.title}</h1>
        <div className={styles.articleMeta}>
          <span>{t(`dic.infoNewsType.item.${news.newsType}`)}</span>
          {news.publishTime && <span>{news.publishTime.slice(0, 16)}</span>}
          {news.source && <span>{t('info.news.source', { source: news.source })}</span>}
          <span><EyeOutlined /> {t('info.news.reads', { count: news.readCount ?? 0 })}</span>
        </div>
        <RichTextView html={news.content} data-testid="news-content" />
        {attachments.length > 0 && (
          <>
            <Divider orientation="left">{t('info.common.attachments')}</Divider>
            <AttachmentList attachIds={attachments} />
          </>
        )}
      </article>
    );
  }
  return (
    <MobileFrame title={t(NEWS.title)} back={-1} backFallback="/app/news">
      {/* Rich text and attachments read their files through the runtime's request. */}
      <div data-testid="mobile-details"><MobileRuntime>{content}</MobileRuntime></div>
    </MobileFrame>
  );
}
