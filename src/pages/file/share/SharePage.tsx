import { Alert, Button, Card, Input, Result, Space, Spin, Typography } from 'antd';
import { CloudDownloadOutlined, FileOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { isRequestError, request } from '../../../request';
import { formatFileSize } from '../../preview/fileSize';
import styles from './sharePage.module.css';

interface ShareInfo { itemName: string; extName: string; fileSize: number; expireTime: string | null; sharer: string; needsPassword: boolean }

const messageOf = (error: unknown) => (isRequestError(error) ? error.message : String(error));

/**
 * /s/<token>: a network-disk share link, opened by anyone without signing in. It names the file
 * and who shared it, asks for the access code when the link has one, and downloads the file;
 * an expired link, a wrong code or a link locked after too many wrong codes is said in the page.
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

  useEffect(() => {
    request.get<ShareInfo>('/get/file/getNetDiskShareInfo', { token }, { quiet: true })
      .then((answer) => setInfo(answer.data)).catch((error: unknown) => setFailure(messageOf(error)));
  }, [token]);

  const download = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      await request.download('/set/file/downloadNetDiskShare', { token, password }, { method: 'post', quiet: true, fallbackName: info?.itemName });
      setDone(true);
    } catch (error) {
      setRefusal(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <Card className={styles.card} title={t('fileUi.sharePage.title')}>
        {failure ? <Result status="warning" title={failure} data-testid="share-failure" />
          : !info ? <Spin />
            : (
              <Space direction="vertical" size="middle" style={{ width: '100%' }}>
                <Typography.Text type="secondary">{t('fileUi.sharePage.sharedBy', { name: info.sharer })}</Typography.Text>
                <Space align="start">
                  <FileOutlined className={styles.icon} />
                  <div>
                    <Typography.Title level={5} style={{ margin: 0 }} data-testid="share-file-name">{info.itemName}</Typography.Title>
                    <Typography.Text type="secondary">{t('fileUi.sharePage.size', { size: formatFileSize(info.fileSize) })}</Typography.Text>
                    {info.expireTime && <div><Typography.Text type="secondary">{t('fileUi.sharePage.expires', { time: info.expireTime.slice(0, 16) })}</Typography.Text></div>}
                  </div>
                </Space>
                {info.needsPassword && (
                  <Input.Password placeholder={t('fileUi.sharePage.passwordPrompt')} value={password} maxLength={20} data-testid="share-password-input"
                    onChange={(e) => setPassword(e.target.value)} onPressEnter={() => void download()} />
                )}
                {refusal && <Alert type="error" showIcon message={refusal} data-testid="share-refusal" />}
                {done && <Alert type="success" showIcon message={t('fileUi.sharePage.downloaded')} />}
                <Button type="primary" block icon={<CloudDownloadOutlined />} loading={busy} disabled={info.needsPassword && !password}
                  onClick={() => void download()} data-testid="share-download">
                  {t('fileUi.sharePage.download')}
                </Button>
              </Space>
            )}
      </Card>
    </div>
  );
}
