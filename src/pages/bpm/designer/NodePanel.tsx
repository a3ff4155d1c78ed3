import { Checkbox, Divider, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AddSignPosition, ApprovalMode, FieldPermission, ProcessDefinition, ProcessNode, ReturnTarget, TaskDecision } from '../../../../runtime/core/bpm';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import { AssigneeEditor } from './AssigneeEditor';
import type { PermissionField } from './entityBinding';
import { TASK_KINDS } from './nodeKinds';

const MODES: ApprovalMode[] = ['single', 'all', 'any', 'sequential', 'ratio'];
const RETURNS: ReturnTarget[] = ['previous', 'any', 'initiator'];
const ADD_SIGNS: AddSignPosition[] = ['before', 'after', 'parallel'];
const PERMS: FieldPermission[] = ['edit', 'read', 'hidden'];

interface Props {
  def: ProcessDefinition;
  node: ProcessNode;
  /** The rows of the form-permission editor: a bound entity's fields or the process's form values (permissionFields). */
  permFields: PermissionField[];
  onChange(patch: Partial<ProcessNode>): void;
}

/** Properties of one node: name, assignees, mode, decisions, opinions, form permissions, due hours (docs/WORKFLOW.md). */
export function NodePanel({ def, node, permFields, onChange }: Props) {
  const { t } = useTranslation();
  // A seeded name is a language-pack key: shown in the reader's language; what the author types is stored as typed.
  const dataLabel = useDataLabel();
  const decides = node.kind === 'approve' || node.kind === 'handle';
  const allow = node.allow ?? {};
  const setAllow = (patch: Partial<typeof allow>) => {
    // Stored only when it differs from the default: a granted decision, or 催办 refused (urge defaults to true).
    const stored = ([key, v]: [string, unknown]) => (key === 'urge' ? v === false
      : v !== undefined && v !== false && !(Array.isArray(v) && v.length === 0));
    const next = Object.fromEntries(Object.entries({ ...allow, ...patch }).filter(stored));
    onChange({ allow: Object.keys(next).length > 0 ? next : undefined });
  };
  const decisions: TaskDecision[] = [
    'agree', ...(node.kind === 'approve' ? ['reject' as const] : []),
    ...(allow.return?.length ? ['return' as const] : []), ...(allow.transfer ? ['transfer' as const] : []),
    ...(allow.delegate ? ['delegate' as const] : []), ...(allow.addSign?.length ? ['addSign' as const] : []),
  ];
  const label = (key: string) => t(`bpm.designer.${key}`);

  return (
    <Form layout="vertical" size="small" data-testid="designer-node-panel">
      <Typography.Title level={5}>{t(`bpm.designer.kind.${node.kind}`)}</Typography.Title>
      <Form.Item label={label('prop.name')} required>
        <Input value={dataLabel(node.name)} maxLength={100} data-testid="designer-node-name" onChange={(e) => onChange({ name: e.target.value })} />
      </Form.Item>
      {TASK_KINDS.includes(node.kind) && (
        <Form.Item label={label('prop.assignees')} required>
          <AssigneeEditor rules={node.assignees ?? []} formFields={def.formFields} onChange={(assignees) => onChange({ assignees })} />
        </Form.Item>
      )}
      {decides && (
        <>
          <Form.Item label={label('prop.mode')}>
            <Select value={node.mode ?? 'single'} data-testid="designer-node-mode"
              options={MODES.map((m) => ({ value: m, label: t(`bpm.designer.mode.${m}`) }))}
              onChange={(mode: ApprovalMode) => onChange({ mode, ratio: mode === 'ratio' ? node.ratio ?? 0.5 : undefined })} />
          </Form.Item>
          {node.mode === 'ratio' && (
            <Form.Item label={label('prop.ratio')}>
              <InputNumber min={0.01} max={1} step={0.1} value={node.ratio} onChange={(ratio) => onChange({ ratio: ratio ?? undefined })} />
            </Form.Item>
          )}
          <Divider plain orientation="left">{label('prop.decisions')}</Divider>
          <Form.Item label={t('bpm.designer.decision.return')}>
            <Checkbox.Group value={allow.return ?? []} options={RETURNS.map((r) => ({ value: r, label: t(`bpm.designer.return.${r}`) }))}
              onChange={(value) => setAllow({ return: value as ReturnTarget[] })} />
          </Form.Item>
          <Form.Item label={t('bpm.designer.decision.addSign')}>
            <Checkbox.Group value={allow.addSign ?? []} options={ADD_SIGNS.map((p) => ({ value: p, label: t(`bpm.designer.addSign.${p}`) }))}
              onChange={(value) => setAllow({ addSign: value as AddSignPosition[] })} />
          </Form.Item>
          <Form.Item>
            <Checkbox checked={allow.transfer === true} onChange={(e) => setAllow({ transfer: e.target.checked })}>{t('bpm.designer.decision.transfer')}</Checkbox>
            <Checkbox checked={allow.delegate === true} onChange={(e) => setAllow({ delegate: e.target.checked })}>{t('bpm.designer.decision.delegate')}</Checkbox>
            <Checkbox checked={allow.retract === true} onChange={(e) => setAllow({ retract: e.target.checked })}>{t('bpm.designer.decision.retract')}</Checkbox>
            <Checkbox checked={allow.urge !== false} data-testid="designer-allow-urge" onChange={(e) => setAllow({ urge: e.target.checked })}>{t('bpm.designer.decision.urge')}</Checkbox>
          </Form.Item>
          <Form.Item label={label('prop.opinionRequired')}>
            <Checkbox.Group value={(node.opinionRequired ?? []).filter((d) => decisions.includes(d))}
              options={decisions.map((d) => ({ value: d, label: t(`bpm.designer.decision.${d}`) }))}
              onChange={(value) => onChange({ opinionRequired: value.length > 0 ? value as TaskDecision[] : undefined })} />
          </Form.Item>
        </>
      )}
      {node.kind === 'split' && (
        <Form.Item label={label('prop.join')}>
          <Select value={node.join} allowClear options={def.nodes.filter((n) => n.kind === 'join').map((n) => ({ value: n.id, label: dataLabel(n.name) }))}
            onChange={(join?: string) => onChange({ join })} />
        </Form.Item>
      )}
      {TASK_KINDS.includes(node.kind) && permFields.length > 0 && (
        <>
          <Divider plain orientation="left">{label('prop.formPerms')}</Divider>
          {permFields.map(({ name: field, label: fieldLabel, unknown }) => (
            // The key on hover: conditions and JSON name the field by it.
            <Form.Item key={field} label={<span title={field}>{fieldLabel}</span>} style={{ marginBottom: 6 }}
              validateStatus={unknown ? 'error' : undefined} help={unknown ? t('bpm.designer.binding.unknownField') : undefined}>
              <Radio.Group size="small" value={node.formPerms?.[field] ?? 'read'} data-testid={`designer-perm-${field}`}
                options={PERMS.map((p) => ({ value: p, label: t(`bpm.designer.perm.${p}`) }))} optionType="button"
                onChange={(e) => {
                  const rest = Object.fromEntries(Object.entries(node.formPerms ?? {}).filter(([name]) => name !== field));
                  // read is the default: only the other two are stored.
                  const next = e.target.value === 'read' ? rest : { ...rest, [field]: e.target.value as FieldPermission };
                  onChange({ formPerms: Object.keys(next).length > 0 ? next : undefined });
                }} />
            </Form.Item>
          ))}
        </>
      )}
      {decides && (
        <Form.Item label={label('prop.dueHours')}>
          <InputNumber min={1} precision={0} value={node.dueHours} addonAfter={label('prop.hours')} onChange={(value) => onChange({ dueHours: value ?? undefined })} />
        </Form.Item>
      )}
    </Form>
  );
}
