import { Background, ReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProcessDefinition } from '../../../../runtime/core/bpm';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import { layoutFlowChart } from './flowChartLayout';

export interface FlowChartProps {
  definition: ProcessDefinition;
  /** Nodes with open tasks now. */
  current: string[];
  /** Nodes the request went through. */
  passed: string[];
}

const STYLE = {
  current: { background: '#e6f4ff', border: '2px solid #1677ff', fontWeight: 600 },
  passed: { background: '#f6ffed', border: '1px solid #52c41a' },
  other: { background: '#fafafa', border: '1px dashed #bfbfbf', color: '#8c8c8c' },
};

/**
 * The request's flow chart, read-only: the definition's nodes where the designer placed them
 * (or laid out top to bottom by depth), the current ones highlighted, the passed ones marked.
 * Loaded lazily with @xyflow/react, so the task screen's first paint does not wait for it.
 */
export default function FlowChart({ definition, current, passed }: FlowChartProps) {
  const { t } = useTranslation();
  // Node names and edge labels are language-pack keys (the demo's) or what the author typed.
  const dataLabel = useDataLabel();
  const { nodes, edges } = useMemo(() => {
    const positions = layoutFlowChart(definition);
    const nodes: Node[] = definition.nodes.map((node) => {
      const state = current.includes(node.id) ? 'current' : passed.includes(node.id) ? 'passed' : 'other';
      return {
        id: node.id, position: positions.get(node.id)!, draggable: false, connectable: false,
        data: { label: state === 'other' ? dataLabel(node.name) : `${dataLabel(node.name)}（${t(`bpmCentre.node.${state}`)}）` },
        style: { ...STYLE[state], borderRadius: 6, width: 170, fontSize: 12 },
        className: `flow-node-${state}`,
        type: node.kind === 'start' ? 'input' : node.kind === 'end' ? 'output' : 'default',
      };
    });
    const edges: Edge[] = definition.edges.map((edge, i) => ({
      id: `e${i}`, source: edge.from, target: edge.to, label: edge.label && dataLabel(edge.label), animated: current.includes(edge.to) && passed.includes(edge.from),
    }));
    return { nodes, edges };
  }, [definition, current, passed, t, dataLabel]);
  return (
    <div style={{ height: 420, border: '1px solid #f0f0f0', borderRadius: 6 }} data-testid="task-flow-chart">
      <ReactFlow nodes={nodes} edges={edges} fitView nodesDraggable={false} nodesConnectable={false} elementsSelectable={false} proOptions={{ hideAttribution: true }}>
        <Background />
      </ReactFlow>
    </div>
  );
}
