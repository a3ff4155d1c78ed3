import { Empty, Typography } from 'antd';
import { memo, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../runtime/core/schema';
import { nodeKindSpec, type PropertyDef } from '../../core';
import { fieldLabelKey, fieldsByName } from '../state/fieldIndex';
import { useApply } from '../state/useApply';
import { useDesignState } from '../state/useDesignState';
import { PropertyEditor } from './PropertyEditor';
import styles from '../designer.module.css';

const FIELD_PREFIX = 'field.';

interface RowProps {
  def: PropertyDef;
  value: unknown;
  nodeId: string;
  field: FieldDef | undefined;
  onChange(def: PropertyDef, value: unknown): void;
}

/** One property: memoised, so a keystroke re-renders its own row, not the panel's twenty others. */
const PropertyRow = memo(function PropertyRow({ def, value, nodeId, field, onChange }: RowProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.property} data-testid={`design-prop-${def.name}`}>
      <div className={styles.propertyLabel}>{t(def.label)}</div>
      <PropertyEditor def={def} nodeId={nodeId} field={field} value={value} onChange={(next) => onChange(def, next)} />
    </div>
  );
});

/**
 * The selected node's properties, generated from its kind's `properties` (designer/core): a name
 * `field.<x>` edits the field definition, any other the node's own props. Every keystroke is an
 * operation; those of one property of one node merge into one undo step.
 */
export function PropertyPanel() {
  const { t } = useTranslation();
  const apply = useApply();
  // Rendered with the click (not deferred): its controls stay mounted across selections, so the
  // update is cheap, and a deferred render would be sliced into 5 ms tasks with frames between.
  const selection = useDesignState((state) => state.selection);
  const node = useDesignState((state) => (selection ? state.document.tree.nodes[selection] : undefined));
  const fieldName = node?.kind === 'field' ? String(node.props.field) : undefined;
  const field = useDesignState((state) => (fieldName ? fieldsByName(state.document.entity.fields).get(fieldName) : undefined));
  const entityName = useDesignState((state) => state.document.entity.name);
  const nodeId = node?.id;

  const change = useCallback((def: PropertyDef, value: unknown) => {
    if (!nodeId) return;
    const mergeKey = `${nodeId}:${def.name}`;
    // Empty text means "not set": the property is removed rather than written as "".
    const stored = value === '' || value === null ? undefined : value;
    if (def.name.startsWith(FIELD_PREFIX)) {
      if (fieldName) apply({ type: 'updateField', name: fieldName, patch: { [def.name.slice(FIELD_PREFIX.length)]: stored } }, { mergeKey });
    } else {
      apply({ type: 'updateNode', id: nodeId, props: { [def.name]: stored } }, { mergeKey });
    }
  }, [apply, nodeId, fieldName]);

  if (!node) return <div className={styles.panel}><Empty description={t('designer.panel.nothingSelected')} /></div>;
  const spec = nodeKindSpec(node.kind);
  const shown = (spec?.properties ?? []).filter((def) => !def.fieldTypes || (field && def.fieldTypes.includes(field.type)));
  const valueOf = (def: PropertyDef): unknown => {
    if (!def.name.startsWith(FIELD_PREFIX)) return node.props[def.name];
    // A field written without a label has the load's default key, which the label editor then fills.
    if (def.name === 'field.label' && field) return fieldLabelKey(entityName, field);
    return (field as Record<string, unknown> | undefined)?.[def.name.slice(FIELD_PREFIX.length)];
  };

  return (
    <div className={styles.panel} data-testid="design-properties">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t(spec?.label ?? node.kind)}{field && <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 8 }}>{t(`designer.fieldType.${field.type}`)}</Typography.Text>}
      </Typography.Title>
      {/* Keyed by property only: a new selection changes the controls' values instead of mounting them
          again (a mount registers antd's styles and measures, next to the 200-field canvas). Editors
          holding state of their node (an open Monaco) are keyed by the node in PropertyEditor. */}
      {shown.map((def) => (
        <PropertyRow key={def.name} def={def} value={valueOf(def)} nodeId={node.id} field={field} onChange={change} />
      ))}
    </div>
  );
}
