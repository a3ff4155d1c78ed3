import { Alert, Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countAppliedFilters } from '../../core/filter';
import { callPath } from '../../core/naming';
import { ROW_VERSION, type FieldDef, type FlowDef, type FlowTransition, type OptionItem, type RowActionDef } from '../../core/schema/types';
import type { PagedList } from '../data/PagedList';
import { useDictionaries } from '../data/useDictionary';
import { alreadyShown, failureMessage } from '../data/requestFailure';
import { useFeedback } from '../feedback/useFeedback';
import { FieldValue } from '../format/FieldValue';
import type { Row } from '../format/fieldValues';
import { TransitionModal } from '../flow/TransitionModal';
import { usePermittedTransitions } from '../flow/usePermittedTransitions';
import { actionOpenPath, detailsPath, savePath } from '../paths';
import type { EntitySchemaBundle } from '../schema/EntitySchemaBundle';
import { useRuntime, useRuntimeCaches } from '../useRuntime';
import { ColumnSettings } from './ColumnSettings';
import { columnTitle } from './columnTitle';
import { actionColumnWidth, columnWidth, layoutColumns, linkButtonWidth, menuButtonWidth } from './columnWidths';
import type { FilterObj } from './filterDraft';
import { FilterDrawer } from './FilterDrawer';
import { fromAntdOrder, PAGE_SIZE, PAGE_SIZE_OPTIONS, toAntdOrder, type ListQuery } from './listQuery';
import { ImportDialog } from './ImportDialog';
import { listQueryKey } from './listMemory';
import { ListToolbar } from './ListToolbar';
import { ReorderDialog } from './ReorderDialog';
import { offersReorder } from './reorderTree';
import { initiallyExpanded, nestRows } from './nestRows';
import { INLINE_NAMED_ACTIONS, RowActions } from './RowActions';
import { SPEC_PAGINATION_CLASS, SpecPaginationOrder } from './SpecPaginationOrder';
import { useColumnSettings } from './useColumnSettings';
import { useEntityList, type ListScopeName } from './useEntityList';
import { useExportRows } from './useExportRows';
import { useAvailableWidth } from './useAvailableWidth';
import { SummaryRow } from './SummaryRow';
import { isEditableState, rowActionShown } from '../../core/flow';

export interface EntityListViewProps {
  bundle: EntitySchemaBundle;
  basePath: string;
  scope: ListScopeName;
  /**
   * A named list call of the entity's module instead of the scope's list (下属日志:
   * getOfficeDiarySubordinateList). Such a list is for reading what others wrote: it offers view,
   * the permitted transitions and the named actions, and no add, edit, delete, import, export or
   * reorder — the generic writes and the export work on the manage or own rows, not on these.
   */
  listCall?: string;
}

/** antd cycles ascend → descend → off; "off" would silently mean the default sort, so it is skipped. */
const SORT_DIRECTIONS: ('ascend' | 'descend')[] = ['ascend', 'descend', 'ascend'];
/** antd's row-selection column, set explicitly so the layout counts what is drawn. */
const SELECTION_COLUMN_WIDTH = 48;
const sumOf = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** The labels a field's cells can show when its values are a closed set (a dictionary's once loaded). */
function valueLabels(field: FieldDef, flow: FlowDef | undefined, dictionaries: Record<string, OptionItem[]>): string[] {
  if (field.type === 'status') return (flow?.states ?? []).map((state) => state.label);
  if (field.type === 'options') return (field.options ?? []).map((option) => option.label);
  if (field.type === 'dictionary' && field.dictionary) return (dictionaries[field.dictionary] ?? []).map((option) => option.label);
  return [];
}

/** A tree list reads its rows in one page: the server's largest (server/entity/listQuery.ts). */
const TREE_PAGE_SIZE = 500;

