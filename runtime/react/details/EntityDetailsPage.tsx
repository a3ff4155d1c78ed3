import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Space, Spin, Tag, Typography, theme } from 'antd';
import { Fragment, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROW_VERSION, type FieldDef, type FlowTransition, type RowActionDef } from '../../core/schema/types';
import { useEntityRow } from '../data/useEntityRow';
import { FieldValue } from '../format/FieldValue';
import { flowStateOf, type Row } from '../format/fieldValues';
import { TransitionButtons } from '../flow/TransitionButtons';
import { TransitionModal } from '../flow/TransitionModal';
import { usePermittedTransitions } from '../flow/usePermittedTransitions';
import { PageStatus } from '../PageStatus';
import { actionOpenPath, savePath } from '../paths';
import type { EntitySchemaBundle } from '../schema/EntitySchemaBundle';
import { useEntitySchema } from '../schema/useEntitySchema';
import { useRuntime } from '../useRuntime';
import { descriptionSpans } from './descriptionSpans';
import { collectFieldItems } from '../../core/validation';
import { registeredWidget, widgetTestId, type WidgetRegistration } from '../widgets';
import { FlowTimeline } from './FlowTimeline';
import { isEditableState, rowActionShown } from '../../core/flow';
import { detailsLabelColumnWidth } from '../form/labelColumn';
import { useTextMeasure } from '../form/useTextMeasure';
import { heldValue } from './heldValue';
import { WorkflowActions } from './WorkflowActions';
import { RelatedRecords } from './RelatedRecords';
import { detailsPanelsOf, type DetailsPanel } from './detailsPanels';

export interface EntityDetailsPageProps {
  entity: string;
  basePath: string;
  id: string;
  /** The record is the whole screen of a `single` entity: there is no list to go back to. */
  single?: boolean;
}

const DEFAULT_COLUMNS = 2;

/** Field types whose value is a list or a table: they take a whole row of the section. */
const WIDE_TYPES: ReadonlySet<FieldDef['type']> = new Set(['text', 'richText', 'attachments', 'subTable']);

/** The details screen: the record's sections, and for flow entities its state, transitions and history. */
export function EntityDetailsPage({ entity, basePath, id, single = false }: EntityDetailsPageProps) {
  const schema = useEntitySchema(entity);
  if (schema.status !== 'ready') return <PageStatus state={schema} />;
  return <EntityDetailsLoader bundle={schema.value} basePath={basePath} id={id} single={single} />;
}

function EntityDetailsLoader({ bundle, basePath, id, single }: { bundle: EntitySchemaBundle; basePath: string; id: string; single: boolean }) {
  const row = useEntityRow(bundle, id);
  const [version, setVersion] = useState(0);
  if (row.status !== 'ready') return <PageStatus state={row} />;
  if (!row.value) return null;
  const reload = () => { setVersion((v) => v + 1); row.reload(); };
  return <EntityDetailsView bundle={bundle} basePath={basePath} id={id} single={single} row={row.value} version={version} onChanged={reload} />;
}

interface EntityDetailsViewProps {
  bundle: EntitySchemaBundle;
  basePath: string;
  id: string;
  single: boolean;
  row: Row;
  version: number;
  onChanged(): void;
}

