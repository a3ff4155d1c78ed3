import { Alert, Button, Card, Col, Descriptions, Empty, Result, Row, Space, Spin, Tag } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { editableFormKeys } from '../../../../runtime/core/bpm';
import { RuntimeProvider, useRuntime } from '../../../../runtime/react';
import { alreadyShown, failureMessage, fieldErrorsOf } from '../../../../runtime/react/data/requestFailure';
import { useFeedback } from '../../../../runtime/react/feedback/useFeedback';
import { plainFormValues } from '../../../../runtime/react/form/plainFormValues';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import { useRuntimeServices } from '../../../runtime/useRuntimeServices';
import type { InstanceView } from './bpmCalls';
import { DecisionPanel, type DecisionInput } from './DecisionPanel';
import { HistoryTimeline } from './HistoryTimeline';
import { TerminateButton } from './TerminateButton';
import { taskQueryOf, type TaskQuery } from './taskQuery';
import { useProcessForm } from './useProcessForm';
import styles from './taskScreen.module.css';

const FlowChart = lazy(() => import('./FlowChart'));

export interface BpmTaskPageProps {
  action: 'dowork' | 'read';
  /** Narrow layout (/app): one column. */
  compact?: boolean;
  /** Shown instead of a bare refusal when the link cannot be opened (the message link's ids). */
  fallback?(notice: string): ReactNode;
}

/**
 * The task screen (/bpm/handle/dowork?taskId=…) and the read screen (/bpm/handle/read?taskId=…|
 * instanceId=…); the message links of the spec's shape (runId = the request, stepRunId = the
 * task) open the same. The form under the node's field permissions, the decisions the node
 * allows, the flow chart and the history.
 */
export function BpmTaskPage(props: BpmTaskPageProps) {
  const services = useRuntimeServices();
  return (
    <RuntimeProvider services={services}>
      <TaskLoader {...props} />
    </RuntimeProvider>
  );
}

function TaskLoader({ action, compact, fallback }: BpmTaskPageProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { request } = useRuntime();
  const query = useMemo(() => taskQueryOf(search), [search]);
  const [state, setState] = useState<{ view: InstanceView } | { error: string } | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    if (!query) return;
    let live = true;
    setState(null);
    const params = query.instanceId ? { instanceId: query.instanceId } : { taskId: query.taskId };
    request.get<InstanceView>('/get/bpm/getInstanceById', params, { quiet: true })
      .then((answer) => { if (live) setState({ view: answer.data }); })
      .catch((error: unknown) => { if (live) setState({ error: failureMessage(error, t('runtime.message.loadFailed')) }); });
    return () => { live = false; };
  }, [query, request, reload, t]);

  if (!query) return fallback ? fallback(t('shell.links.missingParam', { param: 'taskId' })) : <Result status="warning" title={t('shell.links.missingParam', { param: 'taskId' })} />;
  if (!state) return <Spin style={{ display: 'block', margin: 48 }} />;
  if ('error' in state) return fallback ? fallback(state.error) : <Result status="warning" title={state.error} data-testid="task-error" />;
  return <TaskScreen key={reload} view={state.view} query={query} action={action} compact={compact} onChanged={() => setReload((n) => n + 1)} />;
}

const STATUS_COLOURS: Record<string, string> = { running: 'processing', approved: 'success', rejected: 'error', terminated: 'default' };

interface TaskScreenProps { view: InstanceView; query: TaskQuery; action: 'dowork' | 'read'; compact?: boolean; onChanged(): void }

