import { Card, Checkbox, Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ENTITY_ACTIONS, type EntityAction, type EntityDef, type ListDef } from '../../../runtime/core/schema';
import { useDesignState } from '../state/useDesignState';
import { useEntityPart } from './useEntityPart';

/** The generic calls when a document names none, as runtime/core/schema/normaliseEntity.ts derives them. */
function defaultCalls(my: boolean, importExport: EntityDef['importExport']): EntityAction[] {
  return ENTITY_ACTIONS.filter((action) => action !== 'my' && action !== 'import' && action !== 'export'
    || (action === 'my' && my) || (action === 'import' && importExport.import) || (action === 'export' && importExport.export));
}

/** 权限与按钮: which generic calls (and so buttons) the entity has, import/export, and whether data scope applies. */
export function CallsTab() {
  const { t } = useTranslation();
  const [calls, writeCalls] = useEntityPart<EntityAction[]>('calls');
  const [importExport, writeImportExport] = useEntityPart<EntityDef['importExport']>('importExport');
  const [dataScope, writeDataScope] = useEntityPart<boolean>('dataScope');
  const [permissions] = useEntityPart<Record<string, string>>('permissions');
  const [list] = useEntityPart<Partial<ListDef>>('list');
  const name = useDesignState((state) => state.document.entity.name);
  const both = { import: importExport?.import ?? false, export: importExport?.export ?? false };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }} data-testid="design-calls">
      <Card size="small" title={t('designer.calls.title')}>
        <p style={{ color: '#8c8c8c' }}>{t('designer.calls.hint')}</p>
        <Checkbox.Group value={calls ?? defaultCalls(list?.scopes?.my !== undefined, both)} onChange={(next) => writeCalls(ENTITY_ACTIONS.filter((action) => next.includes(action)))}
          options={ENTITY_ACTIONS.map((action) => ({
            value: action,
            label: <span title={permissions?.[action] ?? `…:${name}:${action}`}>{t(`designer.calls.action.${action}`)}</span>,
          }))} />
      </Card>
      <Card size="small" title={t('designer.calls.more')}>
        <Form layout="horizontal" labelCol={{ flex: '160px' }}>
          <Form.Item label={t('designer.calls.import')}>
            <Switch checked={both.import} onChange={(on) => writeImportExport({ ...both, import: on })} />
          </Form.Item>
          <Form.Item label={t('designer.calls.export')}>
            <Switch checked={both.export} onChange={(on) => writeImportExport({ ...both, export: on })} />
          </Form.Item>
          <Form.Item label={t('designer.calls.dataScope')} extra={t('designer.calls.dataScopeHint')}>
            <Switch checked={dataScope ?? true} onChange={(on) => writeDataScope(on)} />
          </Form.Item>
        </Form>
      </Card>
    </div>
  );
}
