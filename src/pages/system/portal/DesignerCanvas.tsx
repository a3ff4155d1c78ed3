import { useRef, type RefObject } from 'react';
import { Button, Card, Empty, Tag, Typography } from 'antd';
import { CloseOutlined, HolderOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import ReactGridLayout, { useContainerWidth, verticalCompactor, type Layout, type LayoutItem } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { cellHeight, PORTAL_GRID, type PaletteWidget } from '../../dashboard/portalTypes';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import { newCell, rowsFor, type DesignerCell } from './designerCells';

export interface DesignerCanvasProps {
  cells: DesignerCell[];
  /**
   * Changes with each undo and redo: the grid is then built afresh from the restored cells. The
   * grid keeps its own copy of the layout and, caught between a drop and a quick undo and redo,
   * kept the undone one: the redone widget was in the layout but not on the canvas.
   */
  restored: number;
  selected: string | null;
  /** The palette widget being dragged over the canvas, if any. */
  dragging: PaletteWidget | null;
  /** `mergeKey` ties the grid's compaction after a drop to the drop: one undo step. */
  onChange: (cells: DesignerCell[], mergeKey?: string) => void;
  onSelect: (code: string | null) => void;
}

/** RGL's id of the placeholder a palette drag shows. */
const DROPPING = '__portal-dropping__';

/**
 * The portal on its 24-column grid as the desk will show it: cells dragged by their handle,
 * resized from their corner, removed with ×; a palette widget dropped where the pointer is.
 * Cells float up (vertical compaction), so a layout never holds gaps or overlaps.
 */
export function DesignerCanvas({ cells, restored, selected, dragging, onChange, onSelect }: DesignerCanvasProps) {
  const { t } = useTranslation();
  const dataLabel = useDataLabel();
  const { width, containerRef, mounted } = useContainerWidth();
  // A stored override may be a language-pack key (the demo's), shown translated.
  const titleOf = (cell: DesignerCell) => (cell.title ? dataLabel(cell.title) : cell.defaultTitle);
  const layout: Layout = cells.map((cell) => ({ i: cell.widgetCode, x: cell.x, y: cell.y, w: cell.w, h: cell.h, minH: 2 }));
  // The grid floats a dropped cell up in a layout change of its own, right after the drop.
  const afterDrop = useRef<string | undefined>(undefined);

  const moved = (next: Layout) => {
    // A layout naming other cells than the current ones is not a move: the palette's placeholder
    // while a widget is dragged over, or a drop's layout reported after an undo already took the
    // drop back (under load); recorded, it would shift the cells and clear the redo.
    const codes = new Set(cells.map((cell) => cell.widgetCode));
    if (next.length !== cells.length || next.some((item) => !codes.has(item.i))) return;
    const byCode = new Map(next.map((item) => [item.i, item]));
    const changed = cells.map((cell) => {
      const item = byCode.get(cell.widgetCode);
      return item && (item.x !== cell.x || item.y !== cell.y || item.w !== cell.w || item.h !== cell.h)
        ? { ...cell, x: item.x, y: item.y, w: item.w, h: item.h } : cell;
    });
    if (changed.some((cell, index) => cell !== cells[index])) onChange(changed, afterDrop.current);
  };
  const dropped = (_layout: Layout, item: LayoutItem | undefined) => {
    if (!dragging || !item || cells.some((cell) => cell.widgetCode === dragging.widgetCode)) return;
    afterDrop.current = `drop:${dragging.widgetCode}`;
    onChange([...cells, newCell(dragging, item.x, item.y)], afterDrop.current);
    onSelect(dragging.widgetCode);
  };

  return (
    <div ref={containerRef as RefObject<HTMLDivElement>} /* typed for React 19 refs */ data-testid="portal-canvas"
      style={{ minHeight: 480, background: 'repeating-linear-gradient(90deg, rgba(22,119,255,0.04) 0 1px, transparent 1px 100%)', border: '1px dashed rgba(0,0,0,0.15)', borderRadius: 8, padding: 8 }}>
      {cells.length === 0 && <Empty description={t('portal.designer.emptyCanvas')} style={{ paddingTop: 120 }} />}
      {mounted && (
        <ReactGridLayout key={restored} width={Math.max(width - 16, 0)} layout={layout} compactor={verticalCompactor}
          gridConfig={{ ...PORTAL_GRID, containerPadding: [0, 0] }}
          dragConfig={{ enabled: true, handle: '.portal-drag-handle' }}
          resizeConfig={{ enabled: true, handles: ['se'] }}
          dropConfig={{ enabled: dragging !== null, defaultItem: { w: dragging?.colSpan ?? 12, h: dragging ? rowsFor(dragging) : 6 } }}
          droppingItem={{ i: DROPPING, x: 0, y: 0, w: dragging?.colSpan ?? 12, h: dragging ? rowsFor(dragging) : 6 }}
          onDropDragOver={() => (dragging ? { w: Math.min(dragging.colSpan, PORTAL_GRID.cols), h: rowsFor(dragging) } : false)}
          onLayoutChange={moved} onDrop={dropped}
          onDragStart={() => { afterDrop.current = undefined; }} onResizeStart={() => { afterDrop.current = undefined; }}
          style={{ minHeight: 460 }}>
          {cells.map((cell) => (
            <div key={cell.widgetCode} data-testid={`designer-cell-${cell.widgetCode}`}>
              <Card size="small" onClick={() => onSelect(cell.widgetCode)}
                style={{ height: cellHeight(cell.h), overflow: 'hidden', borderColor: selected === cell.widgetCode ? '#1677ff' : undefined, boxShadow: selected === cell.widgetCode ? '0 0 0 2px rgba(22,119,255,0.2)' : undefined }}
                title={(
                  <span className="portal-drag-handle" style={{ cursor: 'move', display: 'inline-flex', gap: 6, alignItems: 'center' }}>
                    <HolderOutlined />{titleOf(cell)}
                  </span>
                )}
                extra={(
                  <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('portal.designer.removeNamed', { title: titleOf(cell) })}
                    data-testid={`designer-remove-${cell.widgetCode}`}
                    onClick={(event) => { event.stopPropagation(); afterDrop.current = undefined; onChange(cells.filter((c) => c !== cell)); if (selected === cell.widgetCode) onSelect(null); }} />
                )}>
                <Tag>{cell.widgetCode}</Tag>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('portal.designer.cellSize', { x: cell.x, y: cell.y, w: cell.w, h: cell.h })}
                </Typography.Text>
              </Card>
            </div>
          ))}
        </ReactGridLayout>
      )}
    </div>
  );
}
