import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useEntityTree } from '../../data/useEntityTree';
import { labelledTree } from '../../data/treeOptions';
import { useDataLabel } from '../../format/useDataLabel';
import { fromSelectValue, toSelectValue } from './selectValue';
import type { WidgetProps } from './WidgetProps';

export interface TreeReferenceSelectProps extends WidgetProps<string> {
  /** The tree call of the referred entity, e.g. /get/system/getDeptTree. */
  path: string;
  multiple?: boolean;
}

const TREE_FIELD_NAMES = { label: 'label', value: 'value', children: 'children' };

/**
 * Node(s) of a tree entity (departments, menus…) chosen from the whole tree. Several are picked
 * with checkboxes, and checking a branch picks the branch and everything under it (a role's
 * menus, a data role's departments); they are stored comma-joined.
 */
export function TreeReferenceSelect({ path, multiple = false, value, onChange, disabled, placeholder, 'data-testid': testId }: TreeReferenceSelectProps) {
  const label = useDataLabel();
  const raw = useEntityTree(path);
  // Labels may be i18n keys (menu titles) or plain data (department names).
  const tree = useMemo(() => labelledTree(raw, label), [raw, label]);
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
