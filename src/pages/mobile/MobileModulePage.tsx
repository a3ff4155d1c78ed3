import { PlusOutlined } from '@ant-design/icons';
import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TABLE_PAGE_SIZE } from '../../../runtime/core/constants';
import { moduleDetailsPath, type ModuleDetailsLink } from '../../../runtime/core/links';
import { callPath } from '../../../runtime/core/naming';
import { useRuntime } from '../../../runtime/react';
import { columnTitle } from '../../../runtime/react/index/columnTitle';
import { FieldValue } from '../../../runtime/react/format/FieldValue';
import { savePath } from '../../../runtime/react/paths';
import { permittedScopes } from '../../../runtime/react/index/permittedScopes';
import type { ListScopeName } from '../../../runtime/react/index/useEntityList';
import type { Row } from '../../../runtime/react/format/fieldValues';
import type { EntitySchemaBundle } from '../../../runtime/react/schema/EntitySchemaBundle';
import { useEntitySchema } from '../../../runtime/react/schema/useEntitySchema';
import { familyPath } from './mobileEntries';
import { MobileFrame } from './MobileFrame';
import { MobileRuntime } from './MobileRuntime';
import { ModuleUnavailable } from './ModuleUnavailable';
import styles from './mobile.module.css';

/** How many columns a list card shows under its title. */
const META_COLUMNS = 3;

/** The family's records of one scope as touch-sized cards (title, then a few columns), paged by 加载更多. */
export function MobileRecordList({ bundle, link, scope }: { bundle: EntitySchemaBundle; link: ModuleDetailsLink; scope: ListScopeName }) {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const { entity, base } = bundle;
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [state, setState] = useState<'loading' | 'ready' | Error>('loading');

  useEffect(() => {
    let current = true;
    setState('loading');
    const { prop, order } = entity.list.defaultSort;
    request.get<{ list: Row[]; total: number }>(callPath(base, entity.name, scope === 'my' ? 'my' : 'list'), { page, pageSize: TABLE_PAGE_SIZE, prop, order }).then(
      (answer) => {
        if (!current) return;
        setRows((previous) => (page === 1 ? answer.data.list : [...previous, ...answer.data.list]));
        setTotal(answer.data.total);
        setState('ready');
      },
      (error: unknown) => { if (current) setState(error instanceof Error ? error : new Error(String(error))); },
    );
    return () => { current = false; };
  }, [request, base, entity, scope, page]);

  if (state instanceof Error) return <Result status="warning" title={state.message} />;
  const fields = new Map(entity.fields.map((field) => [field.name, field]));
  const columns = entity.list.columns.map((column) => column.prop).filter((prop) => fields.has(prop));
  const [titleProp, ...metaProps] = columns;
  return (
    <div data-testid="mobile-record-list" data-scope={scope}>
      {rows.map((row) => {
        const id = String(row[entity.key]);
        const to = moduleDetailsPath(link.module, id) ?? '/app';
        return (
          <Link key={id} to={to} className={styles.listItem} data-testid={`mobile-record-${id}`}>
            <div className={styles.listItemTitle}>
              {titleProp ? <FieldValue field={fields.get(titleProp)!} row={row} flow={entity.flow} variant="cell" /> : id}
            </div>
            <div className={styles.listItemMeta}>
              {metaProps.slice(0, META_COLUMNS).map((prop) => (
                <span key={prop}>{columnTitle(entity, prop, t)}：<FieldValue field={fields.get(prop)!} row={row} flow={entity.flow} variant="cell" /></span>
              ))}
            </div>
          </Link>
        );
      })}
      {state === 'loading' && <div style={{ textAlign: 'center', padding: 24 }}><Spin /></div>}
      {state === 'ready' && rows.length === 0 && <Result status="info" title={t('runtime.table.empty')} />}
      {state === 'ready' && rows.length < total && (
        <Button block size="large" onClick={() => setPage(page + 1)} data-testid="mobile-load-more">{t('shell.mobile.loadMore')}</Button>
      )}
    </div>
  );
}

function MobileEntityModule({ link, entityName }: { link: ModuleDetailsLink; entityName: string }) {
  const { t } = useTranslation();
  const { hasPermission, navigate } = useRuntime();
  const schema = useEntitySchema(entityName);
  if (schema.status === 'loading') return <div style={{ textAlign: 'center', padding: 48 }}><Spin /></div>;
  if (schema.status === 'error') return <Result status="warning" title={schema.error.message} />;
  // The manage list where the user holds it, else their own records: never a call bound to be refused.
  // A family of one's own records (payslips) never shows the manage list, even to HR.
  const scopes = permittedScopes(schema.value.entity, hasPermission);
  const [scope] = link.ownRecords ? scopes.filter((name) => name === 'my') : scopes;
  if (!scope) return <Result status="403" title={t('runtime.page.noPermission')} />;
  const { entity } = schema.value;
  // 新建 opens the entity's form in one column (MobileSavePage), for records people write on the phone.
  const creates = link.creates && entity.calls.includes('insert') && hasPermission(entity.permissions.insert ?? '');
  return (
    <>
      {creates && (
        <Button type="primary" block size="large" icon={<PlusOutlined />} style={{ marginBottom: 12 }} data-testid="mobile-create"
          onClick={() => navigate(savePath(familyPath(link)))}>
          {t('mobileOffice.create', { entity: t(entity.title) })}
        </Button>
      )}
      <MobileRecordList bundle={schema.value} link={link} scope={scope} />
    </>
  );
}

/** A mobile screen family (/app/hr/contract …): the records of its entity, or "not yet available". */
export function MobileModulePage({ link }: { link: ModuleDetailsLink }) {
  const { t } = useTranslation();
  return (
    <MobileFrame title={t(link.title)} back="/app">
      {link.entity
        ? <MobileRuntime><MobileEntityModule link={link} entityName={link.entity} /></MobileRuntime>
        : <ModuleUnavailable link={link} />}
    </MobileFrame>
  );
}
