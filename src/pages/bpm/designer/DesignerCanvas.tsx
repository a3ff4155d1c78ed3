import {
  Background, Controls, MarkerType, MiniMap, ReactFlow, useReactFlow,
  type Connection, type Edge, type EdgeChange, type Node, type NodeChange,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useMemo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DefinitionIssue, NodeKind, ProcessDefinition } from '../../../../runtime/core/bpm';
import { connect, moveNodes, removeElements, toDiagram, type Position } from './definitionGraph';
import { kindStyle, PALETTE_DRAG_TYPE } from './nodeKinds';
import { ProcessNodeView } from './ProcessNodeView';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import styles from './designer.module.css';

const NODE_TYPES = { process: ProcessNodeView };

interface Props {
  def: ProcessDefinition;
  issues: DefinitionIssue[];
  selected?: string;
  readOnly: boolean;
  onSelect(id: string | undefined): void;
  /** An undoable change (connect, delete). */
  onChange(def: ProcessDefinition): void;
  /** A drag in progress: folded into the step `onDragStart` opened. */
  onMove(def: ProcessDefinition): void;
  onDragStart(): void;
  onDropKind(kind: NodeKind, position: Position): void;
}

/**
 * The diagram, controlled: nodes and edges come from the definition each render and every change
 * goes back into it (xyflow's controlled mode), so undo, save and validation see one document.
 */
export function DesignerCanvas({ def, issues, selected, readOnly, onSelect, onChange, onMove, onDragStart, onDropKind }: Props) {
  const { t } = useTranslation();
  const dataLabel = useDataLabel();
  const flow = useReactFlow();
  // xyflow measures each node once rendered; controlled nodes must carry the size back or they stay hidden.
  const [measured, setMeasured] = useState<Record<string, { width: number; height: number }>>({});
  const diagram = useMemo(() => toDiagram(def, issues, selected), [def, issues, selected]);
  const nodes: Node[] = diagram.nodes.map((n) => ({ ...n, measured: measured[n.id], draggable: !readOnly, deletable: !readOnly && n.deletable }));
  const edges: Edge[] = diagram.edges.map((e) => {
    const invalid = e.data.issues.length > 0;
    const fromCondition = def.nodes.find((n) => n.id === e.source)?.kind === 'condition';
    const color = invalid ? '#ff4d4f' : e.selected ? '#1677ff' : '#8c8c8c';
    return {
      ...e,
      label: e.label !== undefined ? dataLabel(e.label) : (fromCondition ? (e.data.edge.default ? t('bpm.designer.edge.defaultShort') : e.data.edge.when) : undefined),
      deletable: !readOnly,
      markerEnd: { type: MarkerType.ArrowClosed, color },
      style: { stroke: color, strokeWidth: e.selected ? 2.5 : 1.5, strokeDasharray: e.data.edge.default ? '6 4' : undefined },
      data: e.data as unknown as Record<string, unknown>,
    };
  });

  const onNodesChange = (changes: NodeChange[]) => {
    const sizes = changes.flatMap((c) => (c.type === 'dimensions' && c.dimensions ? [[c.id, c.dimensions] as const] : []));
    if (sizes.length > 0) setMeasured((current) => ({ ...current, ...Object.fromEntries(sizes) }));
    const moved = new Map(changes.flatMap((c) => (c.type === 'position' && c.position ? [[c.id, c.position] as const] : [])));
    if (moved.size > 0 && !readOnly) onMove(moveNodes(def, moved));
    const chosen = changes.find((c) => c.type === 'select' && c.selected);
    if (chosen && chosen.type === 'select') onSelect(chosen.id);
  };
  const onEdgesChange = (changes: EdgeChange[]) => {
    const chosen = changes.find((c) => c.type === 'select' && c.selected);
    if (chosen && chosen.type === 'select') onSelect(chosen.id);
  };
  const onConnect = (connection: Connection) => {
    const next = readOnly ? undefined : connect(def, connection.source, connection.target);
    if (next) onChange(next);
  };
  const onDrop = (event: DragEvent) => {
    const kind = event.dataTransfer.getData(PALETTE_DRAG_TYPE) as NodeKind;
    if (!kind || readOnly) return;
    event.preventDefault();
    onDropKind(kind, flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }));
  };

  return (
    <div className={styles.canvas} data-testid="designer-canvas" onDragOver={(e) => { e.preventDefault(); e.dataTransfer.dropEffect = 'move'; }} onDrop={onDrop}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        onNodeDragStart={() => onDragStart()}
        onDelete={({ nodes: goneNodes, edges: goneEdges }) => {
          onChange(removeElements(def, goneNodes.map((n) => n.id), goneEdges.map((e) => e.id)));
          onSelect(undefined);
        }}
        onPaneClick={() => onSelect(undefined)}
        deleteKeyCode={['Delete', 'Backspace']}
        nodesConnectable={!readOnly}
        fitView
        fitViewOptions={{ maxZoom: 1 }}
        proOptions={{ hideAttribution: false }}
      >
        <Background gap={16} />
        <Controls showInteractive={false} />
        <MiniMap position="top-right" pannable zoomable nodeColor={(n) => kindStyle((n.data as { node: { kind: NodeKind } }).node.kind).color} />
      </ReactFlow>
    </div>
  );
}