/** The table of one scope (manage or my) with its toolbar, filters, paging and row actions. */
export function EntityListView({ bundle, basePath, scope, listCall }: EntityListViewProps) {
  const { t } = useTranslation();
  const { request, hasPermission, navigate } = useRuntime();
  const { message } = useFeedback();
  const { entity, base } = bundle;
  const { defaultSort } = entity.list;

  const { lists } = useRuntimeCaches();
  const memoryKey = listQueryKey(basePath, scope, listCall);
  // Back from a record's details or save screen, the list is as the user left it.
  const [query, setQuery] = useState<ListQuery>(() => lists.queries.get(memoryKey) ?? {
    page: 1, pageSize: PAGE_SIZE, prop: defaultSort.prop, order: defaultSort.order, keyword: '', filterObj: {},
  });
  useEffect(() => { lists.queries.set(memoryKey, query); }, [lists, memoryKey, query]);
  const [selected, setSelected] = useState<string[]>([]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [reordering, setReordering] = useState(false);
  const [importing, setImporting] = useState(false);
  const [transitionTarget, setTransitionTarget] = useState<{ transition: FlowTransition | RowActionDef; row: Row } | null>(null);

  // Entities with a parent field (departments, dictionaries, menus) list as a tree; a search or a
  // filter lists the matching rows flat, since their parents may not match.
  const treeMode = Boolean(entity.parentField) && query.keyword.trim() === '' && countAppliedFilters(query.filterObj) === 0;
  const list = useEntityList(bundle, scope, treeMode ? { ...query, page: 1, pageSize: TREE_PAGE_SIZE } : query, listCall);
  const [expandedKeys, setExpandedKeys] = useState<string[] | null>(null);
  const { settings, save: saveSettings } = useColumnSettings(entity);
  const permittedTransitions = usePermittedTransitions(entity);

  const allowed = (action: 'insert' | 'update' | 'delete') => !listCall && entity.calls.includes(action) && hasPermission(entity.permissions[action] ?? '');
  const canInsert = allowed('insert');
  const canUpdate = allowed('update');
  const canDelete = allowed('delete');
  const canExport = !listCall && entity.importExport.export && hasPermission(entity.permissions.export ?? '');
  const canImport = !listCall && scope === 'manage' && entity.calls.includes('import') && hasPermission(entity.permissions.import ?? '');
  // drop{E} requires the update permission (server/entity/dropCall.ts).
  const canReorder = scope === 'manage' && offersReorder(entity) && canUpdate;

  // While the next page loads, the current one stays under the spinner instead of blinking empty.
  const shown = useRef<PagedList<Row>>({ list: [], total: 0 });
  if (list.status === 'ready') shown.current = list.value;
  else if (list.status === 'error') shown.current = { list: [], total: 0 };
  const { list: rows, total, totalCapped, summary } = shown.current;
  const keyOf = (row: Row) => String(row[entity.key]);
  const treeRows = useMemo(() => (treeMode && entity.parentField ? nestRows(rows, entity.key, entity.parentField) : undefined), [treeMode, rows, entity]);
  const patchQuery = (change: Partial<ListQuery>) => setQuery((previous) => ({ ...previous, ...change }));

  const reportFailure = (error: unknown) => {
    if (!alreadyShown(error)) message.error(failureMessage(error, t('runtime.message.unknownError')));
  };

  /** After deleting every row of the last page, show the page before it rather than an empty one. */
  const afterDelete = (deleted: number) => {
    message.success(t('runtime.message.deleted'));
    setSelected([]);
    if (deleted >= rows.length && query.page > 1) patchQuery({ page: query.page - 1 });
    else list.reload();
  };

  const deleteRow = async (row: Row) => {
    try {
      await request.post(callPath(base, entity.name, 'delete'), { id: row[entity.key] });
      afterDelete(1);
    } catch (error) {
      reportFailure(error);
    }
  };

  const deleteSelected = async () => {
    try {
      await request.post(callPath(base, entity.name, 'deleteByIds'), { ids: selected });
      afterDelete(selected.length);
    } catch (error) {
      reportFailure(error);
    }
  };

  const { exporting, exportRows } = useExportRows(bundle, query);

  const fields = useMemo(() => new Map(entity.fields.map((field) => [field.name, field])), [entity]);
  // By key: the tree list shows copies of the rows.
  const transitionsByRow = useMemo(() => new Map(rows.map((row) => [String(row[entity.key]), permittedTransitions(row)])), [rows, entity, permittedTransitions]);
  const rowActions = useMemo(() => entity.actions.filter((action) => hasPermission(action.permission)), [entity, hasPermission]);
  const gathered = rowActions.length > INLINE_NAMED_ACTIONS;
  const stepsWidth = (steps: readonly { label: string }[]) => steps.map((step) => linkButtonWidth(t(step.label)));
  // 查看, 编辑 and 删除 where allowed, then the widest row's transitions and the named actions (or 更多).
  const widestTransitions = [...transitionsByRow.values()].map(stepsWidth)
    .reduce((widest, links) => (sumOf(links) > sumOf(widest) ? links : widest), [] as number[]);
  const actionsColumn = actionColumnWidth(
    t('runtime.table.actions'),
    [
      linkButtonWidth(t('runtime.action.view')),
      ...(canUpdate ? [linkButtonWidth(t('runtime.action.edit'))] : []),
      ...(canDelete ? [linkButtonWidth(t('runtime.action.delete'))] : []),
    ],
    [...widestTransitions, ...(gathered ? [menuButtonWidth(t('runtime.action.more'))] : stepsWidth(rowActions))],
  );

  const isSortable = (prop: string) => entity.list.columns.find((column) => column.prop === prop)?.sortable === true;
  const available = useAvailableWidth<HTMLDivElement>();
  const visibleSettings = settings.filter((setting) => !setting.hide);
  // A dictionary column is as wide as its longest item (the cells ask for the same cached answer).
  const dictionaries = useDictionaries(visibleSettings.flatMap((setting) => {
    const code = fields.get(setting.prop)?.dictionary;
    return code ? [code] : [];
  }));
  const layout = layoutColumns(
    visibleSettings.map((setting, index) => {
      const field = fields.get(setting.prop);
      return columnWidth({
        type: field?.type,
        title: columnTitle(entity, setting.prop, t),
        sortable: isSortable(setting.prop),
        width: setting.width,
        treeColumn: Boolean(treeRows) && index === 0,
        valueLabels: field ? valueLabels(field, entity.flow, dictionaries).map((label) => t(label)) : [],
      });
    }),
    actionsColumn,
    canDelete ? SELECTION_COLUMN_WIDTH : 0,
    available.width,
  );

  const columns: TableColumnsType<Row> = [
    ...visibleSettings.map((setting, index) => {
      const field = fields.get(setting.prop);
      const sortable = isSortable(setting.prop);
      return {
        key: setting.prop,
        dataIndex: setting.prop,
        title: columnTitle(entity, setting.prop, t),
        width: layout.widths[index],
        fixed: setting.fixed,
        ellipsis: true,
        sorter: sortable,
        sortDirections: SORT_DIRECTIONS,
        sortOrder: sortable && query.prop === setting.prop ? toAntdOrder(query.order) : null,
        render: (_: unknown, row: Row) => (field
          ? <FieldValue field={field} row={row} flow={entity.flow} variant="cell" />
          : String(row[setting.prop] ?? '')),
      };
    }),
    {
      key: '$actions',
      title: t('runtime.table.actions'),
      fixed: 'right',
      width: layout.actions,
      render: (_: unknown, row: Row) => (
        <RowActions
          rowKey={keyOf(row)}
          canUpdate={canUpdate && isEditableState(entity, row)}
          canDelete={canDelete && isEditableState(entity, row)}
          transitions={transitionsByRow.get(keyOf(row)) ?? []}
          onView={() => navigate(detailsPath(basePath, keyOf(row)))}
          onEdit={() => navigate(savePath(basePath, keyOf(row)))}
          onDelete={() => deleteRow(row)}
          onTransition={(transition) => setTransitionTarget({ transition, row })}
          actions={rowActions.filter((action) => rowActionShown(action, row))}
          onAction={(action) => (action.open ? navigate(actionOpenPath(action.open, row)) : setTransitionTarget({ transition: action, row }))}
        />
      ),
    },
  ];

  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'paginate') {
      const pageSize = pagination.pageSize ?? query.pageSize;
      patchQuery({ page: pageSize === query.pageSize ? pagination.current ?? 1 : 1, pageSize });
    } else if (extra.action === 'sort' && !Array.isArray(sorter)) {
      const order = fromAntdOrder(sorter.order);
      patchQuery(order && typeof sorter.columnKey === 'string'
        ? { prop: sorter.columnKey, order, page: 1 }
        : { prop: defaultSort.prop, order: defaultSort.order, page: 1 });
    }
  };

  const applyFilters = (filterObj: FilterObj) => {
    setFiltersOpen(false);
    patchQuery({ filterObj, page: 1, exactTotal: false });
  };

  const emptyText = list.status === 'error'
    ? <Typography.Text type="danger" data-testid="entity-list-error">{list.error.message}</Typography.Text>
    : t('runtime.table.empty');

  return (
    <>
      <ListToolbar
        onAdd={canInsert ? () => navigate(savePath(basePath)) : undefined}
        onDeleteSelected={canDelete ? deleteSelected : undefined}
        selectedCount={selected.length}
        onExport={canExport ? () => { void exportRows(); } : undefined}
        exporting={exporting}
        onImport={canImport ? () => setImporting(true) : undefined}
        onReorder={canReorder ? () => setReordering(true) : undefined}
        onKeyword={entity.list.keywordFields.length > 0 ? (keyword) => patchQuery({ keyword, page: 1, exactTotal: false }) : undefined}
        keyword={query.keyword}
        onOpenFilters={entity.list.filters.length > 0 ? () => setFiltersOpen(true) : undefined}
        appliedFilterCount={countAppliedFilters(query.filterObj)}
        onReload={list.reload}
        columnSettings={<ColumnSettings entity={entity} settings={settings} onSave={saveSettings} />}
      />
      <SpecPaginationOrder />
      {treeRows && total > rows.length && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} data-testid="entity-tree-truncated"
          message={t('runtime.table.treeTruncated', { shown: rows.length, total })} />
      )}
      <div ref={available.ref}>
        <Table<Row>
          rowKey={keyOf}
          columns={columns}
          dataSource={treeRows ?? rows}
          expandable={treeRows ? {
            // As initially opened until the user opens or closes a branch.
            expandedRowKeys: expandedKeys ?? initiallyExpanded(treeRows, entity.key, rows.length),
            onExpandedRowsChange: (keys) => setExpandedKeys(keys.map(String)),
          } : undefined}
          loading={list.status === 'loading'}
          scroll={{ x: layout.scrollX }}
          locale={{ emptyText }}
          rowSelection={canDelete ? { columnWidth: SELECTION_COLUMN_WIDTH, selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
          onChange={onTableChange}
          pagination={treeRows ? false : {
            className: SPEC_PAGINATION_CLASS,
            current: query.page,
            pageSize: query.pageSize,
            total,
            pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
            showSizeChanger: true,
            showQuickJumper: true,
            showTotal: (count) => (totalCapped
              // The server stopped counting; the exact number costs a full count, so only on a click.
              ? (
                <Typography.Link data-testid="entity-total-capped" title={t('runtime.table.countExactly')} onClick={() => patchQuery({ exactTotal: true })}>
                  {t('runtime.table.totalCapped', { total: count })}
                </Typography.Link>
              )
              : t('runtime.table.total', { total: count })),
          }}
          summary={entity.list.summary && !treeRows ? () => (
            <SummaryRow columns={columns} fields={fields} sums={summary ?? {}} selectable={canDelete} />
          ) : undefined}
        />
      </div>
      {entity.list.filters.length > 0 && (
        <FilterDrawer bundle={bundle} open={filtersOpen} applied={query.filterObj} onApply={applyFilters} onClose={() => setFiltersOpen(false)} />
      )}
      {importing && <ImportDialog bundle={bundle} onClose={() => setImporting(false)} onImported={list.reload} />}
      {reordering && <ReorderDialog bundle={bundle} onClose={() => setReordering(false)} onMoved={list.reload} />}
      {transitionTarget && (
        <TransitionModal
          entity={entity}
          base={base}
          transition={transitionTarget.transition}
          recordId={transitionTarget.row[entity.key]}
          rowVersion={transitionTarget.row[ROW_VERSION]}
          onClose={() => setTransitionTarget(null)}
          onDone={() => { setTransitionTarget(null); list.reload(); }}
        />
      )}
    </>
  );
}
