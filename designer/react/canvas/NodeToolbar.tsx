import { AppstoreAddOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, FolderAddOutlined, UngroupOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { newNodeId, parentOf, type DesignNode } from '../../core';
import { useApply } from '../state/useApply';
import { useDesignStore } from '../state/useDesignState';
import styles from '../designer.module.css';

/** The selected node's actions: select parent, duplicate, wrap in grid/tabs, unwrap, delete. */
export function NodeToolbar({ node }: { node: DesignNode }) {
  const { t } = useTranslation();
  const store = useDesignStore();
  const apply = useApply();
  const tree = () => store.getState().document.tree;
  const parent = parentOf(tree(), node.id);
  const button = (key: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip title={t(`designer.toolbar.${key}`)} key={key}>
      <Button type="text" size="small" icon={icon} aria-label={t(`designer.toolbar.${key}`)} data-testid={`design-toolbar-${key}`}
        onClick={(event) => { event.stopPropagation(); onClick(); }} />
    </Tooltip>
  );
  const wrap = (kind: 'grid' | 'tabs') => {
    const newIds = [newNodeId(), newNodeId()];
    apply({ type: 'wrap', id: node.id, kind, newIds }, { selection: newIds[0] });
  };
  return (
    <div className={styles.toolbar} onMouseDown={(event) => event.stopPropagation()}>
      {parent && parent.id !== tree().rootId && button('selectParent', <ArrowUpOutlined />, () => store.select(parent.id))}
      {button('duplicate', <CopyOutlined />, () => apply({ type: 'duplicate', id: node.id }))}
      {node.kind !== 'col' && node.kind !== 'tab' && button('wrapGrid', <AppstoreAddOutlined />, () => wrap('grid'))}
      {node.kind !== 'col' && node.kind !== 'tab' && button('wrapTabs', <FolderAddOutlined />, () => wrap('tabs'))}
      {node.kind !== 'field' && button('unwrap', <UngroupOutlined />, () => apply({ type: 'unwrap', id: node.id }, { selection: parent?.id }))}
      {button('delete', <DeleteOutlined />, () => apply({ type: 'remove', id: node.id }, { selection: parent && parent.id !== tree().rootId ? parent.id : undefined }))}
    </div>
  );
}
