import { Alert, App, Button, Descriptions, Form, Input, Tag } from 'antd';
import { MobileOutlined, UserOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { request } from '../../request/request';
import { AccountLinks, AccountShell } from './AccountShell';
import { phoneRules } from './passwordRule';
import { errorText } from './errorText';

interface RegStatus {
  accountId: string;
  userName: string;
  status: 'pending' | 'approved' | 'rejected' | string;
  statusLabel: string;
  opinion: string;
  createTime: string;
  decisionTime: string | null;
}

const STATUS_COLOR: Record<string, string> = { pending: 'orange', approved: 'green', rejected: 'red' };

/** /getRegStatus: where a registration stands, by account and phone (both must match). */
export function RegStatusPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const [form] = Form.useForm<{ accountId: string; phone: string }>();
  const [loading, setLoading] = useState(false);
  const [result, setResult] = useState<RegStatus | null>(null);

  const query = async (values: { accountId: string; phone: string }) => {
    setLoading(true);
    setResult(null);
    try {
      const answer = await request.get<RegStatus>('/get/system/getRegStatus', { accountId: values.accountId.trim(), phone: values.phone.trim() }, { quiet: true });
      setResult(answer.data);
    } catch (error) {
      void message.error(errorText(error, t));
    } finally {
      setLoading(false);
    }
  };

  // Arriving from the registration page: the form is filled and asked at once.
  useEffect(() => {
    const accountId = params.get('accountId');
    const phone = params.get('phone');
    if (accountId && phone) {
      form.setFieldsValue({ accountId, phone });
      void query({ accountId, phone });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const label = (key: string) => t(`account.page.regStatus.${key}`);
  return (
    <AccountShell subtitle={label('title')} width={460}>
      <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={(values) => { void query(values); }} onFinishFailed={() => { void message.error(t('shell.form.checkForm')); }}>
        <Form.Item name="accountId" label={t('account.page.register.accountId')} rules={[{ required: true, whitespace: true, message: t('account.register.accountRequired') }]}>
          <Input prefix={<UserOutlined />} autoComplete="username" data-testid="regstatus-accountId" />
        </Form.Item>
        <Form.Item name="phone" label={t('account.page.register.phone')} rules={phoneRules(t)}>
          <Input prefix={<MobileOutlined />} autoComplete="tel" inputMode="tel" data-testid="regstatus-phone" />
        </Form.Item>
        <Form.Item style={{ marginBottom: result ? 16 : 0 }}>
          <Button type="primary" htmlType="submit" block loading={loading} data-testid="regstatus-submit">{label('query')}</Button>
        </Form.Item>
      </Form>
      {result && (
        <div data-testid="regstatus-result">
          <Descriptions
            bordered
            size="small"
            column={1}
            items={[
              { key: 'account', label: t('account.page.register.accountId'), children: `${result.accountId}（${result.userName}）` },
              { key: 'status', label: label('status'), children: <Tag color={STATUS_COLOR[result.status] ?? 'default'} data-testid="regstatus-status">{result.statusLabel}</Tag> },
              ...(result.opinion ? [{ key: 'opinion', label: label('opinion'), children: result.opinion }] : []),
              { key: 'createTime', label: label('createTime'), children: result.createTime },
              ...(result.decisionTime ? [{ key: 'decisionTime', label: label('decisionTime'), children: result.decisionTime }] : []),
            ]}
          />
          {result.status === 'approved' ? <Alert style={{ marginTop: 12 }} type="success" showIcon message={label('approvedHint')} /> : null}
        </div>
      )}
      <AccountLinks>
        <Link to="/login" data-testid="regstatus-back">{t('account.page.backToLogin')}</Link>
        <Link to="/register">{t('account.page.login.register')}</Link>
      </AccountLinks>
    </AccountShell>
  );
}
