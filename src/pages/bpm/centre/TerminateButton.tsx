import { Button, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../../../runtime/react';
import { alreadyShown, failureMessage } from '../../../../runtime/react/data/requestFailure';
import { useFeedback } from '../../../../runtime/react/feedback/useFeedback';

const REASON_MAX = 2000;

export interface TerminateButtonProps {
  instanceId: string;
  title: string;
  /** Button look: a link in a list row, a small button on the task screen. */
  link?: boolean;
  onDone(): void;
}

/**
 * 终止 for process administrators (流程监控 and the task screen): asks for the reason, which the
 * request's history and the operation log keep, then POST terminateInstance.
 */
export function TerminateButton({ instanceId, title, link = false, onDone }: TerminateButtonProps) {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const { message } = useFeedback();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!reason.trim()) { message.warning(t('bpmMonitor.reasonRequired')); return; }
    setBusy(true);
    try {
      await request.post('/set/bpm/terminateInstance', { instanceId, reason: reason.trim() });
      message.success(t('bpmMonitor.terminated'));
      setOpen(false);
      onDone();
    } catch (error) {
      if (!alreadyShown(error)) message.error(failureMessage(error, t('runtime.message.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button danger size="small" type={link ? 'link' : 'default'} data-testid="bpm-terminate" onClick={() => { setReason(''); setOpen(true); }}>
        {t('bpmMonitor.terminate')}
      </Button>
      <Modal open={open} title={t('bpmMonitor.terminateTitle')} onCancel={() => setOpen(false)} onOk={() => { void confirm(); }}
        confirmLoading={busy} okText={t('bpmMonitor.terminate')} okButtonProps={{ danger: true, 'data-testid': 'bpm-terminate-ok' }} destroyOnClose>
        <Typography.Paragraph>{t('bpmMonitor.terminateConfirm', { title })}</Typography.Paragraph>
        <Input.TextArea rows={3} maxLength={REASON_MAX} value={reason} placeholder={t('bpmMonitor.reasonPlaceholder')}
          data-testid="bpm-terminate-reason" onChange={(e) => setReason(e.target.value)} />
      </Modal>
    </>
  );
}
