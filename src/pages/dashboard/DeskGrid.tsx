import { Card, Col, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeskWidgetConfig } from './deskTypes';
import { deskWidgetFor } from './widgets';

/** One widget in its cell: its own card, or a card with the configured title and height around it. */
export function DeskCell({ widget }: { widget: DeskWidgetConfig }) {
  const { component: Widget, ownCard } = deskWidgetFor(widget.widgetCode);
  if (ownCard) return <Widget widget={widget} />;
  const fixed = widget.height !== null;
  return (
    <Card title={widget.title} size="small" data-testid={`desk-widget-${widget.widgetCode}`}
      style={fixed ? { height: widget.height!, display: 'flex', flexDirection: 'column' } : undefined}
      styles={{ body: fixed ? { flex: 1, overflow: 'auto', minHeight: 0 } : {} }}>
      <Widget widget={widget} />
    </Card>
  );
}

/** The desk: the visible widgets in the user's order on a 24-column grid (full width on narrow screens). */
export function DeskGrid({ widgets }: { widgets: DeskWidgetConfig[] }) {
  const { t } = useTranslation();
  const shown = widgets.filter((w) => !w.hidden);
  if (shown.length === 0) return <Empty description={t('desk.empty')} data-testid="desk-empty" />;
  return (
    <Row gutter={[16, 16]} data-testid="desk-grid">
      {shown.map((widget) => (
        <Col key={widget.widgetCode} xs={24} lg={widget.colSpan} data-testid={`desk-cell-${widget.widgetCode}`}>
          <DeskCell widget={widget} />
        </Col>
      ))}
    </Row>
  );
}
