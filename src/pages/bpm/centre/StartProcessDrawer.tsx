import { Button, Card, Drawer, Empty, Input, Space, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProcessDefinition } from '../../../../runtime/core/bpm';
import { useRuntime } from '../../../../runtime/react';
import { alreadyShown, failureMessage, fieldErrorsOf } from '../../../../runtime/react/data/requestFailure';
import { useFeedback } from '../../../../runtime/react/feedback/useFeedback';
import { plainFormValues } from '../../../../runtime/react/form/plainFormValues';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import type { DraftView, StartableProcess } from './bpmCalls';
import { useProcessForm } from './useProcessForm';

export interface StartProcessDrawerProps {
  open: boolean;
  /** A saved draft to resume instead of choosing a process. */
  draftId?: string;
  onClose(changed: boolean): void;
}

/** 发起流程: the processes the caller may start, grouped by category, then the chosen one's start form. */
export function StartProcessDrawer({ open, draftId, onClose }: StartProcessDrawerProps) {
  const { t } = useTranslation();
  // Process names and categories are language-pack keys (the demo's) or what an administrator typed.
  const dataLabel = useDataLabel();
  const { request } = useRuntime();
  const [processes, setProcesses] = useState<StartableProcess[] | null>(null);
  const [chosen, setChosen] = useState<{ processKey: string; processName: string; definition: ProcessDefinition; draft?: DraftView } | null>(null);

  useEffect(() => {
    if (!open) return;
    setChosen(null);
    void request.get<StartableProcess[]>('/get/bpm/getProcessListForStart').then((answer) => setProcesses(answer.data));
    if (draftId) {
      void request.get<DraftView>('/get/bpm/getDraftById', { draftId }).then(async (answer) => {
        const definition = await startDefinition(answer.data.processKey);
        setChosen({ processKey: answer.data.processKey, processName: answer.data.processName, definition, draft: answer.data });
      });
    }
  }, [open, draftId]);

  async function startDefinition(processKey: string): Promise<ProcessDefinition> {
    const answer = await request.get<ProcessDefinition>('/get/bpm/getStartForm', { processKey });
    return answer.data;
  }

  const groups = useMemo(() => {
    const byCategory = new Map<string, StartableProcess[]>();
    for (const p of processes ?? []) byCategory.set(p.category, [...(byCategory.get(p.category) ?? []), p]);
    return [...byCategory.entries()];
  }, [processes]);

  return (
    <Drawer open={open} width={720} title={chosen ? dataLabel(chosen.processName) : t('bpmCentre.chooseProcess')} onClose={() => onClose(false)} destroyOnClose
      data-testid="start-drawer">
      {!chosen && !draftId && (processes === null ? <Spin /> : groups.length === 0 ? <Empty description={t('bpmCentre.noProcess')} /> : (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          {groups.map(([category, list]) => (
            <Card key={category} size="small" title={category ? dataLabel(category) : '—'}>
              <Space wrap>
                {list.map((p) => (
                  <Button key={p.processKey} data-testid={`start-${p.processKey}`}
                    onClick={() => { void startDefinition(p.processKey).then((definition) => setChosen({ processKey: p.processKey, processName: p.processName, definition })); }}>
                    {dataLabel(p.processName)}
                  </Button>
                ))}
              </Space>
            </Card>
          ))}
        </Space>
      ))}
      {draftId && !chosen && <Spin />}
      {chosen && <StartForm key={chosen.processKey} {...chosen} onDone={(changed) => onClose(changed)} onBack={draftId ? undefined : () => setChosen(null)} />}
    </Drawer>
  );
}

interface StartFormProps {
  processKey: string;
  processName: string;
  definition: ProcessDefinition;
  draft?: DraftView;
  onDone(changed: boolean): void;
  onBack?(): void;
}

function StartForm({ processKey, definition, draft, onDone, onBack }: StartFormProps) {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const { message } = useFeedback();
  const initial = useMemo(() => draft?.formData ?? {}, [draft]);
  const { form, view, uploads } = useProcessForm(definition, initial);
  const [title, setTitle] = useState(draft?.title ?? '');
  const [busy, setBusy] = useState(false);

  async function send(kind: 'submit' | 'draft') {
    // Sent mid-upload, the request (or draft) would go without the file: the buttons are held meanwhile, and a send getting here anyway is refused.
    if (uploads.pending() > 0) {
      message.warning(t('runtime.form.uploading'));
      return;
    }
    if (kind === 'submit') {
      try {
        await form.submit();
      } catch {
        message.error(t('runtime.form.invalid'));
        return;
      }
    }
    setBusy(true);
    const formData = JSON.stringify(plainFormValues(form.values));
    try {
      if (kind === 'submit') {
        await request.post('/set/bpm/startProcess', { processKey, formData, ...(title.trim() ? { title: title.trim() } : {}), ...(draft ? { draftId: draft.draftId } : {}) });
        message.success(t('bpmCentre.started'));
      } else {
        await request.post('/set/bpm/saveDraft', { processKey, formData, title: title.trim(), ...(draft ? { draftId: draft.draftId } : {}) });
        message.success(t('bpmCentre.draftSaved'));
      }
      onDone(true);
    } catch (error) {
      for (const { field, message: text } of fieldErrorsOf(error)) form.setFieldState(field, (state) => { state.selfErrors = [text]; });
      if (!alreadyShown(error)) message.error(failureMessage(error, t('runtime.message.saveFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="start-form">
      <div>
        <Typography.Text strong>{t('bpmCentre.requestTitle')}</Typography.Text>
        <Input data-testid="start-title" value={title} maxLength={200} placeholder={t('bpmCentre.requestTitlePlaceholder')} onChange={(e) => setTitle(e.target.value)} />
      </div>
      {view ?? <Empty description={t('bpmCentre.task.noForm')} />}
      <Space>
        <Button type="primary" loading={busy} disabled={uploads.count > 0} data-testid="start-submit" onClick={() => { void send('submit'); }}>{t('bpmCentre.submit')}</Button>
        <Button loading={busy} disabled={uploads.count > 0} data-testid="start-save-draft" onClick={() => { void send('draft'); }}>{t('bpmCentre.saveDraft')}</Button>
        {onBack && <Button onClick={onBack}>{t('bpmCentre.back')}</Button>}
        {uploads.count > 0 && <Typography.Text type="secondary" data-testid="form-uploading">{t('runtime.form.uploading')}</Typography.Text>}
      </Space>
    </Space>
  );
}
