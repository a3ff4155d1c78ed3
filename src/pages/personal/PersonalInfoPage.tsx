import { App, Avatar, Button, Card, Col, Descriptions, Form, Input, Row, Select, Space, Spin, Typography, Upload, type UploadProps } from 'antd';
import { DeleteOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../request';
import { useAvatarUrl, useAvatarVersion } from '../../people';
import { MySignatureCard } from './MySignatureCard';

/** What /get/system/getMyInfo answers. */
interface MyInfo {
  accountId: string;
  userName: string;
  deptName: string;
  unitName: string;
  roleNames: string[];
  sex: string | null;
  phone: string | null;
  email: string | null;
  motto: string | null;
  avatar: string | null;
}

type EditableInfo = Pick<MyInfo, 'sex' | 'phone' | 'email' | 'motto'>;

interface DictionaryOption { label: string; value: string }

/** The server's limits (server/people/avatarCalls.ts), checked here first so a wrong file is not sent. */
const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The User schema's rules. */
const MOBILE = /^1[3-9][0-9]{9}$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * User centre › account (/personal/info): the signed-in user's own base info. The organisation's
 * facts (account, name, unit, department, roles) are shown read-only; the user changes their
 * avatar (uploadAvatar, applied at once) and their sex, mobile number, e-mail address and
 * signature line (updateMyInfo). The header's avatar follows every change. Below, 我的签名: the
 * handwritten signature for workflow decisions (MySignatureCard).
 */
export function PersonalInfoPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<EditableInfo>();
  const [info, setInfo] = useState<MyInfo | null>(null);
  const [sexOptions, setSexOptions] = useState<DictionaryOption[]>([]);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const avatarUrl = useAvatarUrl();
  const avatarChanged = useAvatarVersion((state) => state.changed);

  const show = useCallback((data: MyInfo) => {
    setInfo(data);
    form.setFieldsValue({ sex: data.sex ?? undefined, phone: data.phone ?? '', email: data.email ?? '', motto: data.motto ?? '' });
  }, [form]);

  useEffect(() => {
    request.get<MyInfo>('/get/system/getMyInfo').then((answer) => show(answer.data), () => { void message.error(t('people.page.loadFailed')); });
    request.get<DictionaryOption[]>('/get/system/getDicByCode', { code: 'sex' }).then((answer) => setSexOptions(answer.data), () => undefined);
  }, [show, message, t]);

  const save = async (values: EditableInfo) => {
    setSaving(true);
    try {
      const answer = await request.post<MyInfo>('/set/system/updateMyInfo', {
        sex: values.sex ?? '', phone: (values.phone ?? '').trim(), email: (values.email ?? '').trim(), motto: (values.motto ?? '').trim(),
      });
      show(answer.data);
      void message.success(t('people.page.saved'));
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!AVATAR_TYPES.includes(file.type)) {
      void message.warning(t('people.page.avatarBadType'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      void message.warning(t('people.page.avatarTooLarge'));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const upload: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    setUploading(true);
    request.upload<{ attachId: string }>('/set/file/uploadAvatar', file as File, {}, { quiet: true }).then(
      (answer) => {
        setInfo((old) => (old ? { ...old, avatar: answer.data.attachId } : old));
        avatarChanged();
        void message.success(t('people.page.avatarSaved'));
        onSuccess?.(answer.data);
      },
      (error: unknown) => {
        void message.error((error as Error).message);
        onError?.(error as Error);
      },
    ).finally(() => setUploading(false));
  };

  const removeAvatar = async () => {
    try {
      const answer = await request.post<MyInfo>('/set/system/updateMyInfo', { avatar: '' });
      setInfo(answer.data);
      avatarChanged();
      void message.success(t('people.page.avatarRemoved'));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  if (!info) return <Card><Spin /></Card>;
  return (
    <Space direction="vertical" size={16} style={{ display: 'flex' }}>
      <Card title={t('people.page.title')} style={{ maxWidth: 960 }} data-testid="personal-info">
        <Row gutter={[32, 24]}>
          <Col xs={24} md={8} style={{ textAlign: 'center' }}>
            <Avatar size={112} src={avatarUrl} icon={<UserOutlined />} data-testid="personal-avatar" />
            <div style={{ marginTop: 16 }}>
              <Space wrap style={{ justifyContent: 'center' }}>
                <Upload accept={AVATAR_TYPES.join(',')} showUploadList={false} beforeUpload={beforeUpload} customRequest={upload}>
                  <Button icon={<UploadOutlined />} loading={uploading} data-testid="personal-avatar-upload">{t('people.page.changeAvatar')}</Button>
                </Upload>
                {info.avatar && <Button icon={<DeleteOutlined />} onClick={() => { void removeAvatar(); }} data-testid="personal-avatar-remove">{t('people.page.removeAvatar')}</Button>}
              </Space>
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>{t('people.page.avatarHint')}</Typography.Paragraph>
            </div>
          </Col>
          <Col xs={24} md={16}>
            <Descriptions title={t('people.page.facts')} column={2} size="small" data-testid="personal-facts">
              <Descriptions.Item label={t('people.page.account')}>{info.accountId}</Descriptions.Item>
              <Descriptions.Item label={t('people.page.userName')}>{info.userName}</Descriptions.Item>
              <Descriptions.Item label={t('people.page.unit')}>{info.unitName}</Descriptions.Item>
              <Descriptions.Item label={t('people.page.dept')}>{info.deptName}</Descriptions.Item>
              <Descriptions.Item label={t('people.page.roles')} span={2}>{info.roleNames.join('、')}</Descriptions.Item>
            </Descriptions>
            <Typography.Paragraph type="secondary">{t('people.page.factsHint')}</Typography.Paragraph>
            <Typography.Title level={5}>{t('people.page.baseInfo')}</Typography.Title>
            <Form<EditableInfo> form={form} layout="vertical" onFinish={(values) => { void save(values); }} onFinishFailed={() => { void message.error(t('shell.form.checkForm')); }}>
              <Row gutter={16}>
                <Col xs={24} sm={12}>
                  <Form.Item name="sex" label={t('entity.User.field.sex')}>
                    <Select allowClear options={sexOptions.map((o) => ({ label: t(o.label), value: o.value }))} data-testid="personal-sex" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="phone" label={t('entity.User.field.phone')} rules={[{ pattern: MOBILE, message: t('entity.User.rule.phone') }]}>
                    <Input maxLength={20} autoComplete="tel" data-testid="personal-phone" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="email" label={t('entity.User.field.email')} rules={[{ pattern: EMAIL, message: t('entity.User.rule.email') }]}>
                    <Input maxLength={100} autoComplete="email" data-testid="personal-email" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="motto" label={t('entity.User.field.motto')}>
                    <Input maxLength={100} placeholder={t('people.page.mottoPlaceholder')} data-testid="personal-motto" />
                  </Form.Item>
                </Col>
              </Row>
              <Button type="primary" htmlType="submit" loading={saving} data-testid="personal-save">{t('people.page.save')}</Button>
            </Form>
          </Col>
        </Row>
      </Card>
      <MySignatureCard />
    </Space>
  );
}
