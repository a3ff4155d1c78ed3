import { EyeInvisibleOutlined, FunctionOutlined, WarningOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesignNode } from '../../core';
import { fieldLabelKey, fieldsByName } from '../state/fieldIndex';
import { useDesignState } from '../state/useDesignState';
import { useEntityTextOf } from '../state/useEntityText';
import { FieldControlPreview } from './FieldControlPreview';
import styles from '../designer.module.css';

/** A field item as the save screen shows it: label column, control, tips; marks for its conditions. */
export function FieldNodeView({ node }: { node: DesignNode }) {
  const { t } = useTranslation();
  const name = String(node.props.field);
  const field = useDesignState((state) => fieldsByName(state.document.entity.fields).get(name));
  const entityName = useDesignState((state) => state.document.entity.name);
  const label = useEntityTextOf(field && fieldLabelKey(entityName, field));
  const placeholder = useEntityTextOf(typeof node.props.placeholder === 'string' ? node.props.placeholder : undefined) || undefined;
  const tips = useEntityTextOf(typeof node.props.tips === 'string' ? node.props.tips : undefined);
  if (!field) {
    return <div className={styles.field}><WarningOutlined style={{ color: '#faad14' }} /> {t('designer.canvas.missingField', { name })}</div>;
  }
  // As the save screen marks it: a numbered field may be left empty (the code rule fills it).
  const required = (field.required === true && !field.autoCode) || typeof node.props.requiredWhen === 'string';
  return (
    <div className={styles.field}>
      <div className={styles.fieldLabel} style={{ width: 120 }} title={name}>
        {required && <span className={styles.asterisk}>*</span>}
        {label}
      </div>
      <div className={styles.fieldControl}>
        <FieldControlPreview field={field} placeholder={placeholder} />
        {tips && <div style={{ color: '#8c8c8c', fontSize: 12 }}>{tips}</div>}
      </div>
      {typeof node.props.hiddenWhen === 'string' && (
        <Tooltip title={`${t('designer.prop.hiddenWhen')}: ${node.props.hiddenWhen}`}><EyeInvisibleOutlined className={styles.fieldMark} /></Tooltip>
      )}
      {typeof node.props.requiredWhen === 'string' && (
        <Tooltip title={`${t('designer.prop.requiredWhen')}: ${node.props.requiredWhen}`}><FunctionOutlined className={styles.fieldMark} /></Tooltip>
      )}
    </div>
  );
}
