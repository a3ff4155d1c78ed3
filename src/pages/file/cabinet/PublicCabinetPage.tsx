import { Button, Card, Col, Empty, Modal, Progress, Row, Space, Table, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import { CloudUploadOutlined, DeleteOutlined, FolderOutlined, SafetyOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../preview/fileSize';
import { openPreview } from '../../preview/openPreview';
import { cabinetApi, type CabinetFile, type CabinetFolder, type Level } from './cabinetApi';
import { GrantsDialog } from './GrantsDialog';

/**
 * 公共文件柜: the folders the person may see (with the folders above them), a folder's files with
 * preview and download, upload where the grant allows it, and the permission dialog for folder
 * managers. The server enforces every level (server/modules/file/publicFolderAccess.ts).
 */
export function PublicCabinetPage() {
  const { t } = useTranslation();
  const [folders, setFolders] = useState<CabinetFolder[] | null>(null);
  const [current, setCurrent] = useState<CabinetFolder | null>(null);
  const [files, setFiles] = useState<{ level: Level; files: CabinetFile[] } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [granting, setGranting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => { void cabinetApi.folders().then(setFolders).catch(() => setFolders([])); }, []);
  const loadFiles = useCallback(async () => {
    if (!current || current.level === 'none') { setFiles(null); return; }
    try { setFiles(await cabinetApi.files(current.folderId)); } catch { setFiles(null); }
  }, [current]);
  useEffect(() => { void loadFiles(); }, [loadFiles]);

  const tree = useMemo<TreeDataNode[]>(() => {
    const children = (parentId: string | null): TreeDataNode[] => (folders ?? []).filter((f) => f.parentId === parentId)
      .map((f) => ({ key: f.folderId, title: f.folderName, icon: <FolderOutlined />, disabled: f.level === 'none', children: children(f.folderId) }));
    return children(null);
  }, [folders]);

  const upload = async (list: FileList | null) => {
    if (!current) return;
    for (const file of Array.from(list ?? [])) {
      setProgress(0);
      try { await cabinetApi.upload(current.folderId, file, setProgress); } catch { /* shown by the request layer */ }
    }
    setProgress(null);
    if (fileInput.current) fileInput.current.value = '';
    await loadFiles();
  };

  const level = files?.level ?? 'none';
  const mayUpload = level === 'upload' || level === 'manage';

  return (
    <Row gutter={16}>
      <Col xs={24} md={7}>
        <Card title={t('fileUi.cabinet.folders')} size="small">
          {folders && folders.length === 0 ? <Empty description={t('fileUi.cabinet.noFolders')} />
            : <Tree showIcon defaultExpandAll blockNode treeData={tree} selectedKeys={current ? [current.folderId] : []}
              onSelect={(keys) => setCurrent((folders ?? []).find((f) => f.folderId === keys[0]) ?? null)} />}
        </Card>
      </Col>
      <Col xs={24} md={17}>
        <Card size="small" title={current ? current.folderName : t('fileUi.cabinet.title')}
          extra={current && files && (
            <Space>
              <Tag>{t('fileUi.cabinet.level', { level: t(`entity.PublicFolderGrant.level.${level}`) })}</Tag>
              {mayUpload && <>
                <input ref={fileInput} type="file" multiple hidden data-testid="cabinet-upload-input" onChange={(e) => void upload(e.target.files)} />
                <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => fileInput.current?.click()}>{t('fileUi.cabinet.upload')}</Button>
              </>}
              {level === 'manage' && <Button icon={<SafetyOutlined />} onClick={() => setGranting(true)}>{t('fileUi.cabinet.permissions')}</Button>}
            </Space>
          )}>
          {progress !== null && <Progress percent={progress} size="small" />}
          {!current ? <Empty description={t('fileUi.cabinet.noFolder')} /> : (
            <Table<CabinetFile> rowKey="fileId" size="middle" dataSource={files?.files ?? []} pagination={{ pageSize: 20, hideOnSinglePage: true }}
              columns={[
                { title: t('fileUi.cabinet.fileTitle'), dataIndex: 'title' },
                {
                  title: t('fileUi.cabinet.files'), key: 'attachments',
                  render: (_, file) => (
                    <Space direction="vertical" size={0}>
                      {file.attachments.map((a) => (
                        <Space key={a.attachId} size={4}>
                          <Typography.Link onClick={() => openPreview(a.attachId, a.extName)}>{a.name}</Typography.Link>
                          <Typography.Text type="secondary">{formatFileSize(a.fileSize)}</Typography.Text>
                          <Typography.Link onClick={() => void cabinetApi.download(a).catch(() => undefined)}>{t('fileUi.netDisk.download')}</Typography.Link>
                        </Space>
                      ))}
                    </Space>
                  ),
                },
                { title: t('fileUi.cabinet.uploader'), dataIndex: 'createUserName', width: 100 },
                { title: t('fileUi.cabinet.updated'), dataIndex: 'updateTime', width: 150, render: (time: string) => time.slice(0, 16) },
                {
                  title: '', key: 'actions', width: 60,
                  render: (_, file) => file.mayDelete && (
                    <Button type="link" danger size="small" icon={<DeleteOutlined />} aria-label={t('fileUi.cabinet.delete')}
                      onClick={() => Modal.confirm({ title: t('fileUi.cabinet.deleteConfirm', { name: file.title }), onOk: async () => { await cabinetApi.remove([file.fileId]).catch(() => undefined); await loadFiles(); } })} />
                  ),
                },
              ]} />
          )}
        </Card>
      </Col>
      {granting && current && <GrantsDialog folder={current} onClose={() => setGranting(false)} />}
    </Row>
  );
}
