import { Badge, Tooltip } from 'antd';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import { kindStyle } from './nodeKinds';
import type { DiagramNodeData } from './definitionGraph';
import styles from './designer.module.css';

/** One node on the canvas: kind colour and icon, its name, and a red mark with the reasons when validation finds something. */
export function ProcessNodeView({ data, selected }: NodeProps & { data: DiagramNodeData }) {
  const { t } = useTranslation();
  const dataLabel = useDataLabel();
  const { node, issues } = data;
  const style = kindStyle(node.kind);
  const round = node.kind === 'start' || node.kind === 'end';
  const box = (
    <div
      className={`${styles.node} ${round ? styles.round : ''} ${selected ? styles.selected : ''} ${issues.length > 0 ? styles.invalid : ''}`}
      style={{ borderColor: issues.length > 0 ? undefined : style.color }}
      data-testid={`designer-node-${node.id}`}
      data-invalid={issues.length > 0 ? 'true' : undefined}
    >
      {node.kind !== 'start' && <Handle type="target" position={Position.Top} />}
      <span className={styles.nodeIcon} style={{ color: style.color }}>{style.icon}</span>
      <span className={styles.nodeText}>
        <span className={styles.nodeName}>{dataLabel(node.name)}</span>
        <span className={styles.nodeKind}>{t(`bpm.designer.kind.${node.kind}`)}</span>
      </span>
      {node.kind !== 'end' && <Handle type="source" position={Position.Bottom} />}
    </div>
  );
  if (issues.length === 0) return box;
  return (
    <Tooltip title={issues.map((issue) => t(`bpm.validation.${issue.code}`, { ...issue.params, node: dataLabel(node.name) })).join('；')}>
      <Badge count={issues.length} size="small">{box}</Badge>
    </Tooltip>
  );
}
