import { App, Button, Card, Form, Input, Radio, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AttachmentUpload } from '../../../runtime/react/form/widgets/AttachmentUpload';
import { UserSelect } from '../../../runtime/react/form/widgets/UserSelect';
import { USER_SELECT_PATH } from '../../../runtime/react/schema/remoteSelectPath';
import { RichTextEditor } from '../../../runtime/react/richText/RichTextEditor';
import { mailApi, splitIds, type ComposeValues } from './mailApi';
import { isRequestError } from '../../request';
import { ShellRuntime } from '../../runtime/ShellRuntime';

interface FormValues { toIds: string; ccIds: string; bccIds: string; externalTo: string; subject: string; importance: string; content: string; attachments: string }

const EMPTY: FormValues = { toIds: '', ccIds: '', bccIds: '', externalTo: '', subject: '', importance: 'normal', content: '', attachments: '' };

function toForm(v: ComposeValues): FormValues {
  const join = (x: string[] | string | undefined) => (Array.isArray(x) ? x.join(',') : x ?? '');
  return { toIds: join(v.toIds), ccIds: join(v.ccIds), bccIds: join(v.bccIds), externalTo: v.externalTo ?? '', subject: v.subject ?? '', importance: v.importance || 'normal', content: v.content ?? '', attachments: join(v.attachments) };
}

export interface ComposePageProps {
  /** Where sending (its sent folder) and cancelling lead: the mailbox, or the phone's mail list. */
  mailboxPath?: string;
}

