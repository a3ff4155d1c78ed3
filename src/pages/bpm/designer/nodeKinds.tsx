import {
  AuditOutlined, BranchesOutlined, CheckCircleOutlined, FormOutlined, ForkOutlined, MergeCellsOutlined, PlayCircleOutlined, SendOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { NodeKind } from '../../../../runtime/core/bpm';

/** How each node kind looks in the palette and on the canvas; the label is `bpm.designer.kind.<kind>`. */
export const NODE_KINDS: { kind: NodeKind; icon: ReactNode; color: string }[] = [
  { kind: 'start', icon: <PlayCircleOutlined />, color: '#52c41a' },
  { kind: 'approve', icon: <AuditOutlined />, color: '#1677ff' },
  { kind: 'handle', icon: <FormOutlined />, color: '#13c2c2' },
  { kind: 'cc', icon: <SendOutlined />, color: '#722ed1' },
  { kind: 'condition', icon: <BranchesOutlined />, color: '#fa8c16' },
  { kind: 'split', icon: <ForkOutlined />, color: '#eb2f96' },
  { kind: 'join', icon: <MergeCellsOutlined />, color: '#eb2f96' },
  { kind: 'end', icon: <CheckCircleOutlined />, color: '#8c8c8c' },
];

export const kindStyle = (kind: NodeKind) => NODE_KINDS.find((k) => k.kind === kind) ?? NODE_KINDS[1];

/** Kinds whose tasks go to people: they get assignees, and approve/handle the decision settings. */
export const TASK_KINDS: readonly NodeKind[] = ['approve', 'handle', 'cc'];

/** The MIME type the palette puts on a drag, so the canvas knows a node kind is dropped. */
export const PALETTE_DRAG_TYPE = 'application/x-bpm-node-kind';
