import { FormTab, type IFormTabProps } from '@formily/antd-v5';
import styles from './SchemaFormTab.module.css';

/**
 * Formily's FormTab builds antd's `items` from the schema, but also forwards the children
 * SchemaField renders into it; antd then warns that children tabs are deprecated. The panes come
 * from the schema alone, so the children are dropped here. The class places the error badge
 * beside the tab's title rather than over it.
 */
function FormTabFromSchema({ children: _rendered, className, ...props }: IFormTabProps) {
  return <FormTab {...props} className={className ? `${styles.tabs} ${className}` : styles.tabs} />;
}

export const SchemaFormTab = Object.assign(FormTabFromSchema, { TabPane: FormTab.TabPane });
