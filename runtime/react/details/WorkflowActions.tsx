import { AuditOutlined, SendOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bindingStatusOf, isSubmittableRecord } from '../../core/bpm/bindingStatus';
import { readNodeNames } from '../../core/bpm/nodeNames';
import type { EntityDef } from '../../core/schema/types';
import type { Row } from '../format/fieldValues';
import { useDataLabel } from '../format/useDataLabel';
import { useRuntime } from '../useRuntime';

/** What getBizInstance answers: the record's latest request. */
interface BizInstance { instanceId: string; status: string; currentNodes: string; myTaskId: string | null }

const STATUS_COLORS: Record<string, string> = { running: 'processing', approved: 'success', rejected: 'error', terminated: 'warning' };

/**
 * The details page of a record bound to a process (docs/WORKFLOW.md › Binding): its approval
 * status, 提交审批 while it may be submitted, and a link to its request — the caller's task when
 * they have one, else the read screen. Edit and delete are hidden by `isEditableState` while
 * the request runs.
 */
export function WorkflowActions({ entity, row, id, onChanged }: { entity: EntityDef; row: Row; id: string; onChanged(): void }) {
  const { t } = useTranslation();
  const dataLabel = useDataLabel();
  const { message } = App.useApp();
  const { request, hasPermission, navigate } = useRuntime();
  const binding = entity.workflow!;
  const [instance, setInstance] = useState<BizInstance | null>(null);
  const [busy, setBusy] = useState(false);
  const status = bindingStatusOf(binding, row);

  const load = useCallback(() => {
    request.get<BizInstance | null>('/get/bpm/getBizInstance', { bizEntity: entity.name, bizId: id }, { quiet: true })
      .then((answer) => setInstance(answer.data))
      .catch(() => setInstance(null));
  }, [request, entity.name, id]);
  useEffect(load, [load, status]);

  const submit = async () => {
    setBusy(true);
    try {
      const answer = await request.post<{ resubmitted: boolean }>('/set/bpm/startProcess', { bizEntity: entity.name, bizId: id });
      message.success(t(answer.data.resubmitted ? 'bpm.binding.resubmitted' : 'bpm.binding.submitted'));
      onChanged();
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  const canSubmit = isSubmittableRecord(binding, row) && hasPermission(entity.permissions.update ?? '');
  const link = instance && (instance.myTaskId
    ? `/bpm/handle/dowork?taskId=${encodeURIComponent(instance.myTaskId)}`
    : `/bpm/handle/read?instanceId=${encodeURIComponent(instance.instanceId)}`);
  const frozen = status === binding.running;
  // The entity's own word for its status where its field lists one (签发, 已分发), else the engine's.
  const option = entity.fields.find((field) => field.name === binding.statusField)?.options?.find((o) => o.value === status);
  const statusTag = (
    <Tag color={STATUS_COLORS[status] ?? option?.tagType ?? 'default'} data-testid="details-workflow-status">
      {option ? t(option.label) : t(`bpm.binding.status.${status}`, { defaultValue: status })}
    </Tag>
  );

  return (
    <>
      {frozen ? <Tooltip title={t('bpm.binding.frozenHint')}>{statusTag}</Tooltip> : statusTag}
      {frozen && instance?.currentNodes && (
        <span data-testid="details-workflow-nodes">{t('bpm.binding.currentNodes', { nodes: readNodeNames(instance.currentNodes, dataLabel, t('bpm.nodeSeparator')) })}</span>
      )}
      {canSubmit && (
        <Popconfirm title={t('bpm.binding.submitConfirm')} onConfirm={submit} okButtonProps={{ 'data-testid': 'details-workflow-submit-ok' } as Record<string, string>}>
          <Button type="primary" icon={<SendOutlined />} loading={busy} data-testid="details-workflow-submit">{t('bpm.binding.submit')}</Button>
        </Popconfirm>
      )}
      {link && (
        <Button icon={<AuditOutlined />} data-testid="details-workflow-open" onClick={() => navigate(link)}>
          {t(instance.myTaskId ? 'bpm.binding.openTask' : 'bpm.binding.openInstance')}
        </Button>
      )}
    </>
  );
}
