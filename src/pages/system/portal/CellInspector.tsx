import { Button, Card, Divider, Empty, Form, Input, InputNumber, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PORTAL_MAX_HEIGHT, PORTAL_MAX_ROW, PORTAL_MAX_TITLE } from '../../../../runtime/core/portal';
import { PORTAL_GRID } from '../../dashboard/portalTypes';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import type { DesignerCell } from './designerCells';
import { WidgetSettingsForm } from './WidgetSettingsForm';

export interface CellInspectorProps {
  cell: DesignerCell | null;
  /** `mergeKey`: a change typed into one box, one undo step with the box's next keystrokes. */
  onChange: (cell: DesignerCell, mergeKey?: string) => void;
  /** A box lost the focus: what is typed next is another undo step. */
  onBlur: () => void;
  onRemove: () => void;
}

/**
 * The chosen cell's title override, its place and size in numbers (the keyboard's way to move
 * and resize it) and the settings its widget declares, as a form (checked again by the server).
 */
export function CellInspector({ cell, onChange, onBlur, onRemove }: CellInspectorProps) {
  const { t } = useTranslation();
  const dataLabel = useDataLabel();

  if (!cell) {
    return <Card size="small" title={t('portal.designer.inspector')}><Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('portal.designer.chooseCell')} /></Card>;
  }
  const number = (name: 'x' | 'y' | 'w' | 'h', min: number, max: number) => (
    <Form.Item label={t(`entity.PortalItem.field.${name}`)} style={{ marginBottom: 8 }}>
      <InputNumber min={min} max={max} precision={0} value={cell[name]} data-testid={`inspector-${name}`} style={{ width: '100%' }}
        onChange={(value) => { if (typeof value === 'number') onChange({ ...cell, [name]: value }, `${cell.widgetCode}:${name}`); }} />
    </Form.Item>
  );
  return (
    <Card size="small" title={t('portal.designer.inspector')} data-testid="portal-inspector" onBlur={onBlur}
      extra={<Button size="small" danger type="text" icon={<DeleteOutlined />} onClick={onRemove} aria-label={t('portal.designer.remove')} title={t('portal.designer.remove')} data-testid="inspector-remove" />}>
      <Form layout="vertical" size="small">
        <Form.Item label={t('entity.PortalItem.field.title')} style={{ marginBottom: 8 }}
          help={cell.title && dataLabel(cell.title) !== cell.title ? t('portal.designer.shownAs', { title: dataLabel(cell.title) }) : undefined}>
          <Input value={cell.title} maxLength={PORTAL_MAX_TITLE} placeholder={cell.defaultTitle} allowClear data-testid="inspector-title"
            onChange={(event) => onChange({ ...cell, title: event.target.value }, `${cell.widgetCode}:title`)} />
        </Form.Item>
        <Space.Compact block>
          {number('x', 0, PORTAL_GRID.cols - cell.w)}
          {number('w', 1, PORTAL_GRID.cols - cell.x)}
        </Space.Compact>
        <Space.Compact block>
          {number('y', 0, PORTAL_MAX_ROW)}
          {number('h', 1, PORTAL_MAX_HEIGHT)}
        </Space.Compact>
        <Divider orientation="left" plain style={{ margin: '4px 0 8px' }}>{t('entity.PortalItem.field.settings')}</Divider>
        <WidgetSettingsForm widgetCode={cell.widgetCode} settings={cell.settings}
          onChange={(settings, mergeKey) => onChange({ ...cell, settings }, mergeKey)} />
      </Form>
    </Card>
  );
}