function TaskScreen({ view, query, action, compact, onChanged }: TaskScreenProps) {
  const { t } = useTranslation();
  // Process and node names are language-pack keys (the demo's) or what an author typed.
  const dataLabel = useDataLabel();
  const { request, user } = useRuntime();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const { instance } = view;
  // The task the link names, else the caller's own open todo in this request (a CC's link included).
  const todos = view.myTasks.filter((m) => m.kind === 'todo');
  const task = action === 'dowork' ? todos.find((m) => m.taskId === query.taskId) ?? todos[0] : undefined;
  const ccTask = view.myTasks.find((m) => m.kind === 'cc' && (!query.taskId || m.taskId === query.taskId));
  const running = instance.status === 'running';
  const perms = task ? view.fieldPerms : undefined;
  // At phone width every field takes the whole row.
  const formDef = useMemo(() => (compact ? { ...view.definition, fields: view.definition.fields?.map(({ span: _span, ...field }) => field) } : view.definition), [compact, view.definition]);
  const { form, view: formView, uploads } = useProcessForm(formDef, view.formData, perms, !task);
  // Passed: a decided step, or a CC sent (the flow went straight on).
  const passed = useMemo(() => [...new Set(view.tasks.filter((x) => x.status === 'done' || x.kind === 'cc').map((x) => x.nodeId))], [view.tasks]);
  const iActed = view.history.some((h) => h.actorId === user.userId && (h.action === 'agree' || h.action === 'start'));

  // Opening a CC marks it read.
  useEffect(() => {
    if (ccTask) void request.post('/set/bpm/markCcRead', { taskId: ccTask.taskId }).catch(() => undefined);
  }, [ccTask, request]);

  const run = useCallback(async (path: string, params: Record<string, unknown>, done: string) => {
    setBusy(true);
    try {
      await request.post(path, params);
      message.success(done);
      onChanged();
    } catch (error) {
      for (const { field, message: text } of fieldErrorsOf(error)) form.setFieldState(field, (s) => { s.selfErrors = [text]; });
      if (!alreadyShown(error)) message.error(failureMessage(error, t('runtime.message.saveFailed')));
    } finally {
      setBusy(false);
    }
  }, [form, message, onChanged, request, t]);

  const decide = async (input: DecisionInput) => {
    if (!task) return;
    const editable = editableFormKeys(view.definition, view.fieldPerms);
    if (input.action === 'agree' && editable.length > 0) {
      // Only agreeing sends the form: mid-upload it would go without the file.
      if (uploads.pending() > 0) { message.warning(t('runtime.form.uploading')); return; }
      try { await form.submit(); } catch { message.error(t('runtime.form.invalid')); return; }
    }
    const values = plainFormValues(form.values) as Record<string, unknown>;
    const edits = Object.fromEntries(editable.filter((k) => k in values).map((k) => [k, values[k]]));
    await run('/set/bpm/completeTask', {
      taskId: task.taskId, action: input.action, ...(input.opinion ? { opinion: input.opinion } : {}),
      ...(input.targetNodeId ? { targetNodeId: input.targetNodeId } : {}), ...(input.userIds ? { userIds: input.userIds } : {}),
      ...(input.position ? { position: input.position } : {}),
      ...(input.sign ? { sign: 1 } : {}),
      ...(Object.keys(edits).length > 0 && (input.action === 'agree') ? { formData: JSON.stringify(edits) } : {}),
    }, t('bpmCentre.task.done'));
  };

  const note = !running
    ? <Alert type="info" showIcon data-testid="task-readonly-note" message={t('bpmCentre.task.finishedNote', { status: t(`bpmCentre.status.${instance.status}`) })} />
    : action === 'dowork' && !task
      ? <Alert type="warning" showIcon data-testid="task-readonly-note" message={t('bpmCentre.task.notYourTask')} />
      : task && task.nodeId === view.definition.nodes.find((n) => n.kind === 'start')?.id
        ? <Alert type="warning" showIcon message={t('bpmCentre.task.resubmitNote')} />
        : null;

  const main = (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {note}
      <Card size="small" title={t('bpmCentre.task.form')} data-testid="task-form">
        <div className={compact ? styles.compactForm : undefined}>{formView ?? <Empty description={t('bpmCentre.task.noForm')} />}</div>
      </Card>
      {task && running && (
        <Card size="small" title={dataLabel(task.nodeName)}>
          <DecisionPanel view={view} task={task} busy={busy} uploading={uploads.count > 0} onDecide={(input) => { void decide(input); }} />
        </Card>
      )}
      <Card size="small" title={t('bpmCentre.task.history')}>
        <HistoryTimeline history={view.history} />
      </Card>
    </Space>
  );
  const chart = (
    <Card size="small" title={t('bpmCentre.task.chart')}>
      <Suspense fallback={<Spin />}>
        <FlowChart definition={view.definition} current={view.currentNodes} passed={passed} />
      </Suspense>
    </Card>
  );
  return (
    <Card
      data-testid="task-screen"
      title={<span data-testid="task-title">{instance.title}</span>}
      extra={(
        <Space wrap>
          <Tag color={STATUS_COLOURS[instance.status]} data-testid="task-status">{t(`bpmCentre.status.${instance.status}`)}</Tag>
          {view.canUrge && (
            <Button size="small" data-testid="task-urge" loading={busy}
              onClick={() => { void run('/set/bpm/urgeInstance', { instanceId: instance.instanceId }, t('bpmCentre.decision.urge')); }}>
              {t('bpmCentre.decision.urge')}
            </Button>
          )}
          {running && iActed && !task && (
            <Button size="small" data-testid="task-retract" loading={busy}
              onClick={() => { void run('/set/bpm/retractInstance', { instanceId: instance.instanceId }, t('bpmCentre.task.retracted')); }}>
              {t('bpmCentre.decision.retract')}
            </Button>
          )}
          {view.canTerminate && <TerminateButton instanceId={instance.instanceId} title={instance.title} onDone={onChanged} />}
          <Button size="small" onClick={() => navigate(compact ? '/app/bpm' : '/bpm/center')}>{t('bpmCentre.back')}</Button>
        </Space>
      )}
    >
      <Descriptions size="small" column={compact ? 1 : 3} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('bpmCentre.col.process')}>{dataLabel(instance.processName)}</Descriptions.Item>
        <Descriptions.Item label={t('bpmCentre.task.starter')}>{instance.startUserName}</Descriptions.Item>
        <Descriptions.Item label={t('bpmCentre.task.startTime')}>{instance.createTime}</Descriptions.Item>
        {running && <Descriptions.Item label={t('bpmCentre.task.current')}>
          {view.currentNodes.map((id) => dataLabel(view.definition.nodes.find((n) => n.id === id)?.name ?? id)).join(t('bpm.nodeSeparator'))}
        </Descriptions.Item>}
      </Descriptions>
      {compact ? <Space direction="vertical" style={{ width: '100%' }}>{main}{chart}</Space> : (
        <Row gutter={16}>
          <Col xs={24} lg={14}>{main}</Col>
          <Col xs={24} lg={10}>{chart}</Col>
        </Row>
      )}
    </Card>
  );
}
