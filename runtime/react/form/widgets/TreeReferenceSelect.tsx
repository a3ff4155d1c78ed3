import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeOption } from '../../data/TreeOption';
import { useEntityTree } from '../../data/useEntityTree';
import { fromSelectValue, toSelectValue } from './selectValue';
import type { WidgetProps } from './WidgetProps';

export interface TreeReferenceSelectProps extends WidgetProps<string> {
  /** The tree call of the referred entity, e.g. /get/system/getDeptTree. */
  path: string;
  multiple?: boolean;
}

const TREE_FIELD_NAMES = { label: 'label', value: 'value', children: 'children' };

/** Labels may be i18n keys (menu titles) or plain data (department names); t() passes the latter through. */
function translated(nodes: TreeOption[], t: (key: string) => string): TreeOption[] {
  return nodes.map((node) => ({ ...node, label: t(String(node.label)), ...(node.children ? { children: translated(node.children, t) } : {}) }));
}

/**
 * Node(s) of a tree entity (departments, menus…) chosen from the whole tree. Several are picked
 * with checkboxes, and checking a branch picks the branch and everything under it (a role's
 * menus, a data role's departments); they are stored comma-joined.
 */
export function TreeReferenceSelect({ path, multiple = false, value, onChange, disabled, placeholder, 'data-testid': testId }: TreeReferenceSelectProps) {
  const { t } = useTranslation();
  const raw = useEntityTree(path);
  const tree = useMemo(() => translated(raw, t), [raw, t]);
  return (
    <TreeSelect
      data-testid={testId}
      treeData={tree}
      fieldNames={TREE_FIELD_NAMES}
      multiple={multiple}
      treeCheckable={multiple}
      showCheckedStrategy={TreeSelect.SHOW_ALL}
      maxTagCount="responsive"
      allowClear
      showSearch
      treeNodeFilterProp="label"
      treeDefaultExpandAll
      disabled={disabled}
      placeholder={placeholder}
      value={toSelectValue(value, multiple)}
      onChange={(next: unknown) => onChange?.(fromSelectValue(next, multiple))}
    />
  );
}
