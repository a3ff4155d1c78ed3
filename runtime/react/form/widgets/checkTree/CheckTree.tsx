import { Button, Empty, Input, Space, Tree, Typography, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeOption } from '../../../data/TreeOption';
import { useEntityTree } from '../../../data/useEntityTree';
import { fromSelectValue, toSelectValue } from '../selectValue';
import type { WidgetProps } from '../WidgetProps';
import { labelledTree, searchTree, treeKeys } from '../../../data/treeOptions';
import { useDataLabel } from '../../../format/useDataLabel';

export interface CheckTreeProps extends WidgetProps<string> {
  /** The tree call of the referred entity, e.g. /get/system/getMenuTree. */
  path: string;
}

const TREE_HEIGHT = 420;

/** antd's node shape, keyed by the stored value; the title carries the test id. */
function dataNodes(nodes: readonly TreeOption[]): TreeDataNode[] {
  return nodes.map((node) => ({
    key: String(node.value),
    title: <span data-testid={`check-tree-node-${String(node.value)}`}>{node.label}</span>,
    ...(node.children && node.children.length > 0 ? { children: dataNodes(node.children) } : {}),
  }));
}

/**
 * Several nodes of a tree entity chosen on the open tree (a role's menus and buttons): search,
 * open or fold everything, check or clear everything. Checking a branch checks all under it;
 * the fully checked nodes are stored comma-joined, as the tree select stores them. Disabled, it
 * is the details screen's reading of the same value: search and folding stay, changes do not.
 */
export function CheckTree({ path, value, onChange, disabled, 'data-testid': testId }: CheckTreeProps) {
  const { t } = useTranslation();
  const label = useDataLabel();
  const raw = useEntityTree(path);
  const tree = useMemo(() => labelledTree(raw, label), [raw, label]);
  const keys = useMemo(() => treeKeys(tree), [tree]);
  const treeData = useMemo(() => dataNodes(tree), [tree]);
  const [search, setSearch] = useState('');
  const found = useMemo(() => searchTree(tree, search), [tree, search]);
  // Null until the user opens or folds a node: the upper levels start open.
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const checked = toSelectValue(value, true) as string[];
  const change = (next: string[]) => onChange?.(fromSelectValue(next, true));
  const opened = expanded ?? keys.upper;
  const shownExpanded = search.trim() ? [...new Set([...opened, ...found.open])] : opened;

  return (
    <div data-testid={testId} style={{ width: '100%' }}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Input.Search
          allowClear
          style={{ width: 240 }}
          placeholder={t('runtime.checkTree.search')}
          onChange={(event) => setSearch(event.target.value)}
          data-testid={`${testId ?? 'check-tree'}-search`}
        />
        <Button size="small" onClick={() => setExpanded(keys.branches)}>{t('runtime.checkTree.expandAll')}</Button>
        <Button size="small" onClick={() => setExpanded([])}>{t('runtime.checkTree.collapseAll')}</Button>
        {!disabled && <Button size="small" onClick={() => change(keys.all)}>{t('runtime.checkTree.checkAll')}</Button>}
        {!disabled && <Button size="small" onClick={() => change([])}>{t('runtime.checkTree.clear')}</Button>}
        <Typography.Text type="secondary" data-testid={`${testId ?? 'check-tree'}-count`}>
          {t('runtime.checkTree.count', { count: checked.length })}
        </Typography.Text>
      </Space>
      <div style={{ maxHeight: TREE_HEIGHT, overflow: 'auto', border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: 6, padding: 8 }}>
        {tree.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> : (
          <Tree
            checkable
            selectable={false}
            disabled={disabled}
            treeData={treeData}
            checkedKeys={checked}
            expandedKeys={shownExpanded}
            onExpand={(next) => setExpanded(next.map(String))}
            onCheck={(next) => change((Array.isArray(next) ? next : next.checked).map(String))}
            filterTreeNode={(node) => found.matches.has(String(node.key))}
          />
        )}
      </div>
    </div>
  );
}
