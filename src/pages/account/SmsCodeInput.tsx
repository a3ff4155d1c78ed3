import { App, Button, Input, Space, type FormInstance } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../request/request';
import { errorText } from './errorText';

export interface SmsCodeInputProps {
  /** The form holding the phone item, validated before a code is requested. */
  form: FormInstance;
  phoneField?: string;
  /** 'login' (sign-in) or 'retrieve' (password recovery). */
  purpose: 'login' | 'retrieve';
  value?: string;
  onChange?: (value: string) => void;
  /** Prefix of the test ids: `${testId}` on the input, `${testId}-send` on the button. */
  testId: string;
}

/**
 * The code field with its "获取验证码" button: validates the phone, asks
 * /get/system/sendMessage, then counts down the server's interval before a code can be asked
 * again. The server says the same whether or not the number belongs to an account.
 */
export function SmsCodeInput({ form, phoneField = 'phone', purpose, value, onChange, testId }: SmsCodeInputProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [seconds, setSeconds] = useState(0);
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  useEffect(() => () => { if (timer.current) clearInterval(timer.current); }, []);

  const countDown = (from: number) => {
    if (timer.current) clearInterval(timer.current);
    setSeconds(from);
    timer.current = setInterval(() => {
      setSeconds((left) => {
        if (left <= 1 && timer.current) {
          clearInterval(timer.current);
          timer.current = null;
        }
        return Math.max(0, left - 1);
      });
    }, 1000);
  };

  const send = async () => {
    let phone: string;
    try {
      phone = String((await form.validateFields([phoneField]))[phoneField] ?? '');
    } catch {
      return;
    }
    setSending(true);
    try {
      const answer = await request.get<{ interval: number }>('/get/system/sendMessage', { phone, type: purpose }, { quiet: true });
      void message.success(t('account.page.login.codeSent'));
      countDown(Number(answer.data?.interval) || 60);
    } catch (error) {
      void message.error(errorText(error, t));
    } finally {
      setSending(false);
    }
  };

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        prefix={<SafetyOutlined />}
        value={value}
        onChange={(event) => onChange?.(event.target.value.replace(/\D/g, '').slice(0, 6))}
        placeholder={t('account.page.login.codePlaceholder')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        data-testid={testId}
      />
      <Button onClick={() => { void send(); }} loading={sending} disabled={seconds > 0} style={{ minWidth: 132, flex: 'none' }} data-testid={`${testId}-send`}>
        {seconds > 0 ? t('account.page.login.resend', { seconds }) : t('account.page.login.sendCode')}
      </Button>
    </Space.Compact>
  );
}
