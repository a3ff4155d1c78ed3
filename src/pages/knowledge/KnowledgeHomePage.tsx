import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, List, Space, Tag, Tree, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { request } from '../../request';
import { usePermission } from '../../components';
import { HotKeywords } from './HotKeywords';
import type { KnowledgeRow, KnowledgeSortNode } from './knowledgeTypes';
import { buildSortTree, type SortTreeNode } from './sortTree';
import styles from './knowledge.module.css';

const PAGE_SIZE = 10;
const ALL = '';

interface Page { list: KnowledgeRow[]; total: number }

/**
 * 知识首页: the category tree on the left (with the number of documents the user may read), the
 * documents of the chosen category and those below it on the right, newest first, with a
 * keyword filter; above them the search box of the full-text search and the hot keywords.
 */
export function KnowledgeHomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { has } = usePermission();
  const [sorts, setSorts] = useState<KnowledgeSortNode[]>([]);
  const [sortId, setSortId] = useState(ALL);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [docs, setDocs] = useState<Page | null>(null);

  useEffect(() => {
    let current = true;
    request.get<KnowledgeSortNode[]>('/get/knowledge/getKnowledgeSortTree').then((a) => { if (current) setSorts(a.data); }, () => undefined);
    return () => { current = false; };
  }, []);

  useEffect(() => {
    let current = true;
    setDocs(null);
    request.get<Page>('/get/knowledge/getKnowledgeReadList', { sortId, keyword, page, pageSize: PAGE_SIZE })
      .then((a) => { if (current) setDocs(a.data); }, () => { if (current) setDocs({ list: [], total: 0 }); });
    return () => { current = false; };
  }, [sortId, keyword, page]);

  const tree = useMemo(() => {
    const label = (node: SortTreeNode): { key: string; title: string; children: unknown[] } => ({
      key: node.key, title: `${node.title} (${node.count})`, children: node.children.map(label),
    });
    const total = sorts.reduce((sum, s) => sum + s.count, 0);
    return [{ key: ALL, title: `${t('knowledge.home.allCategories')} (${total})`, children: buildSortTree(sorts).map(label) }];
  }, [sorts, t]);

  const search = useCallback((q: string) => {
    if (q.trim()) navigate(`/knowledge/search?${new URLSearchParams({ q: q.trim() })}`);
  }, [navigate]);

  return (
    <div className={styles.layout} data-testid="knowledge-home">
      <Card className={styles.side} title={t('knowledge.home.categories')} size="small">
        {sorts.length > 0 && (
          <Tree
            treeData={tree as never}
            defaultExpandAll
            blockNode
            selectedKeys={[sortId]}
            onSelect={(keys) => { setSortId(keys.length ? String(keys[0]) : ALL); setPage(1); }}
            data-testid="knowledge-sort-tree"
          />
        )}
      </Card>
      <div className={styles.main}>
        <Card size="small">
          <Space direction="vertical" style={{ width: '100%' }}>
            <Input.Search
              size="large"
              enterButton={t('knowledge.search.button')}
              placeholder={t('knowledge.home.searchPlaceholder')}
              onSearch={search}
              data-testid="knowledge-home-search"
            />
            <HotKeywords onPick={search} />
          </Space>
        </Card>
        <Card
          size="small"
          title={t('knowledge.home.documents')}
          extra={(
            <Space>
              <Input.Search allowClear placeholder={t('knowledge.home.keywordPlaceholder')} onSearch={(v) => { setKeyword(v.trim()); setPage(1); }} style={{ width: 260 }} />
              {has('knowledge:Knowledge:insert') && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/knowledge/doc/save')}>{t('knowledge.home.newDoc')}</Button>
              )}
            </Space>
          )}
        >
          <List
            loading={docs === null}
            dataSource={docs?.list ?? []}
            rowKey="knowledgeId"
            locale={{ emptyText: <Empty description={t('knowledge.home.empty')} /> }}
            pagination={docs && docs.total > PAGE_SIZE ? { current: page, pageSize: PAGE_SIZE, total: docs.total, onChange: setPage, showSizeChanger: false } : false}
            renderItem={(doc) => (
              <List.Item data-testid="knowledge-doc-row" extra={<span className={styles.meta}><EyeOutlined /> {t('knowledge.home.views', { count: doc.viewCount })}</span>}>
                <List.Item.Meta
                  title={(
                    <Space wrap>
                      <Typography.Link className={styles.docTitle} onClick={() => navigate(`/knowledge/read/${encodeURIComponent(doc.knowledgeId)}`)}>{doc.title}</Typography.Link>
                      {doc.status === 'draft' && <Tag color="orange">{t('knowledge.home.draft')}</Tag>}
                    </Space>
                  )}
                  description={(
                    <>
                      {doc.summary && <div>{doc.summary}</div>}
                      <Space wrap size={12} className={styles.meta}>
                        <span>{doc.sortIdName}</span>
                        <span>{doc.authorName}</span>
                        <span>{String(doc.updateTime ?? '').slice(0, 16)}</span>
                        {String(doc.tags ?? '').split(',').filter(Boolean).map((tag) => <Tag key={tag}>{tag}</Tag>)}
                      </Space>
                    </>
                  )}
                />
              </List.Item>
            )}
          />
        </Card>
      </div>
    </div>
  );
}
