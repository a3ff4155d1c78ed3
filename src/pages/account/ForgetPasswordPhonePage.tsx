import { App, Button, Form, Input, Typography } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { request } from '../../request/request';
import { AccountLinks, AccountShell } from './AccountShell';
import { RecoveryTabs } from './RecoveryTabs';
import { SmsCodeInput } from './SmsCodeInput';
import { phoneRules } from './passwordRule';
import { errorText } from './errorText';
import { RESET_PASSWORD_PATH, type ResetTicketState } from './resetTicket';

interface PhoneValues {
  phone: string;
  code: string;
}

/**
 * /forget_password_phone: recovery by SMS code. /get/system/verificationPhone checks the code
 * and answers the account's user name with a one-time ticket, handed to /resetPassword in the
 * navigation state (not the address bar, where it would land in the history).
 */
export function ForgetPasswordPhonePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<PhoneValues>();
  const [checking, setChecking] = useState(false);

  const verify = async (values: PhoneValues) => {
    setChecking(true);
    try {
      const answer = await request.post<ResetTicketState>('/get/system/verificationPhone', { phone: values.phone.trim(), code: values.code }, { quiet: true });
      navigate(RESET_PASSWORD_PATH, { state: { ticket: answer.data.ticket, userName: answer.data.userName, accountId: answer.data.accountId } satisfies ResetTicketState });
    } catch (error) {
      void message.error(errorText(error, t));
      setChecking(false);
    }
  };

  return (
    <AccountShell subtitle={t('account.page.forget.title')} width={440}>
      <RecoveryTabs active="phone" />
      <Form<PhoneValues> form={form} layout="vertical" size="large" requiredMark={false} onFinish={(values) => { void verify(values); }} onFinishFailed={() => { void message.error(t('shell.form.checkForm')); }}>
        <Form.Item name="phone" label={t('account.page.login.phone')} rules={phoneRules(t)} extra={<Typography.Text type="secondary">{t('account.page.forget.phoneHint')}</Typography.Text>}>
          <Input prefix={<MobileOutlined />} placeholder={t('account.page.login.phonePlaceholder')} autoComplete="tel" inputMode="tel" autoFocus data-testid="forget-phone" />
        </Form.Item>
        <Form.Item name="code" label={t('account.page.login.code')} rules={[{ required: true, message: t('account.page.login.codeRequired') }]}>
          <SmsCodeInput form={form} purpose="retrieve" testId="forget-code" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" block loading={checking} data-testid="forget-next">{t('account.page.forget.next')}</Button>
        </Form.Item>
      </Form>
      <AccountLinks>
        <Link to="/login" data-testid="forget-back">{t('account.page.backToLogin')}</Link>
      </AccountLinks>
    </AccountShell>
  );
}
