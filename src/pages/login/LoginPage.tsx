import { App, Button, Form, Input, Tabs } from 'antd';
import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useShellConfigStore } from '../../config/shellConfig';
import { request } from '../../request/request';
import { redirectTarget } from '../../router/loginUrl';
import { restartAppRouterAt } from '../../router/routerHost';
import { useSessionStore } from '../../session/sessionStore';
import type { LoginData } from '../../session/sessionTypes';
import { AccountLinks, AccountShell } from '../account/AccountShell';
import { SmsCodeInput } from '../account/SmsCodeInput';
import { phoneRules } from '../account/passwordRule';
import { RESET_PASSWORD_PATH } from '../account/resetTicket';
import { initialPasswordTicket } from '../../people/initialPasswordTicket';
import { MaintenanceNotice } from './MaintenanceNotice';
import { useLoginBackground } from './loginBackground';

// The carousel (react-slick) only when banners are configured: most sign-in pages show none.
const LoginBanners = lazy(() => import('./LoginBanners').then((module) => ({ default: module.LoginBanners })));

interface Credentials {
  accountId: string;
  password: string;
}

interface PhoneCredentials {
  phone: string;
  code: string;
}

/**
 * Sign-in, two forms (shell spec §2): account and password (POST /get/system/login), or phone
 * and SMS code (/get/system/sendMessage, then /get/system/smsVerification, which answers like
 * login). Either way the session is stored the same and the app goes on to the wanted page.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { search } = useLocation();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [phoneForm] = Form.useForm<PhoneCredentials>();
  const banners = useShellConfigStore((state) => state.banners);
  const background = useLoginBackground();

  const finish = async (call: () => Promise<{ data: LoginData }>) => {
    setSubmitting(true);
    try {
      const answer = await call();
      useSessionStore.getState().signIn(answer.data);
      restartAppRouterAt(redirectTarget(search));
    } catch (error) {
      // An initial password issued by the system: set one's own first (the answer carries a reset ticket).
      const ticket = initialPasswordTicket(error);
      if (ticket) {
        void message.warning((error as Error).message);
        navigate(RESET_PASSWORD_PATH, { state: ticket });
        return;
      }
      void message.error(error instanceof Error && error.message ? error.message : t('shell.login.failed'));
      setSubmitting(false);
    }
  };
  // Quiet: a refused sign-in is the server's message under the form, not a "sign in again" dialog.
  const signIn = (credentials: Credentials) => finish(() => request.post<LoginData>('/get/system/login', { ...credentials }, { quiet: true }));
  const signInByCode = (values: PhoneCredentials) => finish(() => request.post<LoginData>('/get/system/smsVerification', { phone: values.phone.trim(), code: values.code }, { quiet: true }));
  const checkForm = () => { void message.error(t('shell.form.checkForm')); };

  const passwordForm = (
    <Form<Credentials> layout="vertical" size="large" requiredMark={false} onFinish={(values) => { void signIn(values); }} onFinishFailed={checkForm}>
      <Form.Item name="accountId" label={t('shell.login.account')} rules={[{ required: true, whitespace: true, message: t('shell.login.accountRequired') }]}>
        <Input prefix={<UserOutlined />} placeholder={t('shell.login.accountPlaceholder')} autoComplete="username" autoFocus data-testid="login-account" />
      </Form.Item>
      <Form.Item name="password" label={t('shell.login.password')} rules={[{ required: true, message: t('shell.login.passwordRequired') }]}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('shell.login.passwordPlaceholder')} autoComplete="current-password" data-testid="login-password" />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">{t('shell.login.submit')}</Button>
      </Form.Item>
    </Form>
  );

  const codeForm = (
    <Form<PhoneCredentials> form={phoneForm} layout="vertical" size="large" requiredMark={false} onFinish={(values) => { void signInByCode(values); }} onFinishFailed={checkForm}>
      <Form.Item name="phone" label={t('account.page.login.phone')} rules={phoneRules(t)}>
        <Input prefix={<MobileOutlined />} placeholder={t('account.page.login.phonePlaceholder')} autoComplete="tel" inputMode="tel" data-testid="login-phone" />
      </Form.Item>
      <Form.Item name="code" label={t('account.page.login.code')} rules={[{ required: true, message: t('account.page.login.codeRequired') }]}>
        <SmsCodeInput form={phoneForm} purpose="login" testId="login-code" />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-phone-submit">{t('shell.login.submit')}</Button>
      </Form.Item>
    </Form>
  );

  return (
    <AccountShell subtitle={t('shell.login.subtitle')} testId="login-page" backgroundImage={background} aside={banners.length > 0 ? <Suspense fallback={null}><LoginBanners banners={banners} /></Suspense> : undefined}>
      <MaintenanceNotice />
      <Tabs
        centered
        defaultActiveKey="password"
        items={[
          { key: 'password', label: <span data-testid="login-tab-password">{t('account.page.login.passwordTab')}</span>, children: passwordForm },
          { key: 'phone', label: <span data-testid="login-tab-phone">{t('account.page.login.phoneTab')}</span>, children: codeForm },
        ]}
      />
      <AccountLinks>
        <Link to="/forget_password" data-testid="login-link-forget">{t('account.page.login.forgot')}</Link>
        <Link to="/getRegStatus" data-testid="login-link-regstatus">{t('account.page.login.regStatus')}</Link>
        <Link to="/register" data-testid="login-link-register">{t('account.page.login.register')}</Link>
      </AccountLinks>
    </AccountShell>
  );
}
