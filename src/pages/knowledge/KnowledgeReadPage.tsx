import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Button, Card, Descriptions, Divider, Empty, Input, List, Result, Space, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { request } from '../../request';
import { AttachmentList } from '../../../runtime/react/attachments/AttachmentList';
import { RichTextView } from '../../../runtime/react/richText/RichTextView';
import { RuntimeProvider } from '../../../runtime/react';
import { useRuntimeServices } from '../../runtime/useRuntimeServices';
import type { KnowledgeCommentRow, KnowledgeDetail } from './knowledgeTypes';
import styles from './knowledge.module.css';

/**
 * 阅读: one document (content, attachments with their previews, comments). Opening it writes
 * the reader's learning record on the server; leaving it reports the time spent (finishKnowledgeLearn).
 */
export function KnowledgeReadPage() {
  // The attachment list and the rich-text images read files through the runtime's services.
  const services = useRuntimeServices();
  return (
    <RuntimeProvider services={services}>
      <ReadDocument />
    </RuntimeProvider>
  );
}

function ReadDocument() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [doc, setDoc] = useState<KnowledgeDetail | null | 'refused'>(null);
  const [comments, setComments] = useState<KnowledgeCommentRow[]>([]);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const opened = useRef(0);

  const loadComments = useCallback(async () => {
    const answer = await request.get<KnowledgeCommentRow[]>('/get/knowledge/getKnowledgeCommentsOf', { knowledge: id }, { quiet: true });
    setComments(answer.data);
  }, [id]);

  useEffect(() => {
    let current = true;
    let learnId: string | null = null;
    setDoc(null);
    request.get<KnowledgeDetail>('/get/knowledge/getKnowledgeDetailForRead', { id }, { quiet: true }).then((a) => {
      if (!current) return;
      learnId = a.data.learnId;
      opened.current = Date.now();
      setDoc(a.data);
      void loadComments().catch(() => undefined);
    }, () => { if (current) setDoc('refused'); });
    return () => {
      current = false;
      if (learnId) {
        const seconds = Math.round((Date.now() - opened.current) / 1000);
        void request.post('/set/knowledge/finishKnowledgeLearn', { learnId, seconds }, { quiet: true }).catch(() => undefined);
      }
    };
  }, [id, loadComments]);

  const send = async () => {
    if (!draft.trim()) return;
    setSending(true);
    try {
      await request.post('/set/knowledge/insertKnowledgeComment', { knowledge: id, content: draft.trim() });
      setDraft('');
      void message.success(t('knowledge.read.sent'));
      await loadComments();
    } catch { /* the request layer showed why */ } finally {
      setSending(false);
    }
  };

  if (doc === null) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (doc === 'refused') {
    return <Result status="404" title={t('knowledge.read.notFound')} extra={<Button onClick={() => navigate('/knowledge/home')}>{t('knowledge.read.back')}</Button>} />;
  }
  const attachIds = String(doc.attachments ?? '').split(',').filter(Boolean);
  return (
    <Card data-testid="knowledge-read">
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} style={{ paddingLeft: 0 }}>{t('knowledge.read.back')}</Button>
      <Typography.Title level={3} className={styles.readHeader} data-testid="knowledge-read-title">{doc.title}</Typography.Title>
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }}>
        <Descriptions.Item label={t('knowledge.read.category')}>{doc.sortIdName}</Descriptions.Item>
        <Descriptions.Item label={t('knowledge.read.author')}>{doc.authorName}</Descriptions.Item>
        <Descriptions.Item label={t('knowledge.read.updated')}>{String(doc.updateTime ?? '').slice(0, 16)}</Descriptions.Item>
        <Descriptions.Item label={t('knowledge.read.views')}>{doc.viewCount}</Descriptions.Item>
      </Descriptions>
      <Space wrap>
        {doc.status === 'draft' && <Tag color="orange">{t('knowledge.home.draft')}</Tag>}
        {String(doc.tags ?? '').split(',').filter(Boolean).map((tag) => <Tag key={tag} color="blue">{tag}</Tag>)}
      </Space>
      {doc.summary && <div className={styles.summary}>{doc.summary}</div>}
      {doc.content && <RichTextView html={doc.content} data-testid="knowledge-read-content" />}
      {attachIds.length > 0 && (
        <>
          <Divider orientation="left">{t('knowledge.read.attachments')}</Divider>
          <AttachmentList attachIds={attachIds} />
        </>
      )}
      <Divider orientation="left">{t('knowledge.read.comments', { count: comments.length })}</Divider>
      <List
        dataSource={comments}
        rowKey="commentId"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('knowledge.read.noComments')} /> }}
        renderItem={(c) => (
          <List.Item data-testid="knowledge-comment">
            <List.Item.Meta title={<Space><Typography.Text strong>{c.commenterName}</Typography.Text><span className={styles.meta}>{String(c.createTime).slice(0, 16)}</span></Space>} description={c.content} />
          </List.Item>
        )}
      />
      <Space.Compact style={{ width: '100%', marginTop: 8 }}>
        <Input.TextArea value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={1000} autoSize={{ minRows: 2, maxRows: 5 }} placeholder={t('knowledge.read.commentPlaceholder')} data-testid="knowledge-comment-input" />
      </Space.Compact>
      <Button type="primary" style={{ marginTop: 8 }} loading={sending} disabled={!draft.trim()} onClick={() => void send()} data-testid="knowledge-comment-send">{t('knowledge.read.send')}</Button>
    </Card>
  );
}
