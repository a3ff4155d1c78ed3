import { FormTab, type IFormTabProps } from '@formily/antd-v5';

/**
 * Formily's FormTab builds antd's `items` from the schema, but also forwards the children
 * SchemaField renders into it; antd then warns that children tabs are deprecated. The panes come
 * from the schema alone, so the children are dropped here.
 */
function FormTabFromSchema({ children: _rendered, ...props }: IFormTabProps) {
  return <FormTab {...props} />;
}

export const SchemaFormTab = Object.assign(FormTabFromSchema, { TabPane: FormTab.TabPane });
