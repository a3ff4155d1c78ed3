import { App, Button, Form, Input, Result } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { request } from '../../request/request';
import { AccountLinks, AccountShell } from './AccountShell';
import { RecoveryTabs } from './RecoveryTabs';
import { errorText } from './errorText';

/**
 * /forget_password: recovery by e-mail. The account id or address goes to
 * /get/system/sendResetPasswordEmail; the answer is the same whether or not the account
 * exists, so the page says "if … then a mail is on its way".
 */
export function ForgetPasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);
  const [sentMinutes, setSentMinutes] = useState<number | null>(null);

  const send = async ({ account }: { account: string }) => {
    setSending(true);
    try {
      const answer = await request.post<{ expiresIn: number }>('/get/system/sendResetPasswordEmail', { account: account.trim() }, { quiet: true });
      setSentMinutes(Math.max(1, Math.round((Number(answer.data?.expiresIn) || 1800) / 60)));
    } catch (error) {
      void message.error(errorText(error, t));
    } finally {
      setSending(false);
    }
  };

  return (
    <AccountShell subtitle={t('account.page.forget.title')} width={440}>
      <RecoveryTabs active="email" />
      {sentMinutes !== null ? (
        <Result
          status="success"
          title={t('account.page.forget.mailSentTitle')}
          subTitle={<span data-testid="forget-mail-sent">{t('account.page.forget.mailSent', { minutes: sentMinutes })}</span>}
          extra={<Link to="/login"><Button type="primary">{t('account.page.backToLogin')}</Button></Link>}
        />
      ) : (
        <Form layout="vertical" size="large" requiredMark={false} onFinish={(values: { account: string }) => { void send(values); }} onFinishFailed={() => { void message.error(t('shell.form.checkForm')); }}>
          <Form.Item name="account" label={t('account.page.forget.account')} rules={[{ required: true, whitespace: true, message: t('account.page.forget.accountRequired') }]}>
            <Input prefix={<MailOutlined />} placeholder={t('account.page.forget.accountPlaceholder')} autoComplete="username" autoFocus data-testid="forget-account" />
          </Form.Item>
          <Form.Item style={{ marginBottom: 0 }}>
            <Button type="primary" htmlType="submit" block loading={sending} data-testid="forget-send-mail">{t('account.page.forget.sendMail')}</Button>
          </Form.Item>
        </Form>
      )}
      {sentMinutes === null && (
        <AccountLinks>
          <Link to="/login" data-testid="forget-back">{t('account.page.backToLogin')}</Link>
        </AccountLinks>
      )}
    </AccountShell>
  );
}
