import { App, Alert, Button, Col, Result, Row, Skeleton, Space, Tooltip, Typography } from 'antd';
import { EyeOutlined, RedoOutlined, RollbackOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { failureMessage } from '../../../../runtime/react/data/requestFailure';
import { request } from '../../../request';
import { SAVE_PORTAL_LAYOUT_PATH, type PaletteWidget, type PortalDesign } from '../../dashboard/portalTypes';
import { CellInspector } from './CellInspector';
import { DesignerCanvas } from './DesignerCanvas';
import { bottomRow, newCell, type DesignerCell } from './designerCells';
import { PORTAL_LIST_PATH, portalPreviewPath } from './portalPaths';
import { useLayoutHistory } from './useLayoutHistory';
import { usePortalDesign } from './usePortalDesign';
import { WidgetPalette } from './WidgetPalette';

/**
 * 门户设计 at /system/portal/designer?portalId=… (the Portal list's 设计 action): the palette of
 * the desk's widgets, the portal's grid, the chosen cell's details and settings, undo and redo
 * over the layouts (a drag is one step); saved as one layout, which the server checks as a whole
 * (savePortalLayout).
 */
export function PortalDesignerPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { state, reload } = usePortalDesign(params.get('portalId'));
  if (state.status === 'loading') return <Skeleton active data-testid="portal-designer-loading" />;
  if (state.status === 'failed') return <Result status="warning" title={state.message} extra={<Button onClick={reload}>{t('desk.widget.retry')}</Button>} />;
  // Keyed by the portal: another one starts a fresh editor.
  return <PortalDesigner key={state.design.portal.portalId} design={state.design} />;
}

function PortalDesigner({ design }: { design: PortalDesign }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [loaded] = useState<DesignerCell[]>(() => design.items.map(({ itemId: _id, ...cell }) => cell));
  const { cells, travels, change, undo, redo, seal, canUndo, canRedo } = useLayoutHistory(loaded);
  const [selected, setSelected] = useState<string | null>(null);
  const [dragging, setDragging] = useState<PaletteWidget | null>(null);
  const [saving, setSaving] = useState(false);
  // What the server holds: the layout is dirty while it differs (an undo back to it is clean again).
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(loaded));
  const dirty = JSON.stringify(cells) !== savedJson;
  const { portalId, portalName } = design.portal;
  const placed = useMemo(() => new Set(cells.map((cell) => cell.widgetCode)), [cells]);
  const available = design.palette.filter((widget) => !placed.has(widget.widgetCode));
  const full = cells.length >= design.maxItems;
  const chosen = cells.find((cell) => cell.widgetCode === selected) ?? null;

  const save = async (): Promise<boolean> => {
    setSaving(true);
    try {
      const items = cells.map(({ widgetCode, title, x, y, w, h, settings }) => ({ widgetCode, title, x, y, w, h, settings }));
      await request.post(SAVE_PORTAL_LAYOUT_PATH, { portalId, items: JSON.stringify(items) }, { quiet: true });
      void message.success(t('portal.designer.saved'));
      setSavedJson(JSON.stringify(cells));
      return true;
    } catch (error) {
      void message.error(failureMessage(error, t('portal.designer.saveFailed')));
      return false;
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="portal-designer">
      <Row justify="space-between" align="middle" gutter={[8, 8]}>
        <Col>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="portal-designer-title">{t('portal.designer.heading', { name: portalName })}</Typography.Title>
        </Col>
        <Col>
          <Space wrap>
            <Tooltip title={t('portal.designer.undoKeys')}>
              <Button icon={<UndoOutlined />} disabled={!canUndo} onClick={undo} data-testid="portal-designer-undo">{t('portal.designer.undo')}</Button>
            </Tooltip>
            <Tooltip title={t('portal.designer.redoKeys')}>
              <Button icon={<RedoOutlined />} disabled={!canRedo} onClick={redo} data-testid="portal-designer-redo">{t('portal.designer.redo')}</Button>
            </Tooltip>
            <Button icon={<RollbackOutlined />} onClick={() => navigate(PORTAL_LIST_PATH)}>{t('portal.designer.back')}</Button>
            <Button icon={<EyeOutlined />} data-testid="portal-designer-preview"
              onClick={() => { void (async () => { if (!dirty || await save()) navigate(portalPreviewPath(portalId)); })(); }}>
              {t('portal.action.preview')}
            </Button>
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="portal-designer-save">{t('portal.designer.save')}</Button>
          </Space>
        </Col>
      </Row>
      {full && <Alert type="warning" showIcon message={t('portal.designer.full', { max: design.maxItems })} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={5}>
          <WidgetPalette widgets={available} full={full} onDragWidget={setDragging}
            onAdd={(widget) => { change([...cells, newCell(widget, 0, bottomRow(cells))]); setSelected(widget.widgetCode); }} />
        </Col>
        <Col xs={24} lg={13} xl={14}>
          <DesignerCanvas cells={cells} restored={travels} selected={selected} dragging={dragging} onSelect={setSelected}
            onChange={(next, mergeKey) => { change(next, mergeKey); setDragging(null); }} />
        </Col>
        <Col xs={24} lg={6} xl={5}>
          <CellInspector cell={chosen} onBlur={seal}
            onChange={(next, mergeKey) => change(cells.map((cell) => (cell.widgetCode === next.widgetCode ? next : cell)), mergeKey)}
            onRemove={() => { change(cells.filter((cell) => cell.widgetCode !== selected)); setSelected(null); }} />
        </Col>
      </Row>
    </Space>
  );
}
