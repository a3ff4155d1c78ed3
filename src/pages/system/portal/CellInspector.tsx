import { Button, Card, Empty, Form, Input, InputNumber, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PORTAL_GRID } from '../../dashboard/portalTypes';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import type { DesignerCell } from './designerCells';

export interface CellInspectorProps {
  cell: DesignerCell | null;
  onChange: (cell: DesignerCell) => void;
  onRemove: () => void;
}

/**
 * The chosen cell's title override, its place and size in numbers (the keyboard's way to move
 * and resize it) and its extra settings as JSON (checked here, and again by the server).
 */
export function CellInspector({ cell, onChange, onRemove }: CellInspectorProps) {
  const { t } = useTranslation();
  const dataLabel = useDataLabel();
  const [settingsText, setSettingsText] = useState('');
  const [settingsError, setSettingsError] = useState(false);
  useEffect(() => {
    setSettingsText(cell && Object.keys(cell.settings).length ? JSON.stringify(cell.settings) : '');
    setSettingsError(false);
  }, [cell?.widgetCode]); // eslint-disable-line react-hooks/exhaustive-deps -- only another cell resets the text

  if (!cell) {
    return <Card size="small" title={t('portal.designer.inspector')}><Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('portal.designer.chooseCell')} /></Card>;
  }
  const number = (name: 'x' | 'y' | 'w' | 'h', min: number, max: number) => (
    <Form.Item label={t(`entity.PortalItem.field.${name}`)} style={{ marginBottom: 8 }}>
      <InputNumber min={min} max={max} precision={0} value={cell[name]} data-testid={`inspector-${name}`} style={{ width: '100%' }}
        onChange={(value) => { if (typeof value === 'number') onChange({ ...cell, [name]: value }); }} />
    </Form.Item>
  );
  const readSettings = (text: string) => {
    setSettingsText(text);
    if (text.trim() === '') {
      setSettingsError(false);
      onChange({ ...cell, settings: {} });
      return;
    }
    try {
      const parsed: unknown = JSON.parse(text);
      const ok = Boolean(parsed) && typeof parsed === 'object' && !Array.isArray(parsed);
      setSettingsError(!ok);
      if (ok) onChange({ ...cell, settings: parsed as Record<string, unknown> });
    } catch {
      setSettingsError(true);
    }
  };
  return (
    <Card size="small" title={t('portal.designer.inspector')} data-testid="portal-inspector"
      extra={<Button size="small" danger type="text" icon={<DeleteOutlined />} onClick={onRemove} aria-label={t('portal.designer.remove')} title={t('portal.designer.remove')} data-testid="inspector-remove" />}>
      <Form layout="vertical" size="small">
        <Form.Item label={t('entity.PortalItem.field.title')} style={{ marginBottom: 8 }}
          help={cell.title && dataLabel(cell.title) !== cell.title ? t('portal.designer.shownAs', { title: dataLabel(cell.title) }) : undefined}>
          <Input value={cell.title} maxLength={50} placeholder={cell.defaultTitle} allowClear data-testid="inspector-title"
            onChange={(event) => onChange({ ...cell, title: event.target.value })} />
        </Form.Item>
        <Space.Compact block>
          {number('x', 0, PORTAL_GRID.cols - cell.w)}
          {number('w', 1, PORTAL_GRID.cols - cell.x)}
        </Space.Compact>
        <Space.Compact block>
          {number('y', 0, 200)}
          {number('h', 1, 40)}
        </Space.Compact>
        <Form.Item label={t('entity.PortalItem.field.settings')} style={{ marginBottom: 0 }}
          validateStatus={settingsError ? 'error' : undefined} help={settingsError ? t('portal.designer.settingsInvalid') : t('portal.designer.settingsHelp')}>
          <Input.TextArea rows={3} value={settingsText} onChange={(event) => readSettings(event.target.value)} data-testid="inspector-settings"
            placeholder='{"count": 5}' style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </Form>
    </Card>
  );
}
