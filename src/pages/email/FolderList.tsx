import { CloudDownloadOutlined, DeleteOutlined, EditOutlined, FileTextOutlined, FolderOutlined, InboxOutlined, SendOutlined, StarOutlined } from '@ant-design/icons';
import { Badge, Button, Menu } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FolderKey, MailCounts } from './mailApi';

const SYSTEM: [string, ReactNode][] = [
  ['inbox', <InboxOutlined key="i" />], ['starred', <StarOutlined key="s" />], ['drafts', <FileTextOutlined key="d" />],
  ['sent', <SendOutlined key="t" />], ['trash', <DeleteOutlined key="x" />],
];

export interface FolderListProps {
  counts: MailCounts | null;
  folder: FolderKey;
  onFolder(folder: FolderKey): void;
  onCompose(): void;
  /** 收取邮件: shown when one's outside account can be fetched. */
  onFetch?: () => void;
  fetching?: boolean;
}

/** The left column: 写邮件, the folders with their unread (drafts: all) counts, one's own folders. */
export function FolderList({ counts, folder, onFolder, onCompose, onFetch, fetching }: FolderListProps) {
  const { t } = useTranslation();
  const badge = (key: string, n: number | undefined) => (n ? <Badge count={n} size="small" data-testid={`mail-count-${key}`} style={{ marginLeft: 8 }} /> : null);
  const systemItems = SYSTEM.map(([key, icon]) => {
    const count = counts?.[key as 'inbox'];
    const n = key === 'drafts' ? count?.total : key === 'inbox' ? count?.unread : undefined;
    return { key, icon, label: <span data-testid={`mail-folder-${key}`}>{t(`email.client.${key}`)}{badge(key, n)}</span> };
  });
  const boxItems = (counts?.boxes ?? []).map((b) => ({
    key: `custom:${b.boxId}`, icon: <FolderOutlined />, label: <span data-testid={`mail-box-${b.boxName}`}>{b.boxName}{badge(b.boxId, b.unread)}</span>,
  }));
  return (
    <div>
      <Button type="primary" block icon={<EditOutlined />} onClick={onCompose} style={{ marginBottom: 12 }} data-testid="mail-compose">
        {t('email.client.compose')}
      </Button>
      {onFetch && (
        <Button block icon={<CloudDownloadOutlined />} loading={fetching} onClick={onFetch} style={{ marginBottom: 12 }} data-testid="mail-fetch">
          {t('email.client.fetch')}
        </Button>
      )}
      <Menu
        mode="inline" selectedKeys={[folder]} style={{ borderInlineEnd: 'none' }} onClick={({ key }) => onFolder(key)}
        items={[
          ...systemItems,
          { type: 'group', key: 'boxes', label: <span>{t('email.client.myFolders')} <Link to="/email/box" style={{ fontSize: 12 }}>{t('email.client.manageFolders')}</Link></span>, children: boxItems },
        ]}
      />
    </div>
  );
}
