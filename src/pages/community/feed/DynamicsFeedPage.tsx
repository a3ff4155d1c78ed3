import { Button, Empty, Space, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../request';
import { FeedComposer } from './FeedComposer';
import { FeedItem } from './FeedItem';
import type { FeedPage, FeedPost } from './feedTypes';

const PAGE_SIZE = 10;

/** 动态: the unit's feed, newest first, paged by "load more"; posting and commenting reload what is shown. */
export function DynamicsFeedPage() {
  const { t } = useTranslation();
  const [posts, setPosts] = useState<FeedPost[] | null>(null);
  const [total, setTotal] = useState(0);
  const [pages, setPages] = useState(1);
  const [loading, setLoading] = useState(false);
  const load = useCallback(async (count: number) => {
    setLoading(true);
    try {
      // Reloads every page shown, so a new comment or post appears where it belongs.
      const answers = await Promise.all(Array.from({ length: count }, (_, i) => request.get<FeedPage>('/get/info/getDynamicsFeed', { page: i + 1, pageSize: PAGE_SIZE })));
      const seen = new Set<string>();
      setPosts(answers.flatMap((a) => a.data.list).filter((p) => !seen.has(p.dynamicsId) && seen.add(p.dynamicsId)));
      setTotal(answers[answers.length - 1].data.total);
    } catch { setPosts((p) => p ?? []); } finally { setLoading(false); }
  }, []);
  useEffect(() => { void load(pages); }, [load, pages]);
  const reload = () => void load(pages);
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 820 }} data-testid="dynamics-feed">
      <FeedComposer onPosted={reload} />
      {posts === null ? <Spin /> : posts.length === 0 ? <Empty description={t('community.feed.empty')} /> : posts.map((p) => <FeedItem key={p.dynamicsId} post={p} onChanged={reload} />)}
      {posts && posts.length < total && (
        <Button block loading={loading} onClick={() => setPages((n) => n + 1)} data-testid="feed-more">{t('community.feed.more')}</Button>
      )}
    </Space>
  );
}
