import { App, Button, Col, Form, Input, Result, Row } from 'antd';
import { LockOutlined, MailOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { request } from '../../request/request';
import { AccountLinks, AccountShell } from './AccountShell';
import { AgreementCheck } from './AgreementCheck';
import { confirmPasswordRules, newPasswordRules, phoneRules } from './passwordRule';
import { errorText } from './errorText';

interface RegisterValues {
  accountId: string;
  userName: string;
  phone: string;
  email?: string;
  password: string;
  password2: string;
  /** The agreement check box (present when the configuration has agreement texts). */
  agree?: boolean;
}

/**
 * /register: asks for an account (POST /set/system/register). The result is a registration
 * waiting for an administrator (系统管理 › 注册审核), not an account yet; /getRegStatus tells
 * the applicant how it stands. The applicant agrees to the configured service protocol and
 * user notice, when there are any.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RegisterValues>();
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<{ accountId: string; phone: string } | null>(null);
  const required = (label: string) => ({ required: true, whitespace: true, message: t('account.page.register.required', { field: label }) });

  const submit = async (values: RegisterValues) => {
    setSaving(true);
    try {
      await request.post('/set/system/register', {
        ...values, accountId: values.accountId.trim(), userName: values.userName.trim(), phone: values.phone.trim(), email: values.email?.trim() ?? '', agree: values.agree ? 1 : 0,
      }, { quiet: true });
      setDone({ accountId: values.accountId.trim(), phone: values.phone.trim() });
    } catch (error) {
      void message.error(errorText(error, t));
    } finally {
      setSaving(false);
    }
  };

  if (done) {
    const query = new URLSearchParams(done).toString();
    return (
      <AccountShell subtitle={t('account.page.register.title')} width={520}>
        <Result
          status="success"
          title={<span data-testid="register-done">{t('account.page.register.done')}</span>}
          subTitle={t('account.page.register.doneDetail', { accountId: done.accountId })}
          extra={[
            <Link key="status" to={`/getRegStatus?${query}`}><Button type="primary" data-testid="register-query-status">{t('account.page.register.queryStatus')}</Button></Link>,
            <Link key="login" to="/login"><Button>{t('account.page.backToLogin')}</Button></Link>,
          ]}
        />
      </AccountShell>
    );
  }

  const label = (key: string) => t(`account.page.register.${key}`);
  return (
    <AccountShell subtitle={label('title')} width={560}>
      <Form<RegisterValues> form={form} layout="vertical" requiredMark onFinish={(values) => { void submit(values); }} onFinishFailed={() => { void message.error(t('shell.form.checkForm')); }}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="accountId" label={label('accountId')} rules={[required(label('accountId')), { pattern: /^[A-Za-z0-9_.@-]+$/, message: t('entity.User.rule.accountId') }, { max: 50 }]}>
              <Input prefix={<UserOutlined />} placeholder={label('accountIdPlaceholder')} autoComplete="username" autoFocus data-testid="register-accountId" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="userName" label={label('userName')} rules={[required(label('userName')), { max: 50 }]}>
              <Input autoComplete="name" data-testid="register-userName" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="phone" label={label('phone')} rules={phoneRules(t)}>
              <Input prefix={<MobileOutlined />} autoComplete="tel" inputMode="tel" data-testid="register-phone" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="email" label={label('email')} rules={[{ type: 'email', message: t('entity.User.rule.email') }, { max: 100 }]}>
              <Input prefix={<MailOutlined />} autoComplete="email" data-testid="register-email" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="password" label={label('password')} rules={newPasswordRules(t)}>
              <Input.Password prefix={<LockOutlined />} placeholder={t('account.page.reset.passwordPlaceholder')} autoComplete="new-password" data-testid="register-password" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="password2" label={label('password2')} dependencies={['password']} rules={confirmPasswordRules(t, form)}>
              <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="register-password2" />
            </Form.Item>
          </Col>
        </Row>
        <AgreementCheck />
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" size="large" block loading={saving} data-testid="register-submit">{label('submit')}</Button>
        </Form.Item>
      </Form>
      <AccountLinks>
        <Link to="/login" data-testid="register-back">{t('account.page.backToLogin')}</Link>
        <Link to="/getRegStatus">{t('account.page.login.regStatus')}</Link>
      </AccountLinks>
    </AccountShell>
  );
}
