import { Alert, Form, Input, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProcessDefinition, ProcessEdge } from '../../../../runtime/core/bpm';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import { checkCondition } from './conditionCheck';

interface Props {
  def: ProcessDefinition;
  edge: ProcessEdge;
  onChange(patch: Partial<ProcessEdge>): void;
  onDefault(isDefault: boolean): void;
}

/** An edge: its label; leaving a condition node, the default flag or the condition, checked as it is typed. */
export function EdgePanel({ def, edge, onChange, onDefault }: Props) {
  const { t } = useTranslation();
  // A seeded label or name is a language-pack key: shown in the reader's language; what the author types is stored as typed.
  const dataLabel = useDataLabel();
  const from = def.nodes.find((n) => n.id === edge.from);
  const to = def.nodes.find((n) => n.id === edge.to);
  const conditional = from?.kind === 'condition';
  const problem = conditional && !edge.default ? checkCondition(edge.when ?? '', def.formFields) : undefined;
  return (
    <Form layout="vertical" size="small" data-testid="designer-edge-panel">
      <Typography.Title level={5}>{t('bpm.designer.edge.title', { from: from ? dataLabel(from.name) : edge.from, to: to ? dataLabel(to.name) : edge.to })}</Typography.Title>
      <Form.Item label={t('bpm.designer.edge.label')}>
        <Input value={edge.label && dataLabel(edge.label)} maxLength={100} data-testid="designer-edge-label" onChange={(e) => onChange({ label: e.target.value || undefined })} />
      </Form.Item>
      {conditional && (
        <>
          <Form.Item label={t('bpm.designer.edge.default')}>
            <Switch checked={edge.default === true} data-testid="designer-edge-default" onChange={onDefault} />
          </Form.Item>
          {!edge.default && (
            <Form.Item
              label={t('bpm.designer.edge.when')}
              validateStatus={problem ? 'error' : 'success'}
              help={problem ? t(problem.key, problem.params) : t('bpm.designer.condition.ok')}
              extra={t('bpm.designer.condition.names', { names: [...def.formFields, 'initiator.userId', 'initiator.deptId', 'initiator.roles'].join(', ') })}
            >
              <Input.TextArea rows={2} value={edge.when} maxLength={1000} data-testid="designer-edge-when" style={{ fontFamily: 'monospace' }}
                placeholder="days > 3" onChange={(e) => onChange({ when: e.target.value || undefined })} />
            </Form.Item>
          )}
        </>
      )}
      {!conditional && <Alert type="info" showIcon message={t('bpm.designer.edge.plain')} />}
    </Form>
  );
}
