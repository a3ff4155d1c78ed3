import { createForm, onFieldInputValueChange, type Form } from '@formily/core';
import { createSchemaField, FormProvider, type ISchema } from '@formily/react';
import { Alert, Button, Card, Result, Space, Typography } from 'antd';
import { useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { callPath } from '../../core/naming';
import { ROW_VERSION, type FieldDef } from '../../core/schema/types';
import { alreadyShown, failureMessage, fieldErrorsOf, isStaleRecord } from '../data/requestFailure';
import { useEntityRow } from '../data/useEntityRow';
import { useFeedback } from '../feedback/useFeedback';
import type { Row } from '../format/fieldValues';
import { PageStatus } from '../PageStatus';
import type { EntitySchemaBundle } from '../schema/EntitySchemaBundle';
import { useEntitySchema } from '../schema/useEntitySchema';
import { useRuntime } from '../useRuntime';
import { formComponents } from './formComponents';
import { toFormValues, toSubmitValues } from './formValues';
import { currentDefaultValues } from './currentDefaultValues';
import { presetValues } from './presetValues';
import { registerExpressionCompiler } from './registerExpressionCompiler';
import { toFormilySchema } from './toFormilySchema';
import { createFormFields } from './createFormFields';
import { changedFormFields } from './changedFields';
import { StaleRecordDialog } from './StaleRecordDialog';
import { collectFieldItems } from '../../core/validation';
import { formLabelColumnWidth } from './labelColumn';
import { useTextMeasure } from './useTextMeasure';
import { isFrozenRecord, isOpenRecord } from '../../core/bpm/bindingStatus';
import { UploadsInFlightProvider, useUploadsInFlight } from '../attachments/uploadsInFlight';

export interface EntitySavePageProps {
  entity: string;
  basePath: string;
  /** The record to edit; absent for a new one. */
  id?: string;
  /** A link's query giving a new record's starting values beside the defaults (presetValues.ts). */
  presetQuery?: URLSearchParams;
}

const SchemaField = createSchemaField({ components: formComponents });

/** The save screen: the entity's form layout as a Formily form, inserting or updating on submit. */
export function EntitySavePage({ entity, basePath, id, presetQuery }: EntitySavePageProps) {
  const schema = useEntitySchema(entity);
  if (schema.status !== 'ready') return <PageStatus state={schema} />;
  const presets = presetQuery && !id ? presetValues(schema.value.entity, presetQuery) : undefined;
  return <EntitySaveLoader bundle={schema.value} basePath={basePath} id={id} presets={presets} />;
}

function EntitySaveLoader({ bundle, basePath, id, presets }: { bundle: EntitySchemaBundle; basePath: string; id?: string; presets?: Row }) {
  const row = useEntityRow(bundle, id);
  // The record as re-read after a refused stale save, once the user chose to reload it.
  const [reloaded, setReloaded] = useState<Row | null>(null);
  if (row.status !== 'ready') return <PageStatus state={row} />;
  const current = reloaded ?? row.value;
  return (
    <EntitySaveForm key={String(current?.[ROW_VERSION] ?? '')} bundle={bundle} basePath={basePath} id={id} row={current} presets={presets} onReload={setReloaded} />
  );
}

type BuiltSchema = { schema: ISchema } | { error: Error };

interface EntitySaveFormProps {
  bundle: EntitySchemaBundle;
  basePath: string;
  id?: string;
  row: Row | null;
  presets?: Row;
  /** Starts the form again from this fresher record. */
  onReload(row: Row): void;
}

/** A save refused as stale: the record as it is now (when it could be read) and the fields that differ. */
interface StaleState { fresh: Row | null; changed?: FieldDef[] }

function EntitySaveForm({ bundle, basePath, id, row, presets, onReload }: EntitySaveFormProps) {
  const { t } = useTranslation();
  const { request, navigate, user } = useRuntime();
  const { message } = useFeedback();
  const [submitting, setSubmitting] = useState(false);
  const [stale, setStale] = useState<StaleState | null>(null);
  // Files still uploading in any upload widget of the form: saved now, the record would go without them.
  const uploads = useUploadsInFlight();
  const { entity, base } = bundle;
  // A bound record that is not its author's any more: running (frozen) or approved (closed).
  const locked = entity.workflow && row && !isOpenRecord(entity.workflow, row) ? (isFrozenRecord(entity.workflow, row) ? 'frozenHint' : 'closedHint') : null;
  // Taken once: a later change of the session object must not rebuild (and empty) the form.
  const [newRecordValues] = useState(() => ({ ...currentDefaultValues(entity, user), ...presets }));
  const measure = useTextMeasure();
  // One label column for the whole form, as wide as its longest label in the reader's language.
  const labelWidth = useMemo(() => {
    const fields = new Map(entity.fields.map((field) => [field.name, field]));
    const labels = collectFieldItems(entity.form).flatMap((item) => { const field = fields.get(item.field); return field ? [t(field.label)] : []; });
    return formLabelColumnWidth(labels, measure, entity.form.labelWidth);
  }, [entity, measure, t]);

  const built: BuiltSchema = useMemo(() => {
    try {
      return { schema: toFormilySchema(bundle, (key, options) => t(key, options)) };
    } catch (error) {
      return { error: error instanceof Error ? error : new Error(String(error)) };
    }
  }, [bundle, t]);

  const form: Form = useMemo(() => {
    // The shell registers it at start-up too; here it guards screens rendered without the shell (designer preview, tests).
    registerExpressionCompiler();
    return createForm({
      initialValues: row ? toFormValues(entity, row) : newRecordValues,
      effects() {
        // A server refusal shown on a field is about the old value: editing the field withdraws it,
        // otherwise it would keep the form invalid and block the corrected submit.
        onFieldInputValueChange('*', (field) => { field.selfErrors = []; });
      },
    });
  }, [entity, row, newRecordValues]);

  // Every field exists from the start, rendered or not: closed tabs still hold, validate and badge
  // theirs. Creating an existing field returns it untouched, so this is safe to repeat.
  useMemo(() => { if ('schema' in built) createFormFields(form, built.schema); }, [form, built]);

  if ('error' in built) {
    return <Result status="error" title={t('runtime.form.badSchema')} subTitle={built.error.message} />;
  }

  const isShown = (fieldName: string) => form.query(fieldName).take()?.display === 'visible';

  const submit = async () => {
    try {
      await form.submit();
    } catch {
      message.error(t('runtime.form.invalid'));
      return;
    }
    // The button is disabled meanwhile; a save reaching here anyway (a stale click, a caller) is refused, not sent without the files.
    if (uploads.pending() > 0) {
      message.warning(t('runtime.form.uploading'));
      return;
    }
    setSubmitting(true);
    try {
      const values = toSubmitValues(entity, form.values as Row, isShown);
      if (id !== undefined) {
        values[entity.key] = id;
        // The version this form was loaded at: the server refuses the save if the record moved on since.
        if (row?.[ROW_VERSION] !== undefined) values[ROW_VERSION] = row[ROW_VERSION];
      }
      const answer = await request.post<Row>(callPath(base, entity.name, id === undefined ? 'insert' : 'update'), values);
      // A permission change waits for the security administrator: say so instead of "saved".
      if (answer.data && (answer.data as Row).$pendingSecurityEvent) message.info(t('entity.SecurityEvent.pending'));
      else message.success(t('runtime.message.saved'));
      navigate(basePath);
    } catch (error) {
      if (isStaleRecord(error) && row) {
        await showStale();
        return;
      }
      // A validation refusal (code 100) names its fields: the messages go where the user looks.
      for (const { field, message: text } of fieldErrorsOf(error)) {
        form.setFieldState(field, (state) => { state.selfErrors = [text]; });
      }
      if (!alreadyShown(error)) message.error(failureMessage(error, t('runtime.message.saveFailed')));
    } finally {
      setSubmitting(false);
    }
  };

  // What changed is read from the record as it is now; the form keeps what the user typed meanwhile.
  async function showStale() {
    try {
      const answer = await request.get<Row>(callPath(base, entity.name, 'view'), { id });
      setStale({ fresh: answer.data, changed: row ? changedFormFields(entity, row, answer.data) : [] });
    } catch {
      setStale({ fresh: null });
    }
  }

  return (
    <Card title={t(id === undefined ? 'runtime.form.createTitle' : 'runtime.form.editTitle', { entity: t(entity.title) })}>
      <FormProvider form={form}>
        <UploadsInFlightProvider value={uploads.report}>
          {/* The label column's width, read by FormItem's CSS. */}
          <div style={{ '--oa-label-width': `${labelWidth}px` } as CSSProperties}>
            <SchemaField schema={built.schema} />
          </div>
        </UploadsInFlightProvider>
      </FormProvider>
      {/* A record whose request runs or was approved is locked (docs/WORKFLOW.md › Binding): no save, a word why. */}
      {locked && <Alert type="info" showIcon style={{ marginTop: 24 }} message={t(`bpm.binding.${locked}`)} data-testid="form-frozen" />}
      <Space style={{ marginTop: 24 }}>
        {!locked && (
          <Button type="primary" loading={submitting} disabled={uploads.count > 0} data-testid="form-submit" onClick={() => { void submit(); }}>
            {t('runtime.action.submit')}
          </Button>
        )}
        {!locked && uploads.count > 0 && <Typography.Text type="secondary" data-testid="form-uploading">{t('runtime.form.uploading')}</Typography.Text>}
        <Button data-testid="form-cancel" onClick={() => navigate(basePath)}>
          {t('runtime.action.cancel')}
        </Button>
      </Space>
      {stale && (
        <StaleRecordDialog
          changed={stale.changed}
          onKeepEditing={() => setStale(null)}
          // A record that can no longer be read (deleted meanwhile) has nothing to reload: back to the list.
          onReload={() => { if (stale.fresh) onReload(stale.fresh); else navigate(basePath); }}
        />
      )}
    </Card>
  );
}
