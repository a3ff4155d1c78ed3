import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NodeKind } from '../../../../runtime/core/bpm';
import { NODE_KINDS, PALETTE_DRAG_TYPE } from './nodeKinds';
import styles from './designer.module.css';

/** Node kinds to drag onto the canvas; a click (or Enter) adds one below the others, for the keyboard. */
export function NodePalette({ disabled, onAdd }: { disabled: boolean; onAdd(kind: NodeKind): void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.palette} data-testid="designer-palette">
      <Typography.Text type="secondary">{t('bpm.designer.palette')}</Typography.Text>
      {NODE_KINDS.filter((k) => k.kind !== 'start' && k.kind !== 'join').map(({ kind, icon, color }) => (
        <button
          key={kind}
          type="button"
          className={styles.paletteItem}
          draggable={!disabled}
          disabled={disabled}
          data-testid={`designer-palette-${kind}`}
          onDragStart={(event) => { event.dataTransfer.setData(PALETTE_DRAG_TYPE, kind); event.dataTransfer.effectAllowed = 'move'; }}
          onClick={() => onAdd(kind)}
        >
          <span style={{ color }}>{icon}</span>
          {t(`bpm.designer.kind.${kind}`)}
        </button>
      ))}
    </div>
  );
}
