import { App, Button, Card, Form, Input, Typography, theme } from 'antd';
import { AppstoreOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { VERSION_LABEL } from '../../config/appSettings';
import { useAppName } from '../../config/useAppName';
import { LanguageSwitch } from '../../layout/LanguageSwitch';
import { usePageTitle } from '../../layout/usePageTitle';
import { request } from '../../request/request';
import { redirectTarget } from '../../router/loginUrl';
import { restartAppRouterAt } from '../../router/routerHost';
import { useSessionStore } from '../../session/sessionStore';
import type { LoginData } from '../../session/sessionTypes';
import styles from './LoginPage.module.css';

interface Credentials {
  accountId: string;
  password: string;
}

/** Sign-in with account and password: POST /get/system/login, then on to the page the user wanted. */
export function LoginPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const appName = useAppName();
  const { search } = useLocation();
  const [submitting, setSubmitting] = useState(false);
  usePageTitle(appName);

  const signIn = async (credentials: Credentials) => {
    setSubmitting(true);
    try {
      // Quiet: a refused sign-in is the server's message under the form, not a "sign in again" dialog.
      const answer = await request.post<LoginData>('/get/system/login', { ...credentials }, { quiet: true });
      useSessionStore.getState().signIn(answer.data);
      restartAppRouterAt(redirectTarget(search));
    } catch (error) {
      void message.error(error instanceof Error && error.message ? error.message : t('shell.login.failed'));
      setSubmitting(false);
    }
  };

  return (
    <div
      className={styles.page}
      style={{ background: `linear-gradient(135deg, ${token.colorPrimary} 0%, ${token.colorPrimaryActive} 55%, #1f2d3d 100%)` }}
    >
      <div className={styles.corner}><LanguageSwitch color="#fff" /></div>
      <Card className={styles.card} variant="borderless">
        <div className={styles.brand}>
          <div className={styles.mark} style={{ background: token.colorPrimary }}><AppstoreOutlined /></div>
          <Typography.Title level={3} style={{ margin: 0 }}>{appName}</Typography.Title>
          <Typography.Text type="secondary">{t('shell.login.subtitle')}</Typography.Text>
        </div>
        <Form<Credentials>
          layout="vertical"
          size="large"
          requiredMark={false}
          onFinish={(values) => { void signIn(values); }}
          onFinishFailed={() => { void message.error(t('shell.form.checkForm')); }}
        >
          <Form.Item
            name="accountId"
            label={t('shell.login.account')}
            rules={[{ required: true, whitespace: true, message: t('shell.login.accountRequired') }]}
          >
            <Input
              prefix={<UserOutlined />}
              placeholder={t('shell.login.accountPlaceholder')}
              autoComplete="username"
              autoFocus
              data-testid="login-account"
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('shell.login.password')}
            rules={[{ required: true, message: t('shell.login.passwordRequired') }]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('shell.login.passwordPlaceholder')}
              autoComplete="current-password"
              data-testid="login-password"
            />
          </Form.Item>
          <Form.Item style={{ marginBottom: 0 }}>
            <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
              {t('shell.login.submit')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <div className={styles.footer}>{appName} {VERSION_LABEL}</div>
    </div>
  );
}
