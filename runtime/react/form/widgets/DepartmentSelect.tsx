import { TreeSelect } from 'antd';
import { useDepartmentTree } from '../../data/useDepartmentTree';
import { fromSelectValue, toSelectValue } from './selectValue';
import type { WidgetProps } from './WidgetProps';

export interface DepartmentSelectProps extends WidgetProps<string> {
  multiple?: boolean;
}

const TREE_FIELD_NAMES = { label: 'label', value: 'value', children: 'children' };

/** Department(s) chosen from the whole tree (getDeptTree); several are stored comma-joined. */
export function DepartmentSelect({ multiple = false, value, onChange, disabled, placeholder, 'data-testid': testId }: DepartmentSelectProps) {
  const tree = useDepartmentTree();
  return (
    <TreeSelect
      data-testid={testId}
      treeData={tree}
      fieldNames={TREE_FIELD_NAMES}
      multiple={multiple}
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
