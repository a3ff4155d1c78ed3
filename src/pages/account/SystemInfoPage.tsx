import { Alert, App, Button, Card, Descriptions, Empty, Space, Spin, Tag, Typography, Upload } from 'antd';
import { SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../request/request';
import { useSessionStore } from '../../session/sessionStore';
import { errorText } from './errorText';

interface RegisterInfo {
  registered: boolean;
  unit: string;
  expires: string;
  expired: boolean;
  daysLeft: number;
  fields: Record<string, string | number | boolean>;
  uploadTime: string;
}

/** Fields shown in their own rows; the rest of the licence goes under "其他授权信息". */
const MAIN_FIELDS = new Set(['unit', 'expires']);

/**
 * /system/info, software registration: what the installed registration file says, and (for
 * administrators) the upload of a new one to /set/system/uploadRegisterFile. A code 200 answer
 * reloads the page, which then shows the new registration.
 */
export function SystemInfoPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isAdmin = useSessionStore((state) => state.userInfo?.roles.includes('admin') ?? false);
  const [info, setInfo] = useState<RegisterInfo | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    let live = true;
    request.get<RegisterInfo>('/get/system/getRegisterInfo')
      .then((answer) => { if (live) setInfo(answer.data); })
      .catch(() => undefined);
    return () => { live = false; };
  }, []);

  const upload = async (file: File) => {
    setUploading(true);
    try {
      await request.upload('/set/system/uploadRegisterFile', file, {}, { quiet: true });
      void message.success(t('account.page.systemInfo.uploaded'));
      window.location.reload();
    } catch (error) {
      void message.error(errorText(error, t));
      setUploading(false);
    }
  };

  const label = (key: string) => t(`account.page.systemInfo.${key}`);
  const others = info ? Object.entries(info.fields).filter(([name]) => !MAIN_FIELDS.has(name)) : [];
  return (
    <Card
      title={<Space><SafetyCertificateOutlined />{label('title')}</Space>}
      data-testid="system-info"
      extra={isAdmin ? (
        <Upload accept=".json,.lic,.txt" showUploadList={false} beforeUpload={(file) => { void upload(file); return false; }}>
          <Button type="primary" icon={<UploadOutlined />} loading={uploading} data-testid="system-info-upload">{label('upload')}</Button>
        </Upload>
      ) : null}
    >
      {!info ? <Spin /> : info.registered ? (
        <Descriptions
          bordered
          column={1}
          size="middle"
          styles={{ label: { width: 180 } }}
          data-testid="system-info-registered"
          items={[
            { key: 'unit', label: label('unit'), children: <Typography.Text strong data-testid="system-info-unit">{info.unit}</Typography.Text> },
            {
              key: 'expires',
              label: label('expires'),
              children: (
                <Space>
                  <span data-testid="system-info-expires">{info.expires}</span>
                  {info.expired ? <Tag color="red">{label('expired')}</Tag> : <Tag color="green">{t('account.page.systemInfo.daysLeft', { days: info.daysLeft })}</Tag>}
                </Space>
              ),
            },
            { key: 'uploadTime', label: label('uploadTime'), children: info.uploadTime },
            ...others.map(([name, value]) => ({ key: `field-${name}`, label: `${label('otherFields')} · ${name}`, children: String(value) })),
          ]}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid="system-info-unregistered">{label('notRegistered')}</span>}>
          <Typography.Text type="secondary">{label('notRegisteredHint')}</Typography.Text>
        </Empty>
      )}
      <Alert style={{ marginTop: 16 }} type="info" showIcon message={isAdmin ? label('uploadHint') : label('adminOnly')} />
    </Card>
  );
}
