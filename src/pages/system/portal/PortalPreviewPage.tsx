import { Alert, Button, Result, Skeleton, Space, Typography } from 'antd';
import { EditOutlined, RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import { PortalGrid } from '../../dashboard/PortalGrid';
import { PORTAL_LIST_PATH, portalDesignerPath } from './portalPaths';
import { usePortalDesign } from './usePortalDesign';

/**
 * 门户预览 at /system/portal/preview?portalId=…: the portal with the real widgets, every cell
 * the designer placed (whoever it is for), drawing the data of the one who looks.
 */
export function PortalPreviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dataLabel = useDataLabel();
  const [params] = useSearchParams();
  const { state, reload } = usePortalDesign(params.get('portalId'));
  if (state.status === 'loading') return <Skeleton active data-testid="portal-preview-loading" />;
  if (state.status === 'failed') return <Result status="warning" title={state.message} extra={<Button onClick={reload}>{t('desk.widget.retry')}</Button>} />;
  const { portal, items } = state.design;
  const cells = items.map(({ itemId: _id, defaultTitle, ...cell }) => ({ ...cell, title: cell.title ? dataLabel(cell.title) : defaultTitle }));
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="portal-preview">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="portal-preview-title">{t('portal.preview.heading', { name: portal.portalName })}</Typography.Title>
        <Space>
          <Button icon={<RollbackOutlined />} onClick={() => navigate(PORTAL_LIST_PATH)}>{t('portal.designer.back')}</Button>
          <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(portalDesignerPath(portal.portalId))} data-testid="portal-preview-design">{t('portal.action.design')}</Button>
        </Space>
      </Space>
      <Alert type="info" showIcon message={t(portal.enabled ? 'portal.preview.help' : 'portal.preview.disabled')} />
      <PortalGrid cells={cells} testId="portal-preview-grid" />
    </Space>
  );
}
