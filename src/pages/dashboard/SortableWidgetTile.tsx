import { Card, Space, Switch, Tag, Typography } from 'antd';
import { HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { useTranslation } from 'react-i18next';
import type { DeskWidgetConfig } from './deskTypes';

export interface SortableWidgetTileProps {
  widget: DeskWidgetConfig;
  hidden: boolean;
  onHiddenChange: (hidden: boolean) => void;
}

/** One widget in customise mode: a drag handle (pointer or keyboard), its title and a show/hide switch. */
export function SortableWidgetTile({ widget, hidden, onHiddenChange }: SortableWidgetTileProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: widget.widgetCode });
  // The tile keeps its grid cell; only its picture moves while dragged.
  const style = {
    transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
    zIndex: isDragging ? 10 : undefined,
    position: 'relative' as const,
  };
  return (
    <div ref={setNodeRef} style={style} data-testid={`desk-tile-${widget.widgetCode}`}>
      <Card size="small" style={{
        borderStyle: 'dashed', background: hidden ? 'transparent' : undefined, boxShadow: isDragging ? '0 6px 16px rgba(0,0,0,0.15)' : undefined,
      }}>
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space>
            <span {...attributes} {...listeners} data-testid={`desk-drag-${widget.widgetCode}`}
              aria-label={t('desk.customise.dragHandle', { title: widget.title })}
              style={{ cursor: 'grab', fontSize: 18, touchAction: 'none', display: 'inline-flex', padding: 4 }}>
              <HolderOutlined />
            </span>
            <Typography.Text strong type={hidden ? 'secondary' : undefined} delete={hidden}>{widget.title}</Typography.Text>
            {hidden && <Tag>{t('desk.customise.hiddenTag')}</Tag>}
          </Space>
          <Switch size="small" checked={!hidden} onChange={(shown) => onHiddenChange(!shown)}
            checkedChildren={t('desk.customise.shown')} unCheckedChildren={t('desk.customise.hidden')}
            data-testid={`desk-visible-${widget.widgetCode}`} />
        </Space>
      </Card>
    </div>
  );
}
