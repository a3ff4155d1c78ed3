import { ArrowLeftOutlined, EyeOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Divider, Result, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AttachmentList } from '../../../runtime/react/attachments/AttachmentList';
import { RichTextView } from '../../../runtime/react/richText/RichTextView';
import { ShellRuntime } from '../../runtime/ShellRuntime';
import { NewsReadStatus } from './NewsReadStatus';
import { NEWS_READER_PATH, attachIdsOf, type NewsDetail } from './infoTypes';
import { useReaderCall } from './useReaderCall';
import styles from './info.module.css';

/** Reading one news item (getNewsDetailForRead records the read); its publisher also sees who has read it. */
export function NewsReadPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const newsId = search.get('newsId') ?? '';
  const state = useReaderCall<NewsDetail>('/get/info/getNewsDetailForRead', newsId ? { newsId } : null);
  const back = <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(NEWS_READER_PATH)}>{t('info.common.back')}</Button>;
  if (state.status === 'loading') return <Card><div style={{ textAlign: 'center', padding: 48 }}><Spin /></div></Card>;
  if (state.status === 'failed') return <Card><Result status="warning" title={state.message} extra={back} /></Card>;
  const news = state.data;
  const attachments = attachIdsOf(news.attachments);
  return (
    <ShellRuntime>
      <Card extra={back} data-testid="news-read">
        <article className={styles.article}>
          {news.status !== 'published' && <Alert type="warning" showIcon message={t('info.news.notPublished')} style={{ marginBottom: 16 }} />}
          <Typography.Title level={3} className={styles.articleTitle}>{news.title}</Typography.Title>
          <div className={styles.articleMeta}>
            <Space size={16} wrap>
              <Tag>{t(`dic.infoNewsType.item.${news.newsType}`)}</Tag>
              {news.publishTime && <span>{t('info.news.publishedAt', { time: news.publishTime })}</span>}
              {news.source && <span>{t('info.news.source', { source: news.source })}</span>}
              {news.publisherName && <span>{t('info.news.publisher', { name: news.publisherName })}</span>}
              <span><EyeOutlined /> {t('info.news.reads', { count: news.readCount ?? 0 })}</span>
            </Space>
          </div>
          <RichTextView html={news.content} data-testid="news-content" />
          {attachments.length > 0 && (
            <>
              <Divider orientation="left">{t('info.common.attachments')}</Divider>
              <AttachmentList attachIds={attachments} />
            </>
          )}
          {news.canSeeReadStatus && (
            <>
              <Divider orientation="left">{t('info.common.readStatus')}</Divider>
              <NewsReadStatus newsId={news.newsId} />
            </>
          )}
        </article>
      </Card>
    </ShellRuntime>
  );
}
