import { App, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { startSimpleFlow, startWorkflow, type FlowDoc, type WorkflowDoc } from '../../core';
import { useDesignState, useDesignStore } from '../state/useDesignState';
import { SimpleFlowEditor } from './flow/SimpleFlowEditor';
import { useFlowWriter } from './flow/useFlowWriter';
import { WorkflowBindingEditor } from './flow/WorkflowBindingEditor';

type Mode = 'none' | 'flow' | 'workflow';

/**
 * 流程: how the entity's records are approved — not at all, by a simple flow of the record's own
 * states and transitions, or by a process of the workflow engine (one or the other, never both:
 * the schema load refuses both). Switching away from one asks first, as it drops what was drawn.
 */
export function FlowTab() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const store = useDesignStore();
  const write = useFlowWriter();
  const flow = useDesignState((state) => state.document.entity.flow as FlowDoc | undefined);
  const workflow = useDesignState((state) => state.document.entity.workflow as WorkflowDoc | undefined);
  const mode: Mode = workflow ? 'workflow' : flow ? 'flow' : 'none';

  const switchTo = (next: Mode) => {
    const document = store.getState().document;
    const change = () => {
      if (next === 'none') write({ flow: null, workflow: null });
      else if (next === 'flow') {
        const start = startSimpleFlow(document);
        write({ flow: start.flow, workflow: null, addFields: start.fields, texts: start.texts });
      } else {
        const start = startWorkflow(document, '');
        write({ flow: null, workflow: start.workflow, addFields: start.fields, texts: start.texts });
      }
    };
    if (mode === 'none') { change(); return; }
    modal.confirm({
      title: t('designer.flow.switchTitle'),
      content: t(mode === 'flow' ? 'designer.flow.switchDropsFlow' : 'designer.flow.switchDropsWorkflow'),
      onOk: change,
    });
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }} data-testid="design-flow">
      <div>
        <Segmented<Mode> value={mode} onChange={switchTo} data-testid="design-flow-mode" options={[
          { value: 'none', label: t('designer.flow.mode.none') },
          { value: 'flow', label: t('designer.flow.mode.flow') },
          { value: 'workflow', label: t('designer.flow.mode.workflow') },
        ]} />
        <p style={{ color: '#8c8c8c', margin: '8px 0 0' }}>{t(`designer.flow.modeHint.${mode}`)}</p>
      </div>
      {flow && !workflow && <SimpleFlowEditor flow={flow} />}
      {workflow && <WorkflowBindingEditor binding={workflow} />}
    </div>
  );
}
