import { Alert, Button, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAsync } from '../data/useAsync';
import { alreadyShown, failureMessage } from '../data/requestFailure';
import { useFeedback } from '../feedback/useFeedback';
import { useRuntime } from '../useRuntime';

/** What the server says about the signed-in user's signing settings (server/signature). */
interface MySignature { required: boolean; verifyMethod: 'password' | 'sms' | null; phone: string | null }

/** The values the transition call takes for confirmation. */
export interface SignValues { signPassword?: string; signCode?: string }

export interface SignConfirmationProps {
  value: SignValues;
  onChange(value: SignValues): void;
}

/**
 * For users whose signing settings are enabled (签批设置): the decision is confirmed with the
 * sign-in password or an SMS code, which the server checks before it writes anything. Users
 * without such settings see nothing here.
 */
export function SignConfirmation({ value, onChange }: SignConfirmationProps) {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const { message } = useFeedback();
  const signature = useAsync(async () => (await request.get<MySignature>('/get/system/getMySignature')).data, [request]);
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (wait <= 0) return undefined;
    const timer = setTimeout(() => setWait((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const mine = signature.status === 'ready' ? signature.value : undefined;
  if (!mine?.required) return null;

  const sendCode = async () => {
    setSending(true);
    try {
      const answer = await request.post<{ interval: number; phone: string }>('/set/system/sendSignCode');
      message.success(t('runtime.flow.sign.codeSent', { phone: answer.data.phone }));
      setWait(answer.data.interval);
    } catch (error) {
      if (!alreadyShown(error)) message.error(failureMessage(error, t('runtime.message.unknownError')));
    } finally {
      setSending(false);
    }
  };

  if (mine.verifyMethod === 'password') {
    return (
      <Form.Item label={t('runtime.flow.sign.password')} required extra={t('runtime.flow.sign.passwordTip')}>
        <Input.Password autoComplete="current-password" value={value.signPassword ?? ''}
          onChange={(event) => onChange({ signPassword: event.target.value })} data-testid="transition-sign-password" />
      </Form.Item>
    );
  }
  if (!mine.phone) return <Alert type="warning" showIcon message={t('runtime.flow.sign.noPhone')} />;
  return (
    <Form.Item label={t('runtime.flow.sign.code')} required extra={t('runtime.flow.sign.codeTip', { phone: mine.phone })}>
      <Space.Compact style={{ width: '100%' }}>
        <Input maxLength={6} inputMode="numeric" value={value.signCode ?? ''}
          onChange={(event) => onChange({ signCode: event.target.value.trim() })} data-testid="transition-sign-code" />
        <Button onClick={() => { void sendCode(); }} loading={sending} disabled={wait > 0} data-testid="transition-sign-send">
          {wait > 0 ? t('runtime.flow.sign.resend', { seconds: wait }) : t('runtime.flow.sign.send')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
