import { ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Input, List, Pagination, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { safeHref } from '../../../runtime/core/links';
import { request } from '../../request';
import { usePermission } from '../../components';
import { HotKeywords } from './HotKeywords';
import type { SearchAnswer, SearchGroup } from './knowledgeTypes';
import styles from './knowledge.module.css';

const GROUP_PAGE = 10;

/**
 * 全文检索 (`/knowledge/search?q=`): results of the knowledge base, notices, news and regulation
 * files grouped by source, each hit's title and snippet with the matches marked. The server
 * escapes the text and adds only `<mark>`, so the answer is set as HTML. `source` pages through one group.
 * A hit opens its link, the page a reader reads that record on (server/search/searchSources.ts).
 */
export function KnowledgeSearchPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { has } = usePermission();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const source = params.get('source') ?? '';
  const pageNo = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(q);
  const [answer, setAnswer] = useState<SearchAnswer | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => { setTyped(q); }, [q]);
  useEffect(() => {
    if (!q.trim()) { setAnswer(null); return undefined; }
    let current = true;
    setLoading(true);
    request.get<SearchAnswer>('/get/knowledge/searchKnowledge', { q, ...(source ? { source, pageNo, pageSize: GROUP_PAGE } : {}) })
      .then((a) => { if (current) setAnswer(a.data); }, () => { if (current) setAnswer(null); })
      .finally(() => { if (current) setLoading(false); });
    return () => { current = false; };
  }, [q, source, pageNo]);

  const go = (next: Record<string, string>) => setParams(next);
  const rebuild = () => modal.confirm({
    title: t('knowledge.search.rebuildConfirm'),
    onOk: async () => {
      const res = await request.post<{ total: number }>('/set/knowledge/rebuildSearchIndex');
      void message.success(t('knowledge.search.rebuilt', { count: res.data.total }));
    },
  });

  const group = (g: SearchGroup) => (
    <Card
      key={g.source}
      size="small"
      title={`${t(g.title)} (${g.total})`}
      data-testid={`knowledge-search-group-${g.source}`}
      extra={!source && g.total > g.hits.length
        ? <Button type="link" onClick={() => go({ q, source: g.source })}>{t('knowledge.search.more', { count: g.total })}</Button>
        : undefined}
    >
      <List
        dataSource={g.hits}
        rowKey="recordId"
        renderItem={(hit) => {
          const link = safeHref(hit.link);
          // Escaped by the server (server/search/highlight.ts): only <mark> is markup.
          const title = { __html: hit.title };
          return (
            <List.Item data-testid="knowledge-search-hit">
              <div>
                {link
                  ? <Link to={link} className={`${styles.hitTitle} rich-text`} data-testid="knowledge-search-hit-link" dangerouslySetInnerHTML={title} />
                  : <div className={`${styles.hitTitleText} rich-text`} dangerouslySetInnerHTML={title} />}
                <div className={`${styles.snippet} rich-text`} dangerouslySetInnerHTML={{ __html: hit.snippet }} />
                <div className={styles.meta}>{String(hit.time ?? '').slice(0, 16)}</div>
              </div>
            </List.Item>
          );
        }}
      />
      {source && g.total > GROUP_PAGE && (
        <Pagination current={pageNo} pageSize={GROUP_PAGE} total={g.total} showSizeChanger={false} onChange={(page) => go({ q, source, page: String(page) })} />
      )}
    </Card>
  );

  return (
    <div className={styles.main} data-testid="knowledge-search">
      <Card size="small">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space.Compact style={{ width: '100%' }}>
            <Input.Search
              size="large"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              enterButton={t('knowledge.search.button')}
              placeholder={t('knowledge.search.placeholder')}
              maxLength={100}
              onSearch={(v) => { if (v.trim()) go({ q: v.trim() }); }}
              data-testid="knowledge-search-input"
            />
          </Space.Compact>
          <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
            <HotKeywords onPick={(k) => go({ q: k })} />
            {has('knowledge:Knowledge:list') && <Button icon={<ReloadOutlined />} onClick={rebuild}>{t('knowledge.search.rebuild')}</Button>}
          </Space>
          <Typography.Text type="secondary">{t('knowledge.search.hint')}</Typography.Text>
        </Space>
      </Card>
      {loading && <Spin style={{ display: 'block', margin: 24 }} />}
      {!loading && answer && (
        <>
          <Space>
            <Typography.Text data-testid="knowledge-search-total">{t('knowledge.search.total', { count: answer.total })}</Typography.Text>
            {source && <Button type="link" onClick={() => go({ q })}>{t('knowledge.search.backToAll')}</Button>}
          </Space>
          {answer.groups.length === 0
            ? <Card><Empty description={t('knowledge.search.nothing', { q })} /></Card>
            : answer.groups.map(group)}
        </>
      )}
    </div>
  );
}
