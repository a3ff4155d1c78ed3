import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../../runtime/core/schema';
import { useColumnOptions } from './useEntityPart';

interface Props {
  columns: ListColumn[];
  onChange(columns: ListColumn[], mergeKey?: string): void;
}

const GRID = { display: 'grid', gridTemplateColumns: '24px minmax(160px, 2fr) 110px 70px 110px 70px 32px', gap: 8, alignItems: 'center', padding: '4px 0' } as const;

function ColumnRow({ column, index, onSet, onRemove }: { column: ListColumn; index: number; onSet(patch: Partial<ListColumn>, mergeKey?: string): void; onRemove(): void }) {
  const { t } = useTranslation();
  const fieldOptions = useColumnOptions();
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, transform, transition, isDragging } = useSortable({ id: column.prop });
  const style = { ...GRID, transform: transform ? `translate3d(0, ${transform.y}px, 0)` : undefined, transition, opacity: isDragging ? 0.5 : 1, background: '#fff' };
  return (
    <div ref={setNodeRef} style={style} data-testid={`design-list-column-${index}`}>
      <span ref={setActivatorNodeRef} {...listeners} {...attributes} style={{ cursor: 'grab' }} aria-label={t('designer.list.drag')}><HolderOutlined /></span>
      <Select size="small" showSearch optionFilterProp="label" value={column.prop} options={fieldOptions} onChange={(prop) => onSet({ prop })} />
      <InputNumber size="small" min={40} max={1000} value={column.width} placeholder={t('designer.list.auto')} onChange={(width) => onSet({ width: width ?? undefined }, `width:${index}`)} />
      <Switch size="small" checked={column.sortable === true} onChange={(on) => onSet({ sortable: on || undefined })} />
      <Select size="small" allowClear value={column.fixed} placeholder={t('designer.list.notFixed')} onChange={(fixed) => onSet({ fixed })}
        options={[{ value: 'left', label: t('designer.list.left') }, { value: 'right', label: t('designer.list.right') }]} />
      <Switch size="small" checked={column.hide === true} onChange={(on) => onSet({ hide: on || undefined })} />
      <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={t('designer.list.remove')} onClick={onRemove} />
    </div>
  );
}

/** The list's columns: drag to reorder (pointer or keyboard), width, sortable, fixed side, hidden by default. */
export function ListColumnsEditor({ columns, onChange }: Props) {
  const { t } = useTranslation();
  const fieldOptions = useColumnOptions();
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const set = (index: number, patch: Partial<ListColumn>, mergeKey?: string) => onChange(columns.map((column, at) => {
    if (at !== index) return column;
    const next: Record<string, unknown> = { ...column, ...patch };
    for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
    return next as unknown as ListColumn;
  }), mergeKey);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = columns.findIndex((column) => column.prop === active.id);
    const to = columns.findIndex((column) => column.prop === over.id);
    onChange(arrayMove(columns, from, to));
  };
  const unused = fieldOptions.find((option) => !columns.some((column) => column.prop === option.value));
  return (
    <div>
      <div style={{ ...GRID, color: '#8c8c8c', fontSize: 12 }}>
        <span />
        <span>{t('designer.list.field')}</span><span>{t('designer.list.width')}</span><span>{t('designer.list.sortable')}</span>
        <span>{t('designer.list.fixed')}</span><span>{t('designer.list.hidden')}</span><span />
      </div>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={columns.map((column) => column.prop)} strategy={verticalListSortingStrategy}>
          {columns.map((column, index) => (
            <ColumnRow key={column.prop} column={column} index={index} onSet={(patch, mergeKey) => set(index, patch, mergeKey)}
              onRemove={() => onChange(columns.filter((_c, at) => at !== index))} />
          ))}
        </SortableContext>
      </DndContext>
      <Button size="small" type="dashed" icon={<PlusOutlined />} disabled={!unused} style={{ marginTop: 8 }}
        onClick={() => unused && onChange([...columns, { prop: unused.value }])} data-testid="design-list-add">
        {t('designer.list.add')}
      </Button>
    </div>
  );
}
