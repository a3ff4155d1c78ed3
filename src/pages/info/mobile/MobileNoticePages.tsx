import { Badge, Divider, Result, Spin, Tag } from 'antd';
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
import { URGENCY_COLORS, attachIdsOf, type NoticeDetail, type NoticeRow, type Page } from '../infoTypes';
import { useReaderCall } from '../useReaderCall';
import styles from './infoMobile.module.css';

const PAGE_SIZE = 15;
const NOTICE = moduleDetailsLink('notice')!;

/** /app/notice: my notices (published to me, not expired), unread first and marked, as getMyNoticeList orders them. */
export function MobileNoticeListPage() {
  const { t } = useTranslation();
  const notices = useLoadMore<NoticeRow>(
    async (page) => (await request.get<Page<NoticeRow>>('/get/info/getMyNoticeList', { page, pageSize: PAGE_SIZE }, { quiet: true })).data,
    'mine',
  );
  return (
    <MobileFrame title={t(NOTICE.title)} back="/app">
      <div data-testid="mobile-notice-list">
        {notices.rows?.map((row) => (
          <Link key={row.noticeId} to={moduleDetailsPath('notice', row.noticeId) ?? '/app/notice'} className={styles.noticeItem}
            data-testid={`mobile-notice-${row.noticeId}`} data-read={row.read ? 'yes' : 'no'}>
            <div className={`${styles.newsTitle} ${row.read ? styles.read : styles.unread}`}>
              {!row.read && <Badge status="error" />}
              <span>{row.title}</span>
            </div>
            <div className={styles.meta}>
              {row.urgency !== 'normal' && <Tag color={URGENCY_COLORS[row.urgency]} style={{ marginInlineEnd: 0 }}>{t(`entity.Notice.urgency.${row.urgency}`)}</Tag>}
              <span>{t(`dic.infoNoticeType.item.${row.noticeType}`)}</span>
              <span>{row.publishTime?.slice(0, 16)}</span>
              <span>{row.read ? t('info.common.read') : t('info.common.unread')}</span>
            </div>
          </Link>
        ))}
        <LoadMoreFooter state={notices} empty={t('info.common.empty')} />
      </div>
    </MobileFrame>
  );
}

/**
 * /app/notice/details?noticeId=… (a notice message's link): the template's red header above the
 * title and text, the attachments; reading it (getNoticeDetailForRead) marks it read.
 */
export function MobileNoticeReadPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const noticeId = moduleDetailsId(NOTICE, search);
  const state = useReaderCall<NoticeDetail>('/get/info/getNoticeDetailForRead', noticeId ? { noticeId } : null);
  let content;
  if (!noticeId) content = <Result status="warning" title={t('shell.links.missingParam', { param: NOTICE.param })} />;
  else if (state.status === 'loading') content = <div style={{ textAlign: 'center', padding: 48 }}><Spin /></div>;
  else if (state.status === 'failed') content = <Result status="warning" title={state.message} />;
  else {
    const notice = state.data;
    const attachments = attachIdsOf(notice.attachments);
    content = (
      <article className={styles.article} data-testid="mobile-notice-read">
        {notice.header && <div className={styles.redHeader}><RichTextView html={notice.header} data-testid="notice-red-header" /></div>}
        <h1 className={styles.articleTitle}>{notice.title}</h1>
        <div className={styles.articleMeta}>
          <span>{t(`dic.infoNoticeType.item.${notice.noticeType}`)}</span>
          {notice.urgency !== 'normal' && <Tag color={URGENCY_COLORS[notice.urgency]} style={{ marginInlineEnd: 0 }}>{t(`entity.Notice.urgency.${notice.urgency}`)}</Tag>}
          {notice.docNo && !notice.header && <span>{t('info.notice.docNo', { docNo: notice.docNo })}</span>}
          {notice.publishTime && <span>{notice.publishTime.slice(0, 16)}</span>}
          {notice.authorName && <span>{t('info.notice.author', { name: notice.authorName })}</span>}
        </div>
        <RichTextView html={notice.content} data-testid="notice-content" />
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
    <MobileFrame title={t(NOTICE.title)} back={-1} backFallback="/app/notice">
      {/* Rich text and attachments read their files through the runtime's request. */}
      <div data-testid="mobile-details"><MobileRuntime>{content}</MobileRuntime></div>
    </MobileFrame>
  );
}
