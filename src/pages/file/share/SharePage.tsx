import { Alert, Button, Card, Input, Result, Space, Spin, Typography } from 'antd';
import { CloudDownloadOutlined, FileOutlined, FolderOpenOutlined, FolderOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { isRequestError, request } from '../../../request';
import { formatFileSize } from '../../preview/fileSize';
import { SharedFolderView, type SharedEntry, type SharedFolder } from './SharedFolderView';
import styles from './sharePage.module.css';

interface ShareInfo {
  itemName: string; itemType: 'file' | 'folder'; extName: string; fileSize: number; expireTime: string | null; sharer: string; needsPassword: boolean;
}

const messageOf = (error: unknown) => (isRequestError(error) ? error.message : String(error));

/**
 * /s/<token>: a network-disk share link, opened by anyone without signing in. It names the file
 * or folder and who shared it, asks for the access code when the link has one, and downloads the
 * file — or opens the folder, whose subfolders are browsed and files downloaded one by one, inside
 * the shared folder only (SharedFolderView). An expired link, a wrong code or a link locked after
 * too many wrong codes is said in the page.
 */
export function SharePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [info, setInfo] = useState<ShareInfo | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [folder, setFolder] = useState<SharedFolder | null>(null);

  // Every call of the page answers in words: a refusal shows under the card, never as a dialog.
  const attempt = async (call: () => Promise<void>) => {
    setBusy(true);
    setRefusal(null);
    try {
      await call();
    } catch (error) {
      setRefusal(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const openFolder = (folderId: string | null) => attempt(async () => {
    const answer = await request.post<SharedFolder>('/set/file/listNetDiskShareFolder', { token, password, ...(folderId ? { folderId } : {}) }, { quiet: true });
    setFolder(answer.data);
  });
  const download = (file?: SharedEntry) => attempt(async () => {
    await request.download('/set/file/downloadNetDiskShare', { token, password, ...(file ? { itemId: file.itemId } : {}) },
      { method: 'post', quiet: true, fallbackName: file?.name ?? info?.itemName });
    setDone(true);
  });

  useEffect(() => {
    request.get<ShareInfo>('/get/file/getNetDiskShareInfo', { token }, { quiet: true })
      .then((answer) => setInfo(answer.data)).catch((error: unknown) => setFailure(messageOf(error)));
  }, [token]);
  // A folder without a code opens at once.
  const openAtOnce = info?.itemType === 'folder' && !info.needsPassword;
  useEffect(() => {
    if (openAtOnce) void openFolder(null);
    // openFolder is made anew each render; the folder opens once, when the link is known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openAtOnce]);

  const isFolder = info?.itemType === 'folder';
  const enter = () => void (isFolder ? openFolder(null) : download());

  return (
    <div className={styles.page}>
      <Card className={isFolder ? styles.wideCard : styles.card} title={t(isFolder ? 'fileUi.sharePage.titleFolder' : 'fileUi.sharePage.title')}>
        {failure ? <Result status="warning" title={failure} data-testid="share-failure" />
          : !info ? <Spin />
            : (
              <Space direction="vertical" size="middle" style={{ width: '100%' }}>
                <Typography.Text type="secondary">{t(isFolder ? 'fileUi.sharePage.sharedFolderBy' : 'fileUi.sharePage.sharedBy', { name: info.sharer })}</Typography.Text>
                <Space align="start">
                  {isFolder ? <FolderOutlined className={styles.icon} /> : <FileOutlined className={styles.icon} />}
                  <div>
                    <Typography.Title level={5} style={{ margin: 0 }} data-testid="share-file-name">{info.itemName}</Typography.Title>
                    {!isFolder && <Typography.Text type="secondary">{t('fileUi.sharePage.size', { size: formatFileSize(info.fileSize) })}</Typography.Text>}
                    {info.expireTime && <div><Typography.Text type="secondary">{t('fileUi.sharePage.expires', { time: info.expireTime.slice(0, 16) })}</Typography.Text></div>}
                  </div>
                </Space>
                {info.needsPassword && !folder && (
                  <Input.Password placeholder={t('fileUi.sharePage.passwordPrompt')} value={password} maxLength={20} data-testid="share-password-input"
                    onChange={(e) => setPassword(e.target.value)} onPressEnter={enter} />
                )}
                {refusal && <Alert type="error" showIcon message={refusal} data-testid="share-refusal" />}
                {done && <Alert type="success" showIcon message={t('fileUi.sharePage.downloaded')} />}
                {folder
                  ? <SharedFolderView folder={folder} busy={busy} onOpen={(folderId) => void openFolder(folderId)} onDownload={(file) => void download(file)} />
                  : !openAtOnce && (
                    <Button type="primary" block icon={isFolder ? <FolderOpenOutlined /> : <CloudDownloadOutlined />} loading={busy} disabled={info.needsPassword && !password}
                      onClick={enter} data-testid="share-download">
                      {t(isFolder ? 'fileUi.sharePage.open' : 'fileUi.sharePage.download')}
                    </Button>
                  )}
              </Space>
            )}
      </Card>
    </div>
  );
}
