import { Checkbox, Col, Empty, Input, List, Pagination, Radio, Row, Tree, Typography } from 'antd';
import { useEffect, useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { isPagedList } from '../../../data/PagedList';
import { DEPARTMENT_TREE_PATH, useEntityTree } from '../../../data/useEntityTree';
import { USER_SELECT_PATH } from '../../../schema/remoteSelectPath';
import { useRuntime } from '../../../useRuntime';
import type { TreeOption } from '../../../data/TreeOption';
import { treeKeys } from '../../../data/treeOptions';
import { subtreeIds, type PickedUser } from './pickedUsers';

/** People per page of the list beside the tree. */
const PAGE_SIZE = 10;
const ALL_DEPTS = '';

interface UserRow extends PickedUser { accountId: string; deptName: string }

interface PaneProps {
  multiple: boolean;
  selected: readonly PickedUser[];
  onToggle(user: PickedUser): void;
}

interface DeptNode { key: string; title: string; children: DeptNode[] }

function toTreeNode(node: TreeOption): DeptNode {
  return { key: String(node.value), title: String(node.label), children: (node.children ?? []).map(toTreeNode) };
}

function toUserRow(item: unknown): UserRow | null {
  if (typeof item !== 'object' || item === null) return null;
  const row = item as Record<string, unknown>;
  if (row.value === undefined || row.value === null) return null;
  return {
    value: String(row.value), label: String(row.label ?? row.value),
    accountId: String(row.accountId ?? ''), deptName: String(row.deptIdName ?? ''),
  };
}

/**
 * The organisation tab: the department tree on the left, the active people of the chosen
 * department (and, by default, the departments under it) on the right, searched by name or
 * account through the same select call as the field itself.
 */
export function DeptUsersPane({ multiple, selected, onToggle }: PaneProps) {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const tree = useEntityTree(DEPARTMENT_TREE_PATH);
  const [deptId, setDeptId] = useState(ALL_DEPTS);
  const [includeSub, setIncludeSub] = useState(true);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<{ rows: UserRow[]; total: number; failed: boolean; loading: boolean }>({ rows: [], total: 0, failed: false, loading: true });

  const deptIds = useMemo(() => (deptId === ALL_DEPTS ? [] : includeSub ? subtreeIds(tree, deptId) : [deptId]), [deptId, includeSub, tree]);
  const filterObj = JSON.stringify({
    status: { value: 1, operator: 'eq' },
    ...(deptIds.length > 0 ? { deptId: { value: deptIds, operator: 'include' } } : {}),
  });

  useEffect(() => {
    let current = true;
    setAnswer((previous) => ({ ...previous, loading: true }));
    request.get(USER_SELECT_PATH, { page, pageSize: PAGE_SIZE, keyword, filterObj }).then(
      (reply) => {
        if (!current) return;
        const data = isPagedList(reply.data) ? reply.data : { list: [], total: 0 };
        setAnswer({ rows: data.list.map(toUserRow).filter((r): r is UserRow => r !== null), total: data.total, failed: false, loading: false });
      },
      () => { if (current) setAnswer({ rows: [], total: 0, failed: true, loading: false }); },
    );
    return () => { current = false; };
  }, [request, page, keyword, filterObj]);

  const chosen = new Set(selected.map((s) => s.value));
  const treeData = useMemo(() => [toTreeNode({ label: t('runtime.userPicker.allDepts'), value: ALL_DEPTS, children: tree })], [t, tree]);
  // The tree arrives after the first render, so "expand all" is applied when it does.
  const [expanded, setExpanded] = useState<Key[]>([]);
  useEffect(() => { setExpanded([ALL_DEPTS, ...treeKeys(tree).all]); }, [tree]);

  return (
    <Row gutter={12} style={{ height: 420 }}>
      <Col span={9} data-testid="user-picker-dept-tree" style={{ height: '100%', overflow: 'auto', borderRight: '1px solid rgba(5,5,5,0.06)' }}>
        <Tree
          treeData={treeData}
          expandedKeys={expanded}
          onExpand={setExpanded}
          blockNode
          selectedKeys={[deptId]}
          onSelect={(keys) => { if (keys.length > 0) { setDeptId(String(keys[0])); setPage(1); } }}
        />
      </Col>
      <Col span={15} style={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 8 }}>
        <Row gutter={8} align="middle" wrap={false}>
          <Col flex="auto">
            <Input.Search
              data-testid="user-picker-search"
              allowClear
              placeholder={t('runtime.userPicker.search')}
              onSearch={(text) => { setKeyword(text.trim()); setPage(1); }}
            />
          </Col>
          <Col flex="none">
            <Checkbox checked={includeSub} onChange={(e) => { setIncludeSub(e.target.checked); setPage(1); }}>
              {t('runtime.userPicker.includeSub')}
            </Checkbox>
          </Col>
        </Row>
        <div style={{ flex: 1, overflow: 'auto' }}>
          <List
            data-testid="user-picker-users"
            size="small"
            loading={answer.loading}
            dataSource={answer.rows}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={answer.failed ? t('runtime.userPicker.loadFailed') : t('runtime.table.empty')} /> }}
            renderItem={(row) => (
              <List.Item
                data-testid={`user-picker-user-${row.value}`}
                style={{ cursor: 'pointer' }}
                onClick={() => onToggle({ value: row.value, label: row.label })}
              >
                <span style={{ marginRight: 8 }}>
                  {multiple ? <Checkbox checked={chosen.has(row.value)} /> : <Radio checked={chosen.has(row.value)} />}
                </span>
                <Typography.Text strong style={{ minWidth: 72 }}>{row.label}</Typography.Text>
                <Typography.Text type="secondary" style={{ flex: 1, marginLeft: 8 }}>{row.accountId}</Typography.Text>
                <Typography.Text type="secondary" ellipsis>{row.deptName}</Typography.Text>
              </List.Item>
            )}
          />
        </div>
        <Pagination size="small" simple current={page} pageSize={PAGE_SIZE} total={answer.total} onChange={setPage} style={{ textAlign: 'right' }} />
      </Col>
    </Row>
  );
}