function EntityDetailsView({ bundle, basePath, id, single, row, version, onChanged }: EntityDetailsViewProps) {
  const { t } = useTranslation();
  const { navigate, hasPermission } = useRuntime();
  const { entity, base } = bundle;
  const { flow } = entity;
  const permittedTransitions = usePermittedTransitions(entity);
  const [chosen, setChosen] = useState<FlowTransition | RowActionDef | null>(null);
  const rowActions = entity.actions.filter((action) => hasPermission(action.permission) && rowActionShown(action, row));
  const fields = useMemo(() => new Map(entity.fields.map((field) => [field.name, field])), [entity]);
  // Fields the form edits with a custom widget read through the widget's own details view (a
  // role's menus on the same tree, unchangeable), where it registered one (runtime/react/widgets).
  const customShown = useMemo(() => new Map(collectFieldItems(entity.form).flatMap((item) => {
    const registration = item.widget ? registeredWidget(item.widget) : undefined;
    const field = fields.get(item.field);
    if (!item.widget || !registration?.details || !field) return [];
    const shown: [string, { widget: string; registration: WidgetRegistration; props: Record<string, unknown> }] = [
      field.name, { widget: item.widget, registration, props: registration.props?.({ bundle, field }) ?? {} },
    ];
    return [shown];
  })), [bundle, entity, fields]);
  const measure = useTextMeasure();
  const { token } = theme.useToken();
  // One label column for every section, as wide as the longest label: the values take the rest
  // (left to the table, a section of long values split 70/30 between an empty label and its value).
  const labelStyle = useMemo(() => {
    const labels = entity.details.sections.flatMap((section) => section.fields.flatMap((name) => { const field = fields.get(name); return field ? [t(field.label)] : []; }));
    return { width: detailsLabelColumnWidth(labels, measure, token.padding), boxSizing: 'border-box' as const, wordBreak: 'keep-all' as const };
  }, [entity, fields, measure, t, token.padding]);
  const canUpdate = entity.calls.includes('update') && hasPermission(entity.permissions.update ?? '') && isEditableState(entity, row);

  const state = flow ? flowStateOf(flow, row[flow.field] ?? flow.initial) : undefined;
  const transitions = flow ? permittedTransitions(row) : [];

  // The shell's own blocks for this entity (detailsPanels.ts), each after the section it names, else after the last.
  const panels = detailsPanelsOf(entity.name);
  const sectionTitles = new Set(entity.details.sections.flatMap((section) => section.title ?? []));
  const shownPanels = (chosen: readonly DetailsPanel[]) => chosen.map(({ name, component: Panel }) => (
    <Suspense key={name} fallback={<Spin size="small" />}><Panel entity={entity} row={row} /></Suspense>
  ));

  const actions = (
    <Space wrap>
      {state && <Tag color={state.color} data-testid="details-state">{t(state.label)}</Tag>}
      {entity.workflow && <WorkflowActions entity={entity} row={row} id={id} onChanged={onChanged} />}
      <TransitionButtons transitions={transitions} testId={(transition) => `transition-${transition.name}`} onChoose={(transition) => setChosen(transition)} />
      <TransitionButtons transitions={rowActions} testId={(action) => `action-${action.name}`} onChoose={(action) => (action.open ? navigate(actionOpenPath(action.open, row)) : setChosen(action))} />
      {canUpdate && (
        <Button icon={<EditOutlined />} data-testid="details-edit" onClick={() => navigate(savePath(basePath, id))}>{t('runtime.action.edit')}</Button>
      )}
      {!single && <Button icon={<ArrowLeftOutlined />} data-testid="details-back" onClick={() => navigate(basePath)}>{t('runtime.action.back')}</Button>}
    </Space>
  );

  return (
    <Card title={t(entity.title)} extra={actions}>
      {entity.details.sections.map((section, index) => {
        const columns = section.columns ?? DEFAULT_COLUMNS;
        const shown = section.fields.flatMap((name) => fields.get(name) ?? []);
        const spans = descriptionSpans(shown.map((field) => WIDE_TYPES.has(field.type) || customShown.get(field.name)?.registration.wide === true), columns);
        const items = shown.map((field, position) => {
          const custom = customShown.get(field.name);
          const Details = custom?.registration.details;
          // What the record holds in effect, where the server says it differs from the stored value.
          const held = heldValue(row, field.name);
          const shownRow = held ? { ...row, [field.name]: held.value } : row;
          const value = custom && Details
            ? <Details {...custom.props} value={shownRow[field.name]} row={shownRow} field={field} data-testid={`details-${widgetTestId(custom.widget, field.name)}`} />
            : <FieldValue field={field} row={shownRow} flow={flow} variant="details" />;
          return {
            key: field.name,
            label: t(field.label),
            span: spans[position],
            children: held
              ? <>{value}<Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }} data-testid={`details-held-${field.name}`}>{t(held.note)}</Typography.Paragraph></>
              : value,
          };
        });
        return (
          <Fragment key={section.title ?? index}>
            <Descriptions
              title={section.title ? t(section.title) : undefined}
              column={columns}
              bordered
              size="small"
              items={items}
              styles={{ label: labelStyle }}
              style={{ marginBottom: 24 }}
            />
            {section.title && shownPanels(panels.filter((panel) => panel.afterSection === section.title))}
          </Fragment>
        );
      })}
      {shownPanels(panels.filter((panel) => !panel.afterSection || !sectionTitles.has(panel.afterSection)))}
      {entity.details.related?.map((related) => {
        const target = bundle.related?.[related.entity];
        return target && (
          <RelatedRecords key={`${related.entity}.${related.field}`} related={related} target={target}
            value={row[related.value ?? entity.key] ?? (related.value ? undefined : id)} />
        );
      })}
      {flow && (
        <Card type="inner" title={t('runtime.flow.history')}>
          <FlowTimeline entityName={entity.name} flow={flow} id={id} version={version} />
        </Card>
      )}
      {chosen && (
        <TransitionModal
          entity={entity}
          base={base}
          transition={chosen}
          recordId={row[entity.key] ?? id}
          rowVersion={row[ROW_VERSION]}
          onClose={() => setChosen(null)}
          onDone={() => { setChosen(null); onChanged(); }}
        />
      )}
    </Card>
  );
}
