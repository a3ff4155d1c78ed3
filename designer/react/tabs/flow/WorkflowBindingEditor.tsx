import { Alert, AutoComplete, Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import { statusFieldCandidates, type WorkflowDoc } from '../../../core';
import { useDesignState } from '../../state/useDesignState';
import { useEntityText } from '../../state/useEntityText';
import { fieldLabelKey } from '../../state/fieldIndex';
import { useFlowWriter } from './useFlowWriter';
import { useQuietOptions } from './useQuietOptions';

const PROCESS_LIST = '/get/bpm/getBpmProcessList';
const processOption = (row: Record<string, unknown>) => ({ value: String(row.processKey), label: String(row.processKey) });

/** The entity a process definition is drawn for (its `entity`), when it names one. */
function processEntity(row: Record<string, unknown> | undefined): string | undefined {
  if (!row || typeof row.definition !== 'string') return undefined;
  try {
    const entity = (JSON.parse(row.definition) as { entity?: unknown }).entity;
    return typeof entity === 'string' ? entity : undefined;
  } catch {
    return undefined;
  }
}

const VALUE_KEYS = ['draft', 'running'] as const;
const OUTCOME_KEYS = ['approved', 'rejected', 'terminated'] as const;

/**
 * 流程引擎: submitting a record starts a request of this process, the engine writes the status
 * field (draft, running, then the outcome) and the record is frozen while the request runs
 * (docs/WORKFLOW.md › Binding). The process is checked when a record is submitted: it may be
 * published after the form.
 */
export function WorkflowBindingEditor({ binding }: { binding: WorkflowDoc }) {
  const { t } = useTranslation();
  const text = useEntityText();
  const write = useFlowWriter();
  const entityName = useDesignState((state) => state.document.entity.name);
  const document = useDesignState((state) => state.document);
  const dataLabel = useDataLabel();
  const listed = useQuietOptions(PROCESS_LIST, processOption);
  // A process name is a language-pack key (the demo's) or what its author typed.
  const processes = useMemo(() => listed?.map((option) => ({ ...option, label: `${dataLabel(String(option.row.processName))}（${option.value}）` })), [listed, dataLabel]);
  const candidates = useMemo(() => statusFieldCandidates(document, 'workflow'), [document]);
  const statusName = binding.statusField ?? 'status';
  const statusField = candidates.find((field) => field.name === statusName);
  const valueOptions = statusField?.options?.map((option) => ({ value: String(option.value), label: `${text(option.label)} · ${String(option.value)}` }));
  const boundTo = processEntity(processes?.find((option) => option.value === binding.process)?.row);

  const set = (patch: Partial<WorkflowDoc>, mergeKey?: string) => {
    const next: Record<string, unknown> = { ...binding, ...patch };
    for (const key of Object.keys(next)) if (next[key] === undefined || next[key] === '') delete next[key];
    write({ workflow: next as unknown as WorkflowDoc }, mergeKey);
  };
  const setOutcome = (key: (typeof OUTCOME_KEYS)[number], value: string | undefined) => {
    const outcomes: Record<string, string | undefined> = { ...(binding.outcomes ?? {}), [key]: value || undefined };
    for (const name of Object.keys(outcomes)) if (!outcomes[name]) delete outcomes[name];
    set({ outcomes: Object.keys(outcomes).length > 0 ? outcomes : undefined });
  };
  const valueInput = (value: string | undefined, fallback: string, onChange: (next: string | undefined) => void, testId: string) => (valueOptions
    ? <Select allowClear value={value} placeholder={fallback} options={valueOptions} onChange={onChange} data-testid={testId} style={{ width: 260 }} />
    : <Input value={value ?? ''} placeholder={fallback} onChange={(event) => onChange(event.target.value)} data-testid={testId} style={{ width: 260 }} />);

  return (
    <Form layout="horizontal" labelCol={{ flex: '150px' }} data-testid="design-flow-workflow">
      <Form.Item label={t('designer.flow.process')} required extra={t('designer.flow.processHint')}>
        <AutoComplete value={binding.process} options={processes} style={{ width: 360 }} data-testid="design-flow-process"
          filterOption={(input, option) => String(option?.label ?? '').toLowerCase().includes(input.toLowerCase())}
          onChange={(process: string) => set({ process }, 'process')} />
      </Form.Item>
      {boundTo && boundTo !== entityName && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('designer.flow.processOtherEntity', { entity: boundTo })} />
      )}
      <Form.Item label={t('designer.flow.statusField')} extra={t('designer.flow.statusFieldHint')}>
        <Select value={statusName} style={{ width: 360 }} data-testid="design-flow-status-field"
          options={candidates.map((field) => ({ value: field.name, label: `${text(fieldLabelKey(entityName, field))} · ${field.name}` }))}
          onChange={(name: string) => set({ statusField: name === 'status' ? undefined : name })} />
      </Form.Item>
      {VALUE_KEYS.map((key) => (
        <Form.Item key={key} label={t(`designer.flow.value.${key}`)}>
          {valueInput(binding[key], key, (value) => set({ [key]: value }), `design-flow-value-${key}`)}
        </Form.Item>
      ))}
      {OUTCOME_KEYS.map((key) => (
        <Form.Item key={key} label={t(`designer.flow.value.${key}`)}>
          {valueInput(binding.outcomes?.[key], key, (value) => setOutcome(key, value), `design-flow-value-${key}`)}
        </Form.Item>
      ))}
    </Form>
  );
}
