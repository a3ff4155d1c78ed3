import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Select, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { addFlowState, removeFlowState, renameFlowState, type FlowDoc, type FlowStateDoc } from '../../../core';
import { MessageTextsInput } from '../../properties/MessageTextsInput';
import { useDesignStore } from '../../state/useDesignState';
import { NameInput } from './NameInput';
import { useFlowWriter } from './useFlowWriter';

/** antd's preset tag colours: what the list and details show a state's tag in. */
const COLOURS = ['default', 'blue', 'cyan', 'green', 'lime', 'gold', 'orange', 'volcano', 'red', 'magenta', 'purple', 'geekblue'];

/** 状态: each state's name (what the status column stores), its label in both languages and its tag colour. */
export function StatesEditor({ flow }: { flow: FlowDoc }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const store = useDesignStore();
  const write = useFlowWriter();
  const setState = (name: string, patch: Partial<FlowStateDoc>, mergeKey?: string) => write({
    flow: {
      ...flow,
      states: flow.states.map((state) => {
        if (state.name !== name) return state;
        const next = { ...state, ...patch };
        if (next.color === undefined) delete next.color;
        return next;
      }),
    },
  }, mergeKey);
  const remove = (name: string) => {
    const lost = flow.transitions.filter((transition) => transition.to === name || (transition.from.length === 1 && transition.from[0] === name));
    const drop = () => write({ flow: removeFlowState(flow, name) });
    if (lost.length === 0) { drop(); return; }
    modal.confirm({
      title: t('designer.flow.removeStateTitle', { name }),
      content: t('designer.flow.removeStateContent', { transitions: lost.map((transition) => transition.name).join(', ') }),
      okButtonProps: { danger: true },
      onOk: drop,
    });
  };
  return (
    <>
      <Table<FlowStateDoc> size="small" rowKey="name" pagination={false} dataSource={flow.states} data-testid="design-flow-states"
        columns={[
          {
            title: t('designer.flow.stateName'), dataIndex: 'name', width: 180,
            render: (name: string) => (
              <NameInput name={name} taken={flow.states.map((state) => state.name).filter((other) => other !== name)} data-testid={`design-flow-state-name-${name}`}
                onRename={(to) => write({ flow: renameFlowState(flow, name, to) })} />
            ),
          },
          {
            title: t('designer.flow.label'), key: 'label',
            render: (_, state) => (
              <MessageTextsInput keyName={state.label} showKey={false} mergeKey={`state:${state.name}:label`}
                newKey={() => `entity.${store.getState().document.entity.name}.state.${state.name}`}
                onKeyChange={(label) => setState(state.name, { label })} />
            ),
          },
          {
            title: t('designer.flow.colour'), dataIndex: 'color', width: 150,
            render: (color: string | undefined, state) => (
              <Select size="small" style={{ width: 130 }} value={color ?? 'default'}
                options={COLOURS.map((value) => ({ value, label: <Tag color={value === 'default' ? undefined : value}>{value}</Tag> }))}
                onChange={(value: string) => setState(state.name, { color: value === 'default' ? undefined : value })} />
            ),
          },
          {
            key: 'remove', width: 48,
            render: (_, state) => (
              <Button type="text" icon={<DeleteOutlined />} disabled={flow.states.length === 1} aria-label={t('designer.flow.removeState')}
                onClick={() => remove(state.name)} />
            ),
          },
        ]} />
      <Button type="dashed" size="small" icon={<PlusOutlined />} style={{ marginTop: 8 }} data-testid="design-flow-add-state"
        onClick={() => write(addFlowState(store.getState().document, flow))}>
        {t('designer.flow.addState')}
      </Button>
    </>
  );
}
