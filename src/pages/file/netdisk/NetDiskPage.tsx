import { Breadcrumb, Button, Card, Empty, Input, Modal, Progress, Space, Table, Tabs, Tooltip, Typography, message } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CloudUploadOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, FileOutlined, FolderAddOutlined, FolderFilled, LinkOutlined, RollbackOutlined, SwapOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../preview/fileSize';
import { openPreview } from '../../preview/openPreview';
import { MoveDialog } from './MoveDialog';
import { ShareDialog } from './ShareDialog';
import { netDiskApi, type DiskItem, type DiskUsage, type FolderContent } from './netDiskApi';

interface Upload { key: string; name: string; percent: number }

/**
 * 我的网盘: one folder at a time under a breadcrumb, uploads with their progress, a usage bar
 * against the quota, per-row rename/move/share/delete, and the recycle bin in its own tab.
 * Everything is the signed-in person's alone; the server decides (server/modules/file).
 */
export function NetDiskPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'files' | 'recycle'>('files');
  const [folderId, setFolderId] = useState<string | null>(null);
  const [content, setContent] = useState<FolderContent | null>(null);
  const [bin, setBin] = useState<DiskItem[]>([]);
  const [usage, setUsage] = useState<DiskUsage | null>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [naming, setNaming] = useState<{ item?: DiskItem; value: string } | null>(null);
  const [moving, setMoving] = useState<DiskItem | null>(null);
  const [sharing, setSharing] = useState<DiskItem | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    try {
      if (tab === 'files') {
        const answer = await netDiskApi.list(folderId);
        setContent(answer);
        setUsage(answer.usage);
      } else {
        const answer = await netDiskApi.recycleBin();
        setBin(answer.items);
        setUsage(answer.usage);
      }
    } catch { /* the request layer has shown the refusal */ }
  }, [tab, folderId]);
  useEffect(() => { void load(); }, [load]);

  const act = async (call: () => Promise<unknown>) => {
    try {
      await call();
      void message.success(t('fileUi.netDisk.done'));
    } catch { /* the request layer has shown the refusal */ }
    await load();
  };

  const uploadFiles = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      const key = `${file.name}-${Date.now()}`;
      setUploads((list) => [...list, { key, name: file.name, percent: 0 }]);
      try {
        await netDiskApi.upload(file, folderId, (percent) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, percent } : u))));
        void message.success(t('fileUi.netDisk.uploaded', { name: file.name }));
      } catch { /* the request layer has shown the refusal (type, size, quota) */ }
      setUploads((list) => list.filter((u) => u.key !== key));
      await load();
    }
    if (fileInput.current) fileInput.current.value = '';
  };

  const saveName = async () => {
    if (!naming) return;
    const { item, value } = naming;
    try {
      await (item ? netDiskApi.rename(item.itemId, value) : netDiskApi.createFolder(value, folderId));
      setNaming(null);
      await load();
    } catch { /* the request layer has shown the refusal; the dialog stays for another name */ }
  };

  const open = (item: DiskItem) => {
    if (item.itemType === 'folder') setFolderId(item.itemId);
    else if (item.attachId) openPreview(item.attachId, item.extName ?? '');
  };

  const nameCell = (item: DiskItem, clickable: boolean) => (
    <Space>
      {item.itemType === 'folder' ? <FolderFilled style={{ color: '#f7c32e' }} /> : <FileOutlined />}
      {clickable ? <Typography.Link onClick={() => open(item)} data-testid={`netdisk-open-${item.name}`}>{item.name}</Typography.Link> : item.name}
    </Space>
  );

  const fileColumns: ColumnsType<DiskItem> = [
    { title: t('fileUi.netDisk.name'), dataIndex: 'name', render: (_, item) => nameCell(item, true) },
    { title: t('fileUi.netDisk.size'), dataIndex: 'fileSize', width: 110, render: (size: number, item) => (item.itemType === 'file' ? formatFileSize(size) : '—') },
    { title: t('fileUi.netDisk.updated'), dataIndex: 'updateTime', width: 170, render: (time: string) => time.slice(0, 16) },
    {
      title: t('fileUi.netDisk.actions'), key: 'actions', width: 230,
      render: (_, item) => (
        <Space size={0} data-testid={`netdisk-actions-${item.name}`}>
          {item.itemType === 'file' && <Tooltip title={t('fileUi.netDisk.download')}><Button type="link" size="small" icon={<DownloadOutlined />} aria-label={t('fileUi.netDisk.download')} onClick={() => void netDiskApi.download(item).catch(() => undefined)} /></Tooltip>}
          <Tooltip title={t('fileUi.netDisk.rename')}><Button type="link" size="small" icon={<EditOutlined />} aria-label={t('fileUi.netDisk.rename')} onClick={() => setNaming({ item, value: item.name })} /></Tooltip>
          <Tooltip title={t('fileUi.netDisk.move')}><Button type="link" size="small" icon={<SwapOutlined />} aria-label={t('fileUi.netDisk.move')} onClick={() => setMoving(item)} /></Tooltip>
          <Tooltip title={t('fileUi.netDisk.share')}><Button type="link" size="small" icon={<LinkOutlined />} aria-label={t('fileUi.netDisk.share')} onClick={() => setSharing(item)} data-testid={`netdisk-share-${item.name}`} /></Tooltip>
          <Tooltip title={t('fileUi.netDisk.delete')}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('fileUi.netDisk.delete')}
              onClick={() => Modal.confirm({ title: t('fileUi.netDisk.deleteConfirm', { name: item.name }), onOk: () => act(() => netDiskApi.recycle([item.itemId])) })} />
          </Tooltip>
        </Space>
      ),
    },
  ];

  const binColumns: ColumnsType<DiskItem> = [
    { title: t('fileUi.netDisk.name'), dataIndex: 'name', render: (_, item) => nameCell(item, false) },
    { title: t('fileUi.netDisk.size'), dataIndex: 'fileSize', width: 110, render: (size: number, item) => (item.itemType === 'file' ? formatFileSize(size) : '—') },
    { title: t('fileUi.netDisk.deletedAt'), dataIndex: 'recycleTime', width: 170, render: (time: string | null) => time?.slice(0, 16) ?? '' },
    {
      title: t('fileUi.netDisk.actions'), key: 'actions', width: 200,
      render: (_, item) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<RollbackOutlined />} onClick={() => void act(() => netDiskApi.restore([item.itemId]))}>{t('fileUi.netDisk.restore')}</Button>
          <Button type="link" size="small" danger onClick={() => Modal.confirm({ title: t('fileUi.netDisk.removeConfirm', { name: item.name }), onOk: () => act(() => netDiskApi.removeForever([item.itemId])) })}>
            {t('fileUi.netDisk.removeForever')}
          </Button>
        </Space>
      ),
    },
  ];

  const usagePercent = usage && usage.quota > 0 ? Math.min(100, Math.round((usage.used / usage.quota) * 1000) / 10) : 0;
  const crumbs = [{ itemId: null as string | null, name: t('fileUi.netDisk.root') }, ...(content?.path ?? [])];

  return (
    <Card title={t('fileUi.netDisk.title')} extra={usage && (
      <Space data-testid="netdisk-usage">
        <Progress percent={usagePercent} size="small" style={{ width: 160, margin: 0 }} status={usagePercent >= 90 ? 'exception' : 'normal'} showInfo={false} />
        <Typography.Text type="secondary">{t('fileUi.netDisk.usage', { used: formatFileSize(usage.used) || '0 B', quota: formatFileSize(usage.quota) })}</Typography.Text>
      </Space>
    )}>
      <Tabs activeKey={tab} onChange={(key) => setTab(key as 'files' | 'recycle')} items={[
        {
          key: 'files', label: t('fileUi.netDisk.filesTab'),
          children: (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
                <Breadcrumb items={crumbs.map((c, i) => ({
                  title: i < crumbs.length - 1 ? <Typography.Link onClick={() => setFolderId(c.itemId)}>{c.name}</Typography.Link> : c.name,
                }))} />
                <Space>
                  <input ref={fileInput} type="file" multiple hidden data-testid="netdisk-upload-input" onChange={(e) => void uploadFiles(e.target.files)} />
                  <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => fileInput.current?.click()}>{t('fileUi.netDisk.upload')}</Button>
                  <Button icon={<FolderAddOutlined />} onClick={() => setNaming({ value: '' })}>{t('fileUi.netDisk.newFolder')}</Button>
                </Space>
              </Space>
              {uploads.map((u) => (
                <div key={u.key} data-testid="netdisk-upload-progress">
                  <Typography.Text type="secondary">{t('fileUi.netDisk.uploading', { name: u.name })}</Typography.Text>
                  <Progress percent={u.percent} size="small" />
                </div>
              ))}
              <Table rowKey="itemId" size="middle" columns={fileColumns} dataSource={content?.items ?? []} loading={!content} pagination={false}
                locale={{ emptyText: <Empty description={t('fileUi.netDisk.empty')} /> }} />
            </Space>
          ),
        },
        {
          key: 'recycle', label: t('fileUi.netDisk.recycleTab'),
          children: (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Button danger disabled={bin.length === 0} icon={<DeleteOutlined />}
                onClick={() => Modal.confirm({ title: t('fileUi.netDisk.emptyConfirm'), onOk: () => act(() => netDiskApi.removeForever()) })}>
                {t('fileUi.netDisk.emptyRecycle')}
              </Button>
              <Table rowKey="itemId" size="middle" columns={binColumns} dataSource={bin} pagination={false}
                locale={{ emptyText: <Empty description={t('fileUi.netDisk.recycleEmpty')} /> }} />
            </Space>
          ),
        },
      ]} />
      {naming && (
        <Modal open title={naming.item ? t('fileUi.netDisk.rename') : t('fileUi.netDisk.newFolder')} onOk={() => void saveName()} onCancel={() => setNaming(null)} destroyOnClose>
          <Input autoFocus maxLength={200} value={naming.value} placeholder={t('fileUi.netDisk.folderName')}
            onChange={(e) => setNaming({ ...naming, value: e.target.value })} onPressEnter={() => void saveName()} />
        </Modal>
      )}
      {moving && <MoveDialog item={moving} onClose={() => setMoving(null)} onMoved={() => { setMoving(null); void load(); }} />}
      {sharing && <ShareDialog item={sharing} onClose={() => setSharing(null)} />}
    </Card>
  );
}
