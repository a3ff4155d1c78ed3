import { Avatar, Button, Card, Input, List, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../request';
import { useSessionStore } from '../../../session';
import { AttachmentImage } from './AttachmentImage';
import { attachmentIds, type FeedPost } from './feedTypes';

/** One post of the feed: author, time, text, pictures, its comments and a comment box. */
export function FeedItem({ post, onChanged }: { post: FeedPost; onChanged: () => void }) {
  const { t } = useTranslation();
  const userId = useSessionStore((s) => s.userInfo?.userId);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await request.postJson('/set/info/insertDynamicsComment', { dynamics: post.dynamicsId, content: comment.trim() });
      setComment('');
      onChanged();
    } catch { /* shown by the request layer */ } finally { setBusy(false); }
  };
  const remove = async () => {
    try { await request.post('/set/info/deleteDynamicsRecord', { id: post.dynamicsId }); onChanged(); } catch { /* shown */ }
  };
  const name = post.authorName ?? '';
  return (
    <Card size="small" data-testid={`feed-post-${post.dynamicsId}`}>
      <Space align="start" style={{ width: '100%' }}>
        <Avatar style={{ background: '#1677ff' }}>{name.slice(-2)}</Avatar>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Space size={8} wrap>
            <Typography.Text strong>{name}</Typography.Text>
            {post.createDeptName && <Typography.Text type="secondary">{post.createDeptName}</Typography.Text>}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{post.createTime.slice(0, 16)}</Typography.Text>
            {userId === post.author && (
              <Popconfirm title={t('community.feed.deleteConfirm')} onConfirm={remove}>
                <Button type="link" size="small" danger>{t('community.feed.delete')}</Button>
              </Popconfirm>
            )}
          </Space>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '6px 0' }}>{post.content}</Typography.Paragraph>
          {attachmentIds(post.images).length > 0 && <Space wrap style={{ marginBottom: 8 }}>{attachmentIds(post.images).map((id) => <AttachmentImage key={id} attachId={id} />)}</Space>}
          <div style={{ background: 'rgba(0,0,0,0.03)', borderRadius: 6, padding: '4px 10px' }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('community.feed.comments', { count: post.commentCount })}</Typography.Text>
            {post.comments.length > 0 && (
              <List size="small" split={false} dataSource={post.comments} rowKey="commentId" renderItem={(c) => (
                <List.Item style={{ padding: '2px 0' }}>
                  <span><Typography.Text strong>{c.commenterName}</Typography.Text>：{c.content}</span>
                </List.Item>
              )} />
            )}
            <Space.Compact style={{ width: '100%', margin: '6px 0' }}>
              <Input size="small" value={comment} maxLength={500} onChange={(e) => setComment(e.target.value)} onPressEnter={() => comment.trim() && send()}
                placeholder={t('community.feed.commentPlaceholder')} data-testid={`feed-comment-input-${post.dynamicsId}`} />
              <Button size="small" type="primary" disabled={comment.trim() === ''} loading={busy} onClick={send}>{t('community.feed.send')}</Button>
            </Space.Compact>
          </div>
        </div>
      </Space>
    </Card>
  );
}
