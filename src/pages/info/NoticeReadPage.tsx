import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Divider, Result, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AttachmentList } from '../../../runtime/react/attachments/AttachmentList';
import { RichTextView } from '../../../runtime/react/richText/RichTextView';
import { ShellRuntime } from '../../runtime/ShellRuntime';
import { NoticeReadStatus } from './NoticeReadStatus';
import { NOTICE_MINE_PATH, URGENCY_COLORS, attachIdsOf, type NoticeDetail } from './infoTypes';
import { useReaderCall } from './useReaderCall';
import styles from './info.module.css';

/**
 * Reading a notice (getNoticeDetailForRead marks it read): the template's red header above the
 * title and body, the attachments and, for its publisher and administrators, who has and has
 * not read it.
 */
export function NoticeReadPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const noticeId = search.get('noticeId') ?? '';
  const state = useReaderCall<NoticeDetail>('/get/info/getNoticeDetailForRead', noticeId ? { noticeId } : null);
  const back = <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(NOTICE_MINE_PATH)}>{t('info.common.back')}</Button>;
  if (state.status === 'loading') return <Card><div style={{ textAlign: 'center', padding: 48 }}><Spin /></div></Card>;
  if (state.status === 'failed') return <Card><Result status="warning" title={state.message} extra={back} /></Card>;
  const notice = state.data;
  const attachments = attachIdsOf(notice.attachments);
  return (
    <ShellRuntime>
      <Card extra={back} data-testid="notice-read">
        <article className={styles.article}>
          {notice.status !== 'published' && <Alert type="warning" showIcon message={t('info.notice.notPublished')} style={{ marginBottom: 16 }} />}
          {notice.header && <div className={styles.redHeader}><RichTextView html={notice.header} data-testid="notice-red-header" /></div>}
          <Typography.Title level={3} className={styles.articleTitle}>{notice.title}</Typography.Title>
          <div className={styles.articleMeta}>
            <Space size={16} wrap>
              <Tag>{t(`dic.infoNoticeType.item.${notice.noticeType}`)}</Tag>
              {notice.urgency !== 'normal' && <Tag color={URGENCY_COLORS[notice.urgency]}>{t(`entity.Notice.urgency.${notice.urgency}`)}</Tag>}
              {notice.docNo && !notice.header && <span>{t('info.notice.docNo', { docNo: notice.docNo })}</span>}
              {notice.publishTime && <span>{t('info.notice.publishedAt', { time: notice.publishTime })}</span>}
              {notice.authorName && <span>{t('info.notice.author', { name: notice.authorName })}</span>}
              {notice.expireDate && <span>{t('info.notice.expire', { date: notice.expireDate })}</span>}
            </Space>
          </div>
          <RichTextView html={notice.content} data-testid="notice-content" />
          {attachments.length > 0 && (
            <>
              <Divider orientation="left">{t('info.common.attachments')}</Divider>
              <AttachmentList attachIds={attachments} />
            </>
          )}
          {notice.canSeeReadStatus && notice.status !== 'draft' && (
            <>
              <Divider orientation="left">{t('info.common.readStatus')}</Divider>
              <NoticeReadStatus noticeId={notice.noticeId} />
            </>
          )}
        </article>
      </Card>
    </ShellRuntime>
  );
}
