import { Alert, Button, Card, Input, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { request } from '../../../request';
import { NewPostModal } from './NewPostModal';
import type { BoardPosts, Post } from './forumTypes';

const PAGE_SIZE = 20;

/** A board's posts: its notices on top, pinned posts first, then by the latest activity; a new post from here. */
export function BoardPostsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { boardId = '' } = useParams();
  const [data, setData] = useState<BoardPosts | null>(null);
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [writing, setWriting] = useState(false);
  const load = useCallback(() => {
    request.get<BoardPosts>('/get/info/getDiscussBoardPosts', { boardId, page, pageSize: PAGE_SIZE, keyword }).then((a) => setData(a.data), () => undefined);
  }, [boardId, page, keyword]);
  useEffect(load, [load]);
  const postPath = (p: Post) => `/community/forum/post/${encodeURIComponent(p.postId)}`;
  return (
    <Card loading={data === null} data-testid="forum-board-posts"
      title={<Space><Link to="/community/forum">{t('community.forum.title')}</Link><span>/</span><span>{data?.board.name}</span></Space>}
      extra={<Space>
        <Input.Search allowClear placeholder={t('community.forum.search')} onSearch={(v) => { setPage(1); setKeyword(v); }} style={{ width: 220 }} />
        <Button type="primary" onClick={() => setWriting(true)} data-testid="forum-new-post">{t('community.forum.newPost')}</Button>
      </Space>}>
      {data && (
        <Space direction="vertical" style={{ width: '100%' }}>
          {data.board.description && <Typography.Text type="secondary">{data.board.description} · {t('community.forum.moderators')}：{data.board.moderatorsName || t('community.forum.noModerators')}</Typography.Text>}
          {data.notices.map((n) => <Alert key={n.noticeId} type="info" showIcon message={n.title} />)}
          <Table<Post> rowKey="postId" size="middle" dataSource={data.list} locale={{ emptyText: t('community.forum.empty') }}
            onRow={(p) => ({ onClick: () => navigate(postPath(p)), style: { cursor: 'pointer' } })}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: data.total, onChange: setPage, showSizeChanger: false }}
            columns={[
              { key: 'title', title: t('entity.DiscussPost.field.title'), render: (_, p) => (
                <Space size={6}>
                  {p.isTop === 1 && <Tag color="red">{t('community.forum.top')}</Tag>}
                  {p.isEssence === 1 && <Tag color="gold">{t('community.forum.essence')}</Tag>}
                  <Link to={postPath(p)} onClick={(e) => e.stopPropagation()}>{p.title}</Link>
                </Space>
              ) },
              { key: 'author', title: t('entity.DiscussPost.field.author'), width: 110, render: (_, p) => p.authorName },
              { key: 'counts', title: t('entity.DiscussPost.field.replyCount'), width: 170, render: (_, p) => `${t('community.forum.replies', { count: p.replyCount })} · ${t('community.forum.views', { count: p.viewCount })}` },
              { key: 'last', title: t('entity.DiscussPost.field.lastReplyTime'), width: 160, render: (_, p) => (p.lastReplyTime ?? p.createTime).slice(0, 16) },
            ]} />
        </Space>
      )}
      <NewPostModal boardId={boardId} open={writing} onClose={() => setWriting(false)} onSaved={() => { setWriting(false); load(); }} />
    </Card>
  );
}