function ComposeForm({ mailboxPath }: Required<ComposePageProps>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [form] = Form.useForm<FormValues>();
  const [names, setNames] = useState<Record<string, string>>({});
  const [ready, setReady] = useState(false);
  // A mail sent while a file is still uploading would go without it: send and save wait for the files.
  const [uploading, setUploading] = useState(0);
  const [showCc, setShowCc] = useState(false);
  const [showBcc, setShowBcc] = useState(false);
  const [busy, setBusy] = useState(false);
  const [base, setBase] = useState<{ emailId?: string; refEmailId?: string }>({});

  useEffect(() => {
    const copyId = search.get('copyId');
    const mode = search.get('mode') as 'reply' | 'replyAll' | 'forward' | null;
    const draftId = search.get('emailId');
    const start = (values: ComposeValues & { names?: Record<string, string> }) => {
      const v = toForm(values);
      form.setFieldsValue(v);
      setNames(values.names ?? {});
      setShowCc(Boolean(v.ccIds));
      setShowBcc(Boolean(v.bccIds));
      setBase({ emailId: values.emailId, refEmailId: values.refEmailId });
      setReady(true);
    };
    if (copyId && mode) mailApi.reply(copyId, mode).then((a) => start(a.data), () => setReady(true));
    else if (draftId) {
      mailApi.detailByEmail(draftId).then((a) => {
        const d = a.data;
        const pairs = (ids: string, label?: string) => splitIds(ids).map((id, i) => [id, (label ?? '').split(',')[i] ?? id]);
        start({
          emailId: d.emailId, subject: d.subject, toIds: splitIds(d.toIds), ccIds: splitIds(d.ccIds), bccIds: splitIds(d.bccIds), externalTo: d.externalTo ?? '',
          importance: d.importance, content: d.content ?? '', attachments: splitIds(d.attachments),
          names: Object.fromEntries([...pairs(d.toIds, d.toIdsName), ...pairs(d.ccIds, d.ccIdsName), ...pairs(d.bccIds, d.bccIdsName)]),
        } as ComposeValues & { names: Record<string, string> });
      }, () => setReady(true));
    } else {
      form.setFieldsValue(EMPTY);
      setReady(true);
    }
  }, [search, form]);

  const payload = (v: FormValues): ComposeValues => ({
    ...base, subject: v.subject ?? '', toIds: splitIds(v.toIds), ccIds: splitIds(v.ccIds), bccIds: splitIds(v.bccIds),
    externalTo: v.externalTo ?? '', importance: v.importance, content: v.content ?? '', attachments: splitIds(v.attachments),
  });
  const send = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const answer = await mailApi.send(payload(v));
      const failed = answer.data.external?.failed ?? [];
      if (failed.length) message.warning(t('email.compose.sentExternalFailed', { list: failed.join(', ') }));
      else if (answer.data.via === 'account') message.success(t('email.compose.sentViaAccount', { address: answer.data.from ?? '' }));
      else message.success(t('email.compose.sent'));
      navigate(`${mailboxPath}?folder=sent`);
    } catch (error) {
      // The request layer has shown the server's message. One's own mail server refused: the mail
      // was kept as a draft, and sending again sends that draft.
      const draftId = isRequestError(error) ? (error.data as { emailId?: unknown } | null)?.emailId : undefined;
      if (typeof draftId === 'string') {
        setBase((b) => ({ ...b, emailId: draftId }));
        message.info(t('email.compose.keptAsDraft'));
      }
    } finally {
      setBusy(false);
    }
  };
  const saveDraft = async () => {
    setBusy(true);
    try {
      const answer = await mailApi.save(payload(form.getFieldsValue(true) as FormValues));
      setBase((b) => ({ ...b, emailId: answer.data.emailId }));
      message.success(t('email.compose.saved'));
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('email.compose.title')} loading={!ready} data-testid="mail-compose-page"
      extra={(
        <Space>
          <Button type="primary" loading={busy} disabled={uploading > 0} onClick={send} data-testid="mail-send">{t('email.compose.send')}</Button>
          <Button loading={busy} disabled={uploading > 0} onClick={saveDraft} data-testid="mail-save-draft">{t('email.compose.saveDraft')}</Button>
          <Button onClick={() => navigate(mailboxPath)}>{t('email.compose.cancel')}</Button>
        </Space>
      )}
    >
      <Form form={form} layout="horizontal" labelCol={{ flex: '90px' }} initialValues={EMPTY}>
        <Form.Item label={t('email.compose.to')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="toIds" noStyle>
              <UserSelect url={USER_SELECT_PATH} multiple knownLabels={names} data-testid="mail-to" />
            </Form.Item>
          </Space.Compact>
          <Space size={4} style={{ marginTop: 4 }}>
            {!showCc && <Button type="link" size="small" onClick={() => setShowCc(true)}>{t('email.compose.showCc')}</Button>}
            {!showBcc && <Button type="link" size="small" onClick={() => setShowBcc(true)} data-testid="mail-show-bcc">{t('email.compose.showBcc')}</Button>}
          </Space>
        </Form.Item>
        {showCc && <Form.Item label={t('email.compose.cc')} name="ccIds"><UserSelect url={USER_SELECT_PATH} multiple knownLabels={names} data-testid="mail-cc" /></Form.Item>}
        {showBcc && <Form.Item label={t('email.compose.bcc')} name="bccIds"><UserSelect url={USER_SELECT_PATH} multiple knownLabels={names} data-testid="mail-bcc-select" /></Form.Item>}
        <Form.Item label={t('email.compose.external')} name="externalTo" tooltip={t('email.compose.externalTips')}>
          <Input placeholder="name@example.com; other@example.org" data-testid="mail-external" />
        </Form.Item>
        <Form.Item label={t('email.compose.subject')} name="subject" rules={[{ required: true, message: t('email.error.noSubject') }]}>
          <Input maxLength={200} data-testid="mail-subject-input" />
        </Form.Item>
        <Form.Item label={t('email.compose.importance')} name="importance">
          <Radio.Group options={['normal', 'important', 'urgent'].map((v) => ({ value: v, label: t(`entity.Email.option.importance.${v}`) }))} />
        </Form.Item>
        <Form.Item label={t('email.compose.content')} name="content">
          <RichTextEditor data-testid="mail-content-editor" />
        </Form.Item>
        <Form.Item label={t('email.compose.attachments')} name="attachments">
          <AttachmentUpload maxCount={20} onUploadingChange={setUploading} />
        </Form.Item>
      </Form>
    </Card>
  );
}

/** 写邮件: recipients by the people picker (groups add their members), cc/bcc, outside addresses, rich text, files; send or keep as a draft. */
export function ComposePage({ mailboxPath = '/email/mailbox' }: ComposePageProps) {
  return <ShellRuntime><ComposeForm mailboxPath={mailboxPath} /></ShellRuntime>;
}
