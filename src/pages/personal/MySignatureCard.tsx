import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Popconfirm, Space, Spin, Typography, Upload, type UploadProps } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { request } from '../../request';
import { fetchImage } from '../../request/fetchImage';

/** The server's limits (server/modules/bpm/binding/bpmSignCalls.ts), checked here first so a wrong file is not sent. */
const SIGN_TYPES = ['image/png', 'image/jpeg', 'image/gif'];
const SIGN_MAX_BYTES = 1024 * 1024;
/** The card's anchor: the task screen's "set up your signature" link lands here. */
const ANCHOR = 'signature';

/**
 * 我的签名 on the personal page (docs/WORKFLOW.md › Handwritten signature): the user's own
 * handwritten signature, put on their workflow decisions when they choose. Shows the current
 * picture (getBpmSignImage without auditId: one's own), uploads or replaces it (uploadBpmSign)
 * and removes it (deleteMyBpmSign); decisions already signed keep the picture they carry.
 */
export function MySignatureCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const location = useLocation();
  const card = useRef<HTMLDivElement>(null);
  // undefined while loading, null when there is none.
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const current = useRef<string | null>(null);

  const load = useCallback(async () => {
    const blob = await fetchImage('/get/bpm/getBpmSignImage');
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = blob ? URL.createObjectURL(blob) : null;
    setUrl(current.current);
  }, []);

  useEffect(() => { void load(); }, [load]);
  // The last picture's URL is released with the card.
  useEffect(() => () => { if (current.current) URL.revokeObjectURL(current.current); }, []);
  useEffect(() => {
    if (location.hash === `#${ANCHOR}` && url !== undefined) card.current?.scrollIntoView({ block: 'start' });
  }, [location.hash, url]);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!SIGN_TYPES.includes(file.type)) {
      void message.warning(t('people.signature.badType'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > SIGN_MAX_BYTES) {
      void message.warning(t('people.signature.tooLarge'));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const upload: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    setBusy(true);
    request.upload<{ attachId: string }>('/set/file/uploadBpmSign', file as File, {}, { quiet: true }).then(
      async (answer) => {
        await load();
        void message.success(t('people.signature.saved'));
        onSuccess?.(answer.data);
      },
      (error: unknown) => {
        void message.error((error as Error).message);
        onError?.(error as Error);
      },
    ).finally(() => setBusy(false));
  };

  const remove = async () => {
    setBusy(true);
    try {
      await request.post('/set/bpm/deleteMyBpmSign', {});
      await load();
      void message.success(t('people.signature.removed'));
    } catch { /* the request layer has shown the server's message */ } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('people.signature.title')} style={{ maxWidth: 960 }} id={ANCHOR} ref={card} data-testid="my-signature">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <div style={{ minHeight: 96, display: 'flex', alignItems: 'center' }}>
          {url === undefined && <Spin />}
          {url === null && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('people.signature.none')} data-testid="my-signature-empty" />}
          {url && (
            <img src={url} alt={t('people.signature.title')} data-testid="my-signature-image"
              style={{ maxHeight: 96, maxWidth: 320, border: '1px dashed #d9d9d9', borderRadius: 6, padding: 4, background: '#fff' }} />
          )}
        </div>
        <Space wrap>
          <Upload accept={SIGN_TYPES.join(',')} showUploadList={false} beforeUpload={beforeUpload} customRequest={upload}>
            <Button icon={<UploadOutlined />} loading={busy} data-testid="my-signature-upload">
              {t(url ? 'people.signature.replace' : 'people.signature.upload')}
            </Button>
          </Upload>
          {url && (
            <Popconfirm title={t('people.signature.confirmRemove')} onConfirm={() => remove()}
              okButtonProps={{ 'data-testid': 'my-signature-remove-ok' } as Record<string, string>}>
              <Button icon={<DeleteOutlined />} disabled={busy} data-testid="my-signature-remove">{t('people.signature.remove')}</Button>
            </Popconfirm>
          )}
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>{t('people.signature.hint')}</Typography.Paragraph>
      </Space>
    </Card>
  );
}
