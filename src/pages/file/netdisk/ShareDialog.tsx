import { Alert, Button, Checkbox, Descriptions, Modal, Radio, Space, Typography, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { netDiskApi, type CreatedShare, type DiskItem } from './netDiskApi';

const DAY_CHOICES = [1, 7, 30, 0] as const;

/**
 * 分享 (a file or a folder): choose how long the link lives and whether it asks for a code, then
 * show the link and the code to pass on — this once: the server keeps only the code's hash.
 */
export function ShareDialog({ item, onClose }: { item: DiskItem; onClose: () => void }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(7);
  const [withPassword, setWithPassword] = useState(true);
  const [share, setShare] = useState<CreatedShare | null>(null);
  const [busy, setBusy] = useState(false);
  const link = share ? `${window.location.origin}/s/${share.token}` : '';

  const create = async () => {
    setBusy(true);
    try { setShare(await netDiskApi.share(item.itemId, days, withPassword)); } catch { /* the request layer has shown the refusal */ } finally { setBusy(false); }
  };
  const copy = async () => {
    const text = share?.password ? t('fileUi.share.copyText', { link, password: share.password }) : link;
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    void message.success(t('fileUi.share.copied'));
  };
  const dayLabel = (d: number) => (d === 0 ? t('fileUi.share.forever') : t(`fileUi.share.day${d}`));

  return (
    <Modal open title={`${t(item.itemType === 'folder' ? 'fileUi.share.titleFolder' : 'fileUi.share.title')}：${item.name}`} onCancel={onClose} destroyOnClose
      footer={share
        ? [<Button key="copy" type="primary" onClick={() => void copy()}>{t('fileUi.share.copy')}</Button>, <Button key="close" onClick={onClose}>{t('fileUi.netDisk.close')}</Button>]
        : [<Button key="create" type="primary" loading={busy} onClick={() => void create()} data-testid="share-create">{t('fileUi.share.create')}</Button>]}>
      {share ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="success" showIcon message={share.expireTime ? t('fileUi.share.expireAt', { time: share.expireTime.slice(0, 16) }) : t('fileUi.share.neverExpires')} />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('fileUi.share.link')}><Typography.Text copyable data-testid="share-link">{link}</Typography.Text></Descriptions.Item>
            {share.password && (
              <Descriptions.Item label={t('fileUi.share.password')}><Typography.Text strong copyable data-testid="share-password">{share.password}</Typography.Text></Descriptions.Item>
            )}
          </Descriptions>
          {share.password && <Typography.Text type="warning" data-testid="share-code-once">{t('fileUi.share.codeOnce')}</Typography.Text>}
        </Space>
      ) : (
        <Space direction="vertical">
          <div>
            <Typography.Text type="secondary">{t('fileUi.share.days')}</Typography.Text>
            <div><Radio.Group value={days} onChange={(e) => setDays(Number(e.target.value))} options={DAY_CHOICES.map((d) => ({ value: d, label: dayLabel(d) }))} /></div>
          </div>
          <Checkbox checked={withPassword} onChange={(e) => setWithPassword(e.target.checked)}>{t('fileUi.share.withPassword')}</Checkbox>
        </Space>
      )}
    </Modal>
  );
}
