import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoleOptions } from '../../../../runtime/react/data/useRoleOptions';
import { addFlowTransition, statusFieldCandidates, type FlowDoc } from '../../../core';
import { useDesignState, useDesignStore } from '../../state/useDesignState';
import { useEntityText } from '../../state/useEntityText';
import { fieldLabelKey } from '../../state/fieldIndex';
import { StatesEditor } from './StatesEditor';
import { TransitionCard } from './TransitionCard';
import { useFlowWriter } from './useFlowWriter';
import { useQuietOptions } from './useQuietOptions';

const MESSAGE_TYPES = '/get/system/getMessageConfigList';
const messageTypeOption = (row: Record<string, unknown>) => ({ value: String(row.msgTypeCode), label: `${String(row.msgTypeName)}（${String(row.msgTypeCode)}）` });

/**
 * 简单流程: the record's own states and the transitions between them (docs/ARCHITECTURE.md ›
 * Flows): each transition is a call of its own and a button of the entity's page, granted to
 * roles in 角色管理 like any other button.
 */
export function SimpleFlowEditor({ flow }: { flow: FlowDoc }) {
  const { t } = useTranslation();
  const text = useEntityText();
  const store = useDesignStore();
  const write = useFlowWriter();
  const document = useDesignState((state) => state.document);
  const roleOptions = useRoleOptions();
  const messageTypes = useQuietOptions(MESSAGE_TYPES, messageTypeOption);
  const statusFields = useMemo(() => statusFieldCandidates(document, 'flow'), [document]);
  const stateOptions = flow.states.map((state) => ({ value: state.name, label: `${text(state.label)} · ${state.name}` }));
  const set = (patch: Partial<FlowDoc>) => write({ flow: { ...flow, ...patch } });
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }} data-testid="design-flow-simple">
      <Card size="small" title={t('designer.flow.basics')}>
        <Form layout="horizontal" labelCol={{ flex: '150px' }} size="small">
          <Form.Item label={t('designer.flow.statusField')} extra={t('designer.flow.flowStatusHint')}>
            <Select value={flow.field} style={{ width: 320 }}
              options={statusFields.map((field) => ({ value: field.name, label: `${text(fieldLabelKey(document.entity.name, field))} · ${field.name}` }))}
              onChange={(field: string) => set({ field })} />
          </Form.Item>
          <Form.Item label={t('designer.flow.initial')} extra={t('designer.flow.initialHint')}>
            <Select value={flow.initial} style={{ width: 320 }} options={stateOptions} data-testid="design-flow-initial" onChange={(initial: string) => set({ initial })} />
          </Form.Item>
          <Form.Item label={t('designer.flow.editableIn')} extra={t('designer.flow.editableInHint')}>
            <Select mode="multiple" value={flow.editableIn ?? [flow.initial]} style={{ width: 480 }} options={stateOptions}
              onChange={(editableIn: string[]) => set({ editableIn })} />
          </Form.Item>
        </Form>
      </Card>
      <Card size="small" title={t('designer.flow.states')}>
        <StatesEditor flow={flow} />
      </Card>
      <Card size="small" title={t('designer.flow.transitions')}
        extra={<Button size="small" icon={<PlusOutlined />} data-testid="design-flow-add-transition"
          onClick={() => write(addFlowTransition(store.getState().document, flow))}>{t('designer.flow.addTransition')}</Button>}>
        {flow.transitions.length === 0 && <p style={{ color: '#8c8c8c' }}>{t('designer.flow.noTransitions')}</p>}
        {flow.transitions.map((transition) => (
          <TransitionCard key={transition.name} flow={flow} transition={transition} roleOptions={roleOptions} messageTypes={messageTypes} />
        ))}
      </Card>
    </div>
  );
}
