import { Button, Card, Empty, List, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DESK_WIDGETS } from '../../dashboard/widgets';
import type { PaletteWidget } from '../../dashboard/portalTypes';

export interface WidgetPaletteProps {
  widgets: PaletteWidget[];
  /** A widget is being dragged from the palette (the canvas reads which on drop). */
  onDragWidget: (widget: PaletteWidget | null) => void;
  /** The keyboard's way: put the widget under the placed ones. */
  onAdd: (widget: PaletteWidget) => void;
  full: boolean;
}

/**
 * The widgets of the desk configuration not on the portal yet: drag one onto the canvas, or
 * press its add button. A code this build has no component for is marked (it would show the
 * "unknown widget" card).
 */
export function WidgetPalette({ widgets, onDragWidget, onAdd, full }: WidgetPaletteProps) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('portal.designer.palette')} data-testid="portal-palette">
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>{t('portal.designer.paletteHelp')}</Typography.Paragraph>
      {widgets.length === 0
        ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('portal.designer.allPlaced')} />
        : (
          <List size="small" dataSource={widgets} renderItem={(widget) => (
            <List.Item key={widget.widgetCode} data-testid={`palette-${widget.widgetCode}`}
              draggable={!full} unselectable="on"
              onDragStart={(event) => {
                // Firefox starts a drag only with some data set.
                event.dataTransfer.setData('text/plain', widget.widgetCode);
                onDragWidget(widget);
              }}
              onDragEnd={() => onDragWidget(null)}
              style={{ cursor: full ? 'not-allowed' : 'grab', paddingInline: 8 }}
              extra={(
                <Tooltip title={t('portal.designer.add')}>
                  <Button size="small" type="text" icon={<PlusOutlined />} disabled={full} onClick={() => onAdd(widget)}
                    aria-label={t('portal.designer.addNamed', { title: widget.title })} data-testid={`palette-add-${widget.widgetCode}`} />
                </Tooltip>
              )}>
              <div>
                <div>{widget.title}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{widget.widgetCode}</Typography.Text>
                {!Object.prototype.hasOwnProperty.call(DESK_WIDGETS, widget.widgetCode) && <Tag style={{ marginInlineStart: 6 }}>{t('portal.designer.noComponent')}</Tag>}
              </div>
            </List.Item>
          )} />
        )}
    </Card>
  );
}
