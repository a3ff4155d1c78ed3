import { Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { namedCallPath } from '../../core/naming';
import { ROW_VERSION, type EntityDef, type FieldDef, type FlowTransition, type RowActionDef } from '../../core/schema/types';
import { alreadyShown, failureMessage, isStaleRecord } from '../data/requestFailure';
import { testIdButtonProps } from '../feedback/testIdButtonProps';
import { useFeedback } from '../feedback/useFeedback';
import { useRuntime } from '../useRuntime';
import { SignConfirmation, type SignValues } from './SignConfirmation';

export interface TransitionModalProps {
  entity: EntityDef;
  base: string;
  /** A flow transition (with an opinion) or a named row action (with its confirmation). */
  transition: FlowTransition | RowActionDef;
  recordId: unknown;
  /** The version of the record the user is deciding on: the server refuses the decision once it changed. */
  rowVersion?: unknown;
  onClose(): void;
  /** Called after the server took the transition. */
  onDone(): void;
}

/** Dialog width (spec §9). */
const DIALOG_WIDTH = 600;

/** The control for a field the transition lets the actor fill (a dispatch note, a mileage). */
function TransitionFieldInput({ field, value, onChange }: { field: FieldDef; value: unknown; onChange(value: unknown): void }) {
  const testId = `transition-field-${field.name}`;
  switch (field.type) {
    case 'integer': case 'number': case 'money':
      return (
        <InputNumber style={{ width: '100%' }} min={field.min} max={field.max} precision={field.type === 'integer' ? 0 : field.precision}
          value={value as number | null} onChange={onChange} data-testid={testId} />
      );
    case 'text': case 'richText':
      return <Input.TextArea rows={3} maxLength={field.maxLength} value={(value as string) ?? ''} onChange={(e) => onChange(e.target.value)} data-testid={testId} />;
    default:
      return <Input maxLength={field.maxLength} value={(value as string) ?? ''} onChange={(e) => onChange(e.target.value)} data-testid={testId} />;
  }
}

/**
 * Confirms a flow transition: the fields the transition declares (schema `transition.fields`),
 * an optional opinion and, for users with signing settings, the password or SMS code, posted to
 * the transition's call. The server checks guards and the confirmation again.
 */
export function TransitionModal({ entity, base, transition, recordId, rowVersion, onClose, onDone }: TransitionModalProps) {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const { message, success, confirm: ask } = useFeedback();
  const isAction = !('to' in transition);
  const [opinion, setOpinion] = useState('');
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [sign, setSign] = useState<SignValues>({});
  const [sending, setSending] = useState(false);
  const fields = (transition.fields ?? [])
    .map((name) => entity.fields.find((f) => f.name === name))
    .filter((f): f is FieldDef => Boolean(f));

  const confirm = async () => {
    setSending(true);
    try {
      const extra = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ''));
      const decision = isAction ? {} : { opinion, ...sign, ...(rowVersion === undefined ? {} : { [ROW_VERSION]: rowVersion }) };
      const answer = await request.post<Record<string, unknown>>(namedCallPath(base, 'set', transition.call), { ...extra, id: recordId, ...decision });
      message.success(t('runtime.flow.done', { action: t(transition.label) }));
      // A named action whose change waits for the security administrator (three-role security).
      if (answer.data?.$pendingSecurityEvent) message.info(t('entity.SecurityEvent.pending'));
      // A generated secret (a reset password) is shown once, here, and never again.
      const secret = answer.data?.password;
      if (typeof secret === 'string') success({ title: t(transition.label), content: t('runtime.action.secretOnce', { secret }) });
      onDone();
    } catch (error) {
      if (isStaleRecord(error)) {
        // Someone changed the record under the dialog: nothing was decided. Reloading shows what
        // they changed; cancelling keeps the dialog and the typed opinion.
        ask({
          title: failureMessage(error, t('error.recordChanged')), content: t('runtime.stale.refreshHint'),
          okText: t('runtime.stale.reloadDetails'), cancelText: t('runtime.action.cancel'),
          okButtonProps: testIdButtonProps('stale-reload'), onOk: onDone,
        });
        return;
      }
      if (!alreadyShown(error)) message.error(failureMessage(error, t('runtime.message.unknownError')));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      width={DIALOG_WIDTH}
      title={t(transition.label)}
      okText={t('runtime.action.confirm')}
      cancelText={t('runtime.action.cancel')}
      confirmLoading={sending}
      okButtonProps={testIdButtonProps('transition-confirm')}
      onOk={() => { void confirm(); }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        {fields.map((field) => (
          <Form.Item key={field.name} label={t(field.label)}>
            <TransitionFieldInput field={field} value={values[field.name]} onChange={(v) => setValues((old) => ({ ...old, [field.name]: v }))} />
          </Form.Item>
        ))}
        {isAction && 'confirm' in transition && transition.confirm && fields.length === 0 && <p>{t(transition.confirm)}</p>}
        {!isAction && <Form.Item label={t('runtime.flow.opinion')}>
          <Input.TextArea
            rows={4}
            value={opinion}
            placeholder={t('runtime.flow.opinionPlaceholder')}
            onChange={(event) => setOpinion(event.target.value)}
            data-testid="transition-opinion"
          />
        </Form.Item>}
        {!isAction && <SignConfirmation value={sign} onChange={setSign} />}
      </Form>
    </Modal>
  );
}
