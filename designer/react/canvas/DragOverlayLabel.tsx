import { useTranslation } from 'react-i18next';
import { nodeKindSpec } from '../../core';
import { fieldLabelKey, fieldsByName } from '../state/fieldIndex';
import { useDesignState } from '../state/useDesignState';
import { useEntityTextOf } from '../state/useEntityText';
import type { DragData } from './dragData';
import styles from '../designer.module.css';

/** What the drag overlay says: a field by its label, a container by its kind, a palette item by its name. */
export function DragOverlayLabel({ data, id }: { data: DragData; id: string }) {
  const { t } = useTranslation();
  const node = useDesignState((state) => (data.source === 'node' ? state.document.tree.nodes[id] : undefined));
  const entityName = useDesignState((state) => state.document.entity.name);
  const field = useDesignState((state) => (node?.kind === 'field' ? fieldsByName(state.document.entity.fields).get(String(node.props.field)) : undefined));
  const label = useEntityTextOf(field && fieldLabelKey(entityName, field));
  const text = data.source !== 'node' ? t(data.label) : label || t(nodeKindSpec(data.kind)?.label ?? data.kind);
  return <div className={styles.overlay}>{text}</div>;
}
