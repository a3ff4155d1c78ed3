import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../request';
import { getFeedback } from '../../feedback';

interface PasswordForm { oldPassword: string; password: string; password2: string }

/** Changing one's own password: the old one, then the new one twice (spec §5: '两次输入密码不一致!'). */
export function MyPasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordForm>();
  const [sending, setSending] = useState(false);
  const submit = async (values: PasswordForm) => {
    setSending(true);
    try {
      await request.post('/set/system/updateMyPassword', { ...values });
      getFeedback().message.success(t('system.password.changed'));
      form.resetFields();
    } catch (error) {
      getFeedback().message.error((error as Error).message);
    } finally {
      setSending(false);
    }
  };
  return (
    <Card title={t('system.password.title')} style={{ maxWidth: 560 }}>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} onFinishFailed={() => getFeedback().message.error(t('shell.form.checkForm'))}>
        <Form.Item name="oldPassword" label={t('system.password.old')} rules={[{ required: true, message: t('validation.required') }]}>
          <Input.Password data-testid="password-old" autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('system.password.new')} rules={[{ required: true, message: t('validation.required') }]}>
          <Input.Password data-testid="password-new" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="password2" label={t('system.password.confirm')} dependencies={['password']}
          rules={[{ required: true, message: t('validation.required') }, ({ getFieldValue }) => ({
            validator: (_, value) => (!value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('account.password.mismatch')))),
          })]}>
          <Input.Password data-testid="password-confirm" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending} data-testid="password-submit">{t('system.password.submit')}</Button>
      </Form>
    </Card>
  );
}
