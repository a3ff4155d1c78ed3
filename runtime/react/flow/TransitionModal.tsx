import { Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { namedCallPath } from '../../core/naming';
import type { FlowTransition } from '../../core/schema/types';
import { alreadyShown, failureMessage } from '../data/requestFailure';
import { testIdButtonProps } from '../feedback/testIdButtonProps';
import { useFeedback } from '../feedback/useFeedback';
import { useRuntime } from '../useRuntime';

export interface TransitionModalProps {
  base: string;
  transition: FlowTransition;
  recordId: unknown;
  onClose(): void;
  /** Called after the server took the transition. */
  onDone(): void;
}

/** Dialog width (spec §9). */
const DIALOG_WIDTH = 600;

/** Confirms a flow transition with an optional opinion, then posts it to the transition's call. */
export function TransitionModal({ base, transition, recordId, onClose, onDone }: TransitionModalProps) {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const { message } = useFeedback();
  const [opinion, setOpinion] = useState('');
  const [sending, setSending] = useState(false);

  const confirm = async () => {
    setSending(true);
    try {
      await request.post(namedCallPath(base, 'set', transition.call), { id: recordId, opinion });
      message.success(t('runtime.flow.done', { action: t(transition.label) }));
      onDone();
    } catch (error) {
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
      <Input.TextArea
        rows={4}
        value={opinion}
        placeholder={t('runtime.flow.opinionPlaceholder')}
        onChange={(event) => setOpinion(event.target.value)}
        data-testid="transition-opinion"
      />
    </Modal>
  );
}
