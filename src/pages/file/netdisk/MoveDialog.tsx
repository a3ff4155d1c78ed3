import { Modal, Tree, type TreeDataNode } from 'antd';
import { FolderOutlined } from '@ant-design/icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { netDiskApi, type DiskItem } from './netDiskApi';

const ROOT = '__root__';

/**
 * 移动到: the disk's folders as a tree under 全部文件. The item itself and what lies below it are
 * left out (the server refuses such a move too).
 */
export function MoveDialog({ item, onMoved, onClose }: { item: DiskItem; onMoved: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [folders, setFolders] = useState<{ itemId: string; name: string; parentId: string | null }[]>([]);
  const [target, setTarget] = useState<string>(ROOT);
  useEffect(() => { void netDiskApi.folderTree().then(setFolders).catch(() => undefined); }, []);

  const tree = useMemo<TreeDataNode[]>(() => {
    const children = (parentId: string | null): TreeDataNode[] => folders
      .filter((f) => f.parentId === parentId && f.itemId !== item.itemId)
      .map((f) => ({ key: f.itemId, title: f.name, icon: <FolderOutlined />, children: children(f.itemId) }));
    return [{ key: ROOT, title: t('fileUi.netDisk.root'), icon: <FolderOutlined />, children: children(null) }];
  }, [folders, item.itemId, t]);

  const move = async () => {
    try {
      await netDiskApi.move([item.itemId], target === ROOT ? null : target);
      onMoved();
    } catch { /* the request layer has shown the refusal */ }
  };

  return (
    <Modal open title={t('fileUi.netDisk.moveTitle', { name: item.name })} onOk={() => void move()} onCancel={onClose} destroyOnClose>
      <Tree showIcon defaultExpandAll blockNode treeData={tree} selectedKeys={[target]} onSelect={(keys) => keys[0] && setTarget(String(keys[0]))} />
    </Modal>
  );
}
