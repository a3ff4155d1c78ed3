import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Empty, Image, Popconfirm, Space, Spin, Typography, Upload, type UploadProps } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SYSTEM_IMAGE_MAX_MB } from '../../../../runtime/core/constants';
import { useRuntime, type DetailsPanelProps } from '../../../../runtime/react';
import { failureMessage } from '../../../../runtime/react/data/requestFailure';
import { acceptAttribute, checkUpload } from '../../../../runtime/react/attachments/uploadRules';
import { request } from '../../../request';
import { fetchImage } from '../../../request/fetchImage';

/** The calls of the sign-in background (server/modules/file/loginBackground.ts, configUploads.ts). */
const LOAD_CALL = '/get/file/getLoginBackground';
const UPLOAD_CALL = '/set/file/uploadBackGroundImg';
const DELETE_CALL = '/set/file/deleteBackGroundImg';
/** The thumbnail, in the proportions of a wide screen the picture is laid over. */
const THUMB = { width: 256, height: 144 };

/**
 * 登录背景 on 系统管理 › 系统配置 › 基础配置 (docs/SHELL.md › Sign-in background), under the section
 * of the logo and banners. Unlike them it is no field of the configuration row: an upload or a
 * removal is in force at once, without 编辑 and 保存. Shows the picture the sign-in page loads
 * (enlarged on click); whoever may update the configuration uploads one, replaces it or removes it
 * (after a confirmation), with the same checks and messages as the form's image fields.
 */
export function LoginBackgroundPanel({ entity }: DetailsPanelProps) {
  const { t } = useTranslation();
  const { message, notification } = App.useApp();
  const { hasPermission } = useRuntime();
  const canEdit = hasPermission(entity.permissions.update ?? '');
  // undefined while loading, null when there is none.
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const current = useRef<string | null>(null);
  const alive = useRef(true);

  const load = useCallback(async () => {
    const blob = await fetchImage(LOAD_CALL);
    if (!alive.current) return;
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = blob ? URL.createObjectURL(blob) : null;
    setUrl(current.current);
  }, []);

  useEffect(() => {
    alive.current = true;
    void load();
    // The last picture's address is released with the panel.
    return () => {
      alive.current = false;
      if (current.current) URL.revokeObjectURL(current.current);
      current.current = null;
    };
  }, [load]);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const refusal = checkUpload(file, 'image');
    if (refusal && refusal.reason !== 'tooLarge') {
      void message.warning(t('runtime.upload.notImage'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > SYSTEM_IMAGE_MAX_MB * 1024 * 1024) {
      void message.warning(t('runtime.upload.tooLarge', { limit: SYSTEM_IMAGE_MAX_MB }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const upload: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    setBusy(true);
    request.upload(UPLOAD_CALL, file as File, {}, { quiet: true }).then(
      async (answer) => {
        await load();
        void message.success(t('sysConfig.loginBackground.saved'));
        onSuccess?.(answer.data);
      },
      (error: unknown) => {
        notification.error({ message: t('runtime.upload.failed'), description: failureMessage(error, t('runtime.message.unknownError')) });
        onError?.(error instanceof Error ? error : new Error(String(error)));
      },
    ).finally(() => setBusy(false));
  };

  const remove = async () => {
    setBusy(true);
    try {
      await request.post(DELETE_CALL, {});
      await load();
      void message.success(t('sysConfig.loginBackground.removed'));
    } catch { /* the request layer has shown the server's message */ } finally {
      setBusy(false);
    }
  };

  const chooser = { accept: acceptAttribute('image'), showUploadList: false, beforeUpload, customRequest: upload, disabled: busy };

  return (
    <section data-testid="login-background" style={{ marginBottom: 24 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>{t('sysConfig.loginBackground.title')}</Typography.Title>
      <Space align="start" size={16} wrap>
        {url === undefined && <Spin />}
        {url === null && !canEdit && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sysConfig.loginBackground.none')} data-testid="login-background-empty" />
        )}
        {url === null && canEdit && (
          // The same box as the logo field's: a click chooses the picture, which is in force once uploaded.
          <Upload {...chooser} listType="picture-card">
            <div data-testid="login-background-empty">
              {busy ? <Spin size="small" /> : <PlusOutlined />}
              <div>{t('sysConfig.loginBackground.upload')}</div>
            </div>
          </Upload>
        )}
        {url && (
          <Image src={url} width={THUMB.width} height={THUMB.height} alt={t('sysConfig.loginBackground.title')}
            style={{ objectFit: 'cover', borderRadius: 8 }} data-testid="login-background-image" />
        )}
        {url && canEdit && (
          <Space direction="vertical">
            <Upload {...chooser}>
              <Button icon={<UploadOutlined />} loading={busy} data-testid="login-background-replace">{t('sysConfig.loginBackground.replace')}</Button>
            </Upload>
            <Popconfirm title={t('sysConfig.loginBackground.removeConfirm')} onConfirm={() => remove()}
              okButtonProps={{ 'data-testid': 'login-background-remove-ok' } as Record<string, string>}>
              <Button danger icon={<DeleteOutlined />} disabled={busy} data-testid="login-background-remove">{t('sysConfig.loginBackground.remove')}</Button>
            </Popconfirm>
          </Space>
        )}
      </Space>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        {t('sysConfig.loginBackground.hint', { max: SYSTEM_IMAGE_MAX_MB })}
      </Typography.Paragraph>
    </section>
  );
}
