import { Card, Descriptions, Empty, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowDef, FlowTransition, WorkflowBinding } from '../../../runtime/core/schema';
import { useEntityText } from '../state/useEntityText';
import { useEntityPart } from './useEntityPart';

/**
 * 流程: what the entity's approval is, read-only — the simple flow's states and transitions, or the
 * workflow process it is bound to. Both are edited in the JSON view (docs/DESIGNER.md › Screens).
 */
export function FlowTab() {
  const { t } = useTranslation();
  const text = useEntityText();
  const [flow] = useEntityPart<FlowDef>('flow');
  const [workflow] = useEntityPart<WorkflowBinding>('workflow');
  if (!flow && !workflow) return <Empty description={t('designer.flow.none')} data-testid="design-flow" />;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }} data-testid="design-flow">
      <p style={{ color: '#8c8c8c' }}>{t('designer.flow.hint')}</p>
      {workflow && (
        <Card size="small" title={t('designer.flow.workflow')}>
          <Descriptions size="small" column={2} items={[
            { key: 'process', label: t('designer.flow.process'), children: workflow.process },
            { key: 'status', label: t('designer.flow.statusField'), children: workflow.statusField },
          ]} />
        </Card>
      )}
      {flow && (
        <>
          <Card size="small" title={t('designer.flow.states')}>
            {flow.states.map((state) => (
              <Tag key={state.name} color={state.name === flow.initial ? 'blue' : undefined}>{text(state.label)} · {state.name}</Tag>
            ))}
          </Card>
          <Card size="small" title={t('designer.flow.transitions')}>
            <Table<FlowTransition> size="small" rowKey="name" pagination={false} dataSource={flow.transitions}
              columns={[
                { title: t('designer.flow.transition'), key: 'label', render: (_, row) => `${text(row.label)} · ${row.name}` },
                { title: t('designer.flow.from'), dataIndex: 'from', render: (from: string[]) => from.join(', ') },
                { title: t('designer.flow.to'), dataIndex: 'to' },
                { title: t('designer.flow.roles'), dataIndex: 'roles', render: (roles: string[]) => roles.join(', ') },
                { title: t('designer.flow.guard'), dataIndex: 'guard' },
              ]} />
          </Card>
        </>
      )}
    </div>
  );
}
