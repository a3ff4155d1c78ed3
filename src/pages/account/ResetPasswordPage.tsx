import { App, Button, Form, Input, Result, Spin, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { request } from '../../request/request';
import { AccountLinks, AccountShell } from './AccountShell';
import { confirmPasswordRules, newPasswordRules } from './passwordRule';
import { errorText } from './errorText';
import { isResetTicketState } from './resetTicket';
import { FORGET_BY_EMAIL_PATH } from './RecoveryTabs';

interface Target {
  ticket: string;
  userName: string;
  accountId: string;
}

interface PasswordValues {
  password: string;
  password2: string;
}

/**
 * Sets a new password with a one-time ticket (/get/system/retrievePassword):
 * - /resetPassword: the ticket comes from /forget_password_phone in the navigation state;
 * - /resetPasswordByEmail?token=…: the ticket is the e-mailed link's token, checked first so
 *   an expired link says so before the user types anything.
 */
export function ResetPasswordPage({ source }: { source: 'phone' | 'email' }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<PasswordValues>();
  const [target, setTarget] = useState<Target | null>(() => (source === 'phone' && isResetTicketState(location.state) ? location.state : null));
  const [state, setState] = useState<'checking' | 'ready' | 'invalid' | 'done'>(() => (source === 'phone' ? (target ? 'ready' : 'invalid') : 'checking'));
  const [saving, setSaving] = useState(false);
  const token = params.get('token') ?? '';

  useEffect(() => {
    if (source !== 'email') return;
    let live = true;
    if (!token) { setState('invalid'); return; }
    request.get<{ userName: string; accountId: string }>('/get/system/checkResetTicket', { ticket: token }, { quiet: true })
      .then((answer) => { if (live) { setTarget({ ticket: token, ...answer.data }); setState('ready'); } })
      .catch(() => { if (live) setState('invalid'); });
    return () => { live = false; };
  }, [source, token]);

  const save = async (values: PasswordValues) => {
    if (!target) return;
    setSaving(true);
    try {
      await request.post('/get/system/retrievePassword', { ticket: target.ticket, password: values.password, password2: values.password2 }, { quiet: true });
      // The ticket is spent: drop it from the history entry as well.
      if (source === 'phone') navigate(location.pathname, { replace: true, state: null });
      setState('done');
    } catch (error) {
      void message.error(errorText(error, t));
    } finally {
      setSaving(false);
    }
  };

  let body;
  if (state === 'checking') {
    body = <div style={{ textAlign: 'center', padding: 24 }}><Spin /><div style={{ marginTop: 12 }}>{t('account.page.reset.checking')}</div></div>;
  } else if (state === 'invalid') {
    body = (
      <Result
        status="warning"
        title={t('account.page.reset.invalidTitle')}
        subTitle={<span data-testid="reset-invalid">{t('account.page.reset.invalid')}</span>}
        extra={[
          <Link key="again" to={FORGET_BY_EMAIL_PATH}><Button type="primary">{t('account.page.reset.again')}</Button></Link>,
          <Link key="login" to="/login"><Button>{t('account.page.backToLogin')}</Button></Link>,
        ]}
      />
    );
  } else if (state === 'done') {
    body = (
      <Result
        status="success"
        title={t('account.page.reset.doneTitle')}
        subTitle={<span data-testid="reset-done">{t('account.page.reset.done')}</span>}
        extra={<Link to="/login"><Button type="primary" data-testid="reset-to-login">{t('account.page.backToLogin')}</Button></Link>}
      />
    );
  } else {
    body = (
      <Form<PasswordValues> form={form} layout="vertical" size="large" requiredMark={false} onFinish={(values) => { void save(values); }} onFinishFailed={() => { void message.error(t('shell.form.checkForm')); }}>
        <Typography.Paragraph strong data-testid="reset-account">
          {t('account.page.reset.forAccount', { accountId: target?.accountId ?? '', userName: target?.userName ?? '' })}
        </Typography.Paragraph>
        <Form.Item name="password" label={t('account.page.reset.password')} rules={newPasswordRules(t)}>
          <Input.Password prefix={<LockOutlined />} placeholder={t('account.page.reset.passwordPlaceholder')} autoComplete="new-password" autoFocus data-testid="reset-password" />
        </Form.Item>
        <Form.Item name="password2" label={t('account.page.reset.password2')} dependencies={['password']} rules={confirmPasswordRules(t, form)}>
          <Input.Password prefix={<LockOutlined />} placeholder={t('account.page.reset.password2Placeholder')} autoComplete="new-password" data-testid="reset-password2" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" block loading={saving} data-testid="reset-submit">{t('account.page.reset.submit')}</Button>
        </Form.Item>
      </Form>
    );
  }

  return (
    <AccountShell subtitle={t('account.page.reset.title')} width={440}>
      {body}
      {(state === 'ready' || state === 'checking') && (
        <AccountLinks>
          <Link to="/login" data-testid="reset-back">{t('account.page.backToLogin')}</Link>
        </AccountLinks>
      )}
    </AccountShell>
  );
}
