import { Alert, App, Button, Card, Divider, Empty, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { RichTextEditor } from '../../../../runtime/react/richText/RichTextEditor';
import { RichTextView } from '../../../../runtime/react/richText/RichTextView';
import { request } from '../../../request';
import type { PostDetail, Reply } from './forumTypes';

/** A post with its replies (floors), quoting, the reply box, and delete buttons where the server allows them. */
export function PostDetailPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { postId = '' } = useParams();
  const [data, setData] = useState<PostDetail | null>(null);
  const [reply, setReply] = useState('');
  const [quote, setQuote] = useState<Reply | null>(null);
  const [busy, setBusy] = useState(false);
  const [editorKey, setEditorKey] = useState(0);
  const load = useCallback(() => {
    request.get<PostDetail>('/get/info/getDiscussPostDetail', { id: postId }).then((a) => setData(a.data), () => undefined);
  }, [postId]);
  useEffect(load, [load]);

  const send = async () => {
    setBusy(true);
    try {
      await request.postJson('/set/info/insertDiscussReply', { post: postId, content: reply, quoteReply: quote?.replyId ?? null });
      setReply('');
      setQuote(null);
      setEditorKey((k) => k + 1);
      load();
    } catch { /* shown by the request layer */ } finally { setBusy(false); }
  };
  const deletePost = async () => {
    try {
      await request.post('/set/info/deleteDiscussPost', { id: postId });
      message.success(t('community.forum.delete'));
      navigate(`/community/forum/board/${encodeURIComponent(data?.post.board ?? '')}`);
    } catch { /* shown */ }
  };
  const deleteReply = async (id: string) => {
    try { await request.post('/set/info/deleteDiscussReply', { id }); load(); } catch { /* shown */ }
  };
  if (!data) return <Card loading />;
  const { post } = data;
  const byId = new Map(data.replies.map((r) => [r.replyId, r]));
  const empty = reply.replace(/<[^>]*>/g, '').trim() === '' && !reply.includes('<img');
  return (
    <Card data-testid="forum-post"
      title={<Space><Link to={`/community/forum/board/${encodeURIComponent(post.board)}`}>{post.boardName}</Link><span>/</span><span>{post.title}</span></Space>}
      extra={data.canDeletePost && (
        <Popconfirm title={t('community.forum.deletePostConfirm')} onConfirm={deletePost}>
          <Button danger data-testid="forum-delete-post">{t('community.forum.delete')}</Button>
        </Popconfirm>
      )}>
      <Space size={8} wrap>
        {post.isTop === 1 && <Tag color="red">{t('community.forum.top')}</Tag>}
        {post.isEssence === 1 && <Tag color="gold">{t('community.forum.essence')}</Tag>}
        <Typography.Text strong>{post.authorName}</Typography.Text>
        <Typography.Text type="secondary">{post.createTime.slice(0, 16)}</Typography.Text>
        <Typography.Text type="secondary">{t('community.forum.views', { count: post.viewCount })} · {t('community.forum.replies', { count: post.replyCount })}</Typography.Text>
      </Space>
      <div style={{ marginTop: 12 }}><RichTextView html={post.content} data-testid="forum-post-content" /></div>
      <Divider orientation="left">{t('community.forum.reply')}</Divider>
      {data.replies.length === 0 ? <Empty description={t('community.forum.noReplies')} /> : (
        <List dataSource={data.replies} rowKey="replyId" renderItem={(r, index) => {
          const quoted = r.quoteReply ? byId.get(r.quoteReply) : undefined;
          return (
            <List.Item data-testid={`forum-reply-${r.replyId}`} actions={[
              data.canReply && <Button key="quote" type="link" size="small" onClick={() => setQuote(r)}>{t('community.forum.quote')}</Button>,
              data.canDeleteReplies.includes(r.replyId) && (
                <Popconfirm key="delete" title={t('community.forum.deleteReplyConfirm')} onConfirm={() => deleteReply(r.replyId)}>
                  <Button type="link" size="small" danger>{t('community.forum.delete')}</Button>
                </Popconfirm>
              ),
            ].filter(Boolean)}>
              <List.Item.Meta
                title={<Space><Typography.Text strong>{r.authorName}</Typography.Text><Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('community.forum.floor', { n: index + 1 })} · {r.createTime.slice(0, 16)}</Typography.Text></Space>}
                description={(
                  <>
                    {quoted && (
                      <blockquote style={{ borderLeft: '3px solid #d9d9d9', margin: '4px 0 8px', padding: '2px 10px', color: 'rgba(0,0,0,0.55)' }}>
                        <Typography.Text type="secondary">{t('community.forum.quoting', { name: quoted.authorName })}</Typography.Text>
                        <RichTextView html={quoted.content} />
                      </blockquote>
                    )}
                    <RichTextView html={r.content} />
                  </>
                )} />
            </List.Item>
          );
        }} />
      )}
      {data.canReply && (
        <Space direction="vertical" style={{ width: '100%', marginTop: 16 }} data-testid="forum-reply-box">
          {quote && <Alert type="info" message={t('community.forum.quoting', { name: quote.authorName })} closable onClose={() => setQuote(null)} />}
          <RichTextEditor key={editorKey} value={reply} onChange={(v) => setReply(v ?? '')} data-testid="forum-reply-editor" />
          <Button type="primary" loading={busy} disabled={empty} onClick={send} data-testid="forum-reply-send">{t('community.forum.reply')}</Button>
        </Space>
      )}
    </Card>
  );
}
