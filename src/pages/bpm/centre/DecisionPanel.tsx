import { Button, Input, Modal, Radio, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskDecision } from '../../../../runtime/core/bpm';
import { callPath } from '../../../../runtime/core/naming';
import { useRuntime } from '../../../../runtime/react';
import { USER_SELECT_PATH } from '../../../../runtime/react/schema/remoteSelectPath';
import { UserSelect } from '../../../../runtime/react/form/widgets/UserSelect';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import type { InstanceView, MyTask } from './bpmCalls';
import { useSignatureHook } from './signatureHook';

export interface DecisionInput {
  action: TaskDecision;
  opinion: string;
  targetNodeId?: string;
  userIds?: string;
  position?: string;
  /** Put the user's handwritten signature on the decision. */
  sign?: boolean;
}

export interface DecisionPanelProps {
  view: InstanceView;
  task: MyTask;
  busy: boolean;
  /** A file of the form is still uploading: agreeing (which sends the form) waits for it. */
  uploading?: boolean;
  onDecide(input: DecisionInput): void;
}

const DANGER: ReadonlySet<TaskDecision> = new Set(['reject', 'return']);

/** The opinion (with 常用语) and the decisions the task's node allows; those needing a choice open a small dialog. */
export function DecisionPanel({ view, task, busy, uploading = false, onDecide }: DecisionPanelProps) {
  const { t } = useTranslation();
  const dataLabel = useDataLabel();
  const { request } = useRuntime();
  const [opinion, setOpinion] = useState('');
  const [phrases, setPhrases] = useState<string[]>([]);
  const [asking, setAsking] = useState<TaskDecision | null>(null);
  const [users, setUsers] = useState<string | undefined>();
  const [target, setTarget] = useState<string>('');
  const [position, setPosition] = useState('parallel');
  const signature = useSignatureHook();

  useEffect(() => {
    void request.get<{ list: { content: string }[] }>(callPath('bpm', 'BpmPhrase', 'list'), { pageSize: 50 }, { quiet: true })
      .then((answer) => setPhrases(answer.data.list.map((p) => p.content))).catch(() => setPhrases([]));
  }, [request]);

  const needsOpinion = (action: TaskDecision) => task.opinionRequired.includes(action);
  const start = view.definition.nodes.find((n) => n.kind === 'start')!;
  // Return targets the node offers: the step before, the initiator, or a passed step (the server checks it).
  const passedNodes = [...new Map(view.history.filter((h) => h.action === 'agree' && h.nodeId && h.nodeId !== task.nodeId)
    .map((h) => [h.nodeId!, h.nodeName ? dataLabel(h.nodeName) : h.nodeId!])).entries()];
  const returnOptions = [
    ...(task.allow.return?.includes('previous') ? [{ value: '', label: t('bpmCentre.task.returnPrevious') }] : []),
    ...(task.allow.return?.includes('initiator') ? [{ value: start.id, label: `${t('bpmCentre.task.returnInitiator')}（${view.instance.startUserName}）` }] : []),
    ...(task.allow.return?.includes('any') ? passedNodes.filter(([id]) => id !== start.id).map(([id, name]) => ({ value: id, label: name })) : []),
  ];

  const decide = (action: TaskDecision) => {
    if (needsOpinion(action) && !opinion.trim()) {
      Modal.warning({ title: t('bpmCentre.task.opinionRequired') });
      return;
    }
    if (action === 'return' || action === 'transfer' || action === 'delegate' || action === 'addSign') {
      setUsers(undefined);
      setTarget(returnOptions[0]?.value ?? '');
      setPosition(task.allow.addSign?.[0] ?? 'parallel');
      setAsking(action);
      return;
    }
    onDecide({ action, opinion: opinion.trim(), sign: signature.signed });
  };

  const confirmAsked = () => {
    if (!asking) return;
    if (asking !== 'return' && !users) return;
    onDecide({
      action: asking, opinion: opinion.trim(), sign: signature.signed,
      ...(asking === 'return' ? (target ? { targetNodeId: target } : {}) : { userIds: users }),
      ...(asking === 'addSign' ? { position } : {}),
    });
    setAsking(null);
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="task-decisions">
      <Typography.Text strong>{t('bpmCentre.task.opinion')}</Typography.Text>
      <Input.TextArea data-testid="task-opinion" rows={3} maxLength={2000} value={opinion} placeholder={t('bpmCentre.task.opinionPlaceholder')}
        onChange={(e) => setOpinion(e.target.value)} />
      {phrases.length > 0 && (
        <Space wrap size={4} data-testid="task-phrases">
          <Typography.Text type="secondary">{t('bpmCentre.task.phrases')}：</Typography.Text>
          {phrases.map((p) => <Tag key={p} style={{ cursor: 'pointer' }} onClick={() => setOpinion((o) => (o ? `${o}${p}` : p))}>{p}</Tag>)}
        </Space>
      )}
      {signature.control}
      <Space wrap>
        {task.decisions.map((action) => (
          <Button key={action} type={action === 'agree' ? 'primary' : 'default'} danger={DANGER.has(action)} loading={busy}
            disabled={uploading && action === 'agree'} data-testid={`task-${action}`} onClick={() => decide(action)}>
            {t(task.nodeId === start.id && action === 'agree' ? 'bpmCentre.submit' : `bpmCentre.decision.${action}`)}
          </Button>
        ))}
        {uploading && <Typography.Text type="secondary" data-testid="form-uploading">{t('runtime.form.uploading')}</Typography.Text>}
      </Space>
      <Modal open={asking !== null} title={asking ? t(`bpmCentre.decision.${asking}`) : ''} onCancel={() => setAsking(null)} onOk={confirmAsked}
        okText={t('bpmCentre.task.confirm')} okButtonProps={{ 'data-testid': 'task-dialog-ok' } as Record<string, string>} destroyOnClose>
        {asking === 'return' ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text>{t('bpmCentre.task.returnTarget')}</Typography.Text>
            <Select data-testid="task-return-target" style={{ width: '100%' }} value={target} options={returnOptions} onChange={setTarget} />
          </Space>
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text>{t(asking === 'addSign' ? 'bpmCentre.task.chooseUsers' : 'bpmCentre.task.chooseUser')}</Typography.Text>
            <UserSelect url={USER_SELECT_PATH} multiple={asking === 'addSign'} value={users} onChange={(v) => setUsers(v ?? undefined)} data-testid="task-users" />
            {asking === 'addSign' && (
              <Radio.Group value={position} onChange={(e) => setPosition(e.target.value as string)}
                options={(task.allow.addSign ?? []).map((p) => ({ value: p, label: t(`bpmCentre.addSign.${p}`) }))} />
            )}
          </Space>
        )}
      </Modal>
    </Space>
  );
}
