import { Breadcrumb, Button, Empty, List, Typography } from 'antd';
import { DownloadOutlined, FileOutlined, FolderOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../preview/fileSize';

/** An item of a shared folder as the server lets a visitor see it (server/modules/file/sharedFolder.ts). */
export interface SharedEntry { itemId: string; name: string; itemType: 'folder' | 'file'; extName: string | null; fileSize: number; updateTime: string }
export interface SharedFolder { path: { itemId: string; name: string }[]; items: SharedEntry[] }

interface SharedFolderViewProps {
  folder: SharedFolder;
  busy: boolean;
  /** A folder of the breadcrumb or of the list; the shared folder itself is `null`. */
  onOpen(folderId: string | null): void;
  onDownload(file: SharedEntry): void;
}

/**
 * One folder of a shared folder on the share page: the breadcrumb from the shared folder down
 * (nothing above it), its subfolders to open and its files to download one by one.
 */
export function SharedFolderView({ folder, busy, onOpen, onDownload }: SharedFolderViewProps) {
  const { t } = useTranslation();
  const last = folder.path.length - 1;
  return (
    <div data-testid="share-folder">
      <Breadcrumb
        items={folder.path.map((step, index) => ({
          key: step.itemId,
          title: index === last ? <span data-testid="share-folder-current">{step.name}</span>
            : <Typography.Link onClick={() => onOpen(index === 0 ? null : step.itemId)} data-testid={`share-crumb-${step.name}`}>{step.name}</Typography.Link>,
        }))}
      />
      {folder.items.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fileUi.sharePage.empty')} /> : (
        <List
          size="small"
          dataSource={folder.items}
          rowKey="itemId"
          renderItem={(entry) => (entry.itemType === 'folder' ? (
            <List.Item>
              <List.Item.Meta avatar={<FolderOutlined />}
                title={<Typography.Link onClick={() => onOpen(entry.itemId)} disabled={busy} data-testid={`share-open-${entry.name}`}>{entry.name}</Typography.Link>} />
            </List.Item>
          ) : (
            <List.Item
              actions={[
                <Button key="download" type="link" size="small" icon={<DownloadOutlined />} disabled={busy} onClick={() => onDownload(entry)}
                  aria-label={t('fileUi.sharePage.downloadItem', { name: entry.name })} data-testid={`share-download-${entry.name}`} />,
              ]}
            >
              <List.Item.Meta avatar={<FileOutlined />} title={entry.name} description={formatFileSize(entry.fileSize)} />
            </List.Item>
          ))}
        />
      )}
    </div>
  );
}
