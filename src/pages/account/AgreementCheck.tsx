import { App, Button, Checkbox, Form } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/dialog/AppDialog';
import { request } from '../../request/request';
import { RichTextHtml } from '../../../runtime/react/richText/RichTextView';

interface Agreements {
  serviceProtocol: string;
  userNotice: string;
}

type Shown = keyof Agreements;

/**
 * "我已阅读并同意《服务协议》和《用户须知》" on the registration form (field `agree`, required),
 * each title opening its text in a dialog. The texts are the system configuration's
 * (GET /get/system/getAgreements); without any, nothing is shown and nothing asked — the server
 * applies the same rule. Texts are shown as plain text, never as HTML.
 */
export function AgreementCheck() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [texts, setTexts] = useState<Agreements | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    let current = true;
    request.get<Agreements>('/get/system/getAgreements', {}, { quiet: true }).then(
      (answer) => { if (current) setTexts({ serviceProtocol: String(answer.data?.serviceProtocol ?? ''), userNotice: String(answer.data?.userNotice ?? '') }); },
      () => { if (current) void message.error(t('sysConfig.page.agreement.loadFailed')); },
    );
    return () => { current = false; };
  }, [message, t]);

  if (!texts || (texts.serviceProtocol.trim() === '' && texts.userNotice.trim() === '')) return null;
  const title = (which: Shown) => t(`sysConfig.page.agreement.${which}`);
  const link = (which: Shown) => (
    <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={(event) => { event.preventDefault(); setShown(which); }} data-testid={`agreement-open-${which}`}>
      {title(which)}
    </Button>
  );
  return (
    <>
      <Form.Item
        name="agree"
        valuePropName="checked"
        rules={[{ validator: (_, value) => (value ? Promise.resolve() : Promise.reject(new Error(t('sysConfig.agreement.required')))) }]}
      >
        <Checkbox data-testid="register-agree">
          {t('sysConfig.page.agreement.prefix')} {link('serviceProtocol')} {t('sysConfig.page.agreement.and')} {link('userNotice')}
        </Checkbox>
      </Form.Item>
      <AppDialog
        open={shown !== null}
        title={shown ? title(shown) : ''}
        onCancel={() => setShown(null)}
        footer={<Button type="primary" onClick={() => setShown(null)} data-testid="agreement-close">{t('sysConfig.page.agreement.close')}</Button>}
        destroyOnHidden
      >
        <div style={{ maxHeight: '60vh', overflowY: 'auto' }}>
          <RichTextHtml html={shown ? texts[shown].trim() || t('sysConfig.page.agreement.empty') : ''} data-testid="agreement-text" />
        </div>
      </AppDialog>
    </>
  );
}
