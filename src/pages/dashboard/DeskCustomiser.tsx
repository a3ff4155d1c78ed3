import { Alert, Button, Col, Row, Space } from 'antd';
import {
  DndContext, KeyboardSensor, PointerSensor, closestCenter, pointerWithin, useSensor, useSensors, type CollisionDetection, type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, rectSortingStrategy, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskWidgetConfig } from './deskTypes';
import { SortableWidgetTile } from './SortableWidgetTile';

export interface DeskArrangement {
  order: string[];
  hidden: string[];
}

export interface DeskCustomiserProps {
  widgets: DeskWidgetConfig[];
  saving: boolean;
  onSave: (arrangement: DeskArrangement) => void;
  onReset: () => void;
  onCancel: () => void;
}

/** Pixels a pointer travels before a press becomes a drag, so a click on the switch stays a click. */
const DRAG_DISTANCE = 6;

/**
 * The tile under the pointer is where a dragged widget goes; tiles differ in width, so the
 * nearest centre (what the keyboard uses, with no pointer) would often pick a neighbour.
 */
const underPointerFirst: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : closestCenter(args);
};

/**
 * Customise mode: the desk's widgets as tiles of their real widths, dragged into a new order
 * (mouse, touch or keyboard: space, arrows, space) and shown or hidden; nothing is stored
 * until the user saves.
 */
export function DeskCustomiser({ widgets, saving, onSave, onReset, onCancel }: DeskCustomiserProps) {
  const { t } = useTranslation();
  const [order, setOrder] = useState(() => widgets.map((w) => w.widgetCode));
  const [hidden, setHidden] = useState(() => new Set(widgets.filter((w) => w.hidden).map((w) => w.widgetCode)));
  const byCode = new Map(widgets.map((w) => [w.widgetCode, w]));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_DISTANCE } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setOrder((codes) => arrayMove(codes, codes.indexOf(String(active.id)), codes.indexOf(String(over.id))));
  };
  const setWidgetHidden = (code: string, hide: boolean) => setHidden((previous) => {
    const next = new Set(previous);
    if (hide) next.add(code); else next.delete(code);
    return next;
  });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="desk-customiser">
      <Alert type="info" showIcon message={t('desk.customise.help')} />
      <DndContext sensors={sensors} collisionDetection={underPointerFirst} onDragEnd={onDragEnd}>
        <SortableContext items={order} strategy={rectSortingStrategy}>
          <Row gutter={[16, 16]}>
            {order.map((code) => {
              const widget = byCode.get(code)!;
              return (
                <Col key={code} xs={24} lg={widget.colSpan}>
                  <SortableWidgetTile widget={widget} hidden={hidden.has(code)} onHiddenChange={(hide) => setWidgetHidden(code, hide)} />
                </Col>
              );
            })}
          </Row>
        </SortableContext>
      </DndContext>
      <Space>
        <Button type="primary" loading={saving} data-testid="desk-save"
          onClick={() => onSave({ order, hidden: order.filter((code) => hidden.has(code)) })}>
          {t('desk.customise.save')}
        </Button>
        <Button onClick={onCancel} disabled={saving} data-testid="desk-cancel">{t('desk.customise.cancel')}</Button>
        <Button onClick={onReset} disabled={saving} data-testid="desk-reset">{t('desk.customise.reset')}</Button>
      </Space>
    </Space>
  );
}
