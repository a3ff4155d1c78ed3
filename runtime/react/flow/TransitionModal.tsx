import { Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { transitionForm, type TransitionForm } from '../../core/flow';
import { namedCallPath } from '../../core/naming';
import { isEmptyValue } from '../../core/validation/isEmptyValue';
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

/** The opinion's key among the dialog's missing inputs (no field of an entity may be named so: it is the guard's own name). */
const OPINION = 'opinion';

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

/** A named row action's dialog: its fields, none marked (it has no guard), and no opinion. */
function actionForm(entity: EntityDef, action: RowActionDef): TransitionForm {
  const fields = (action.fields ?? [])
    .map((name) => entity.fields.find((f) => f.name === name))
    .filter((f): f is FieldDef => Boolean(f));
  return { fields: fields.map((field) => ({ field, required: false })), opinion: null };
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
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const form = 'to' in transition ? transitionForm(entity, transition) : actionForm(entity, transition);

  const confirm = async () => {
    // What the guard refuses empty is asked for here, by name, before the server says the same in its words.
    const empty = new Set(form.fields.filter((f) => f.required && isEmptyValue(values[f.field.name])).map((f) => f.field.name));
    if (form.opinion?.required && isEmptyValue(opinion)) empty.add(OPINION);
    setMissing(empty);
    if (empty.size > 0) return;
    setSending(true);
    try {
      const extra = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ''));
      const decision = isAction ? {} : { ...(form.opinion ? { opinion } : {}), ...sign, ...(rowVersion === undefined ? {} : { [ROW_VERSION]: rowVersion }) };
      const answer = await request.post<Record<string, unknown>>(namedCallPath(base, 'set', transition.call), { ...extra, id: recordId, ...decision });
      message.success(t('runtime.flow.done', { action: t(transition.label) }));
      // A named action whose change waits for the security administrator (three-role security).
      if (answer.data?.$pendingSecurityEvent) message.info(t('entity.SecurityEvent.pending'));
      // A generated secret (a reset password, a share link's new code) is shown once, here, and
      // never again — in the call's own words when it sends them (`secretNote`, already translated).
      const secret = answer.data?.password;
      const note = answer.data?.secretNote;
      if (typeof secret === 'string') success({ title: t(transition.label), content: typeof note === 'string' ? note : t('runtime.action.secretOnce', { secret }) });
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
        {form.fields.map(({ field, required }) => (
          <Form.Item
            key={field.name} label={t(field.label)} required={required}
            {...(missing.has(field.name) ? { validateStatus: 'error' as const, help: t('runtime.flow.inputRequired', { label: t(field.label) }) } : {})}
          >
            <TransitionFieldInput field={field} value={values[field.name]} onChange={(v) => setValues((old) => ({ ...old, [field.name]: v }))} />
          </Form.Item>
        ))}
        {isAction && 'confirm' in transition && transition.confirm && form.fields.length === 0 && <p>{t(transition.confirm)}</p>}
        {form.opinion && <Form.Item
          label={t(form.opinion.label)} required={form.opinion.required}
          {...(missing.has(OPINION) ? { validateStatus: 'error' as const, help: t('runtime.flow.inputRequired', { label: t(form.opinion.label) }) } : {})}
        >
          <Input.TextArea
            rows={4}
            value={opinion}
            placeholder={t(form.opinion.required ? 'runtime.flow.opinionAsk' : 'runtime.flow.opinionAskOptional', { label: t(form.opinion.label) })}
            onChange={(event) => setOpinion(event.target.value)}
            data-testid="transition-opinion"
          />
        </Form.Item>}
        {!isAction && <SignConfirmation value={sign} onChange={setSign} />}
      </Form>
    </Modal>
  );
}
