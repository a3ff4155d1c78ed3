import { createForm, onFieldInputValueChange, type Form } from '@formily/core';
import { FormLayout } from '@formily/antd-v5';
import { createSchemaField, FormProvider, type ISchema } from '@formily/react';
import { Button, Card, Result, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callPath } from '../../core/naming';
import { alreadyShown, failureMessage, fieldErrorsOf } from '../data/requestFailure';
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
import { registerExpressionCompiler } from './registerExpressionCompiler';
import { toFormilySchema } from './toFormilySchema';

export interface EntitySavePageProps {
  entity: string;
  basePath: string;
  /** The record to edit; absent for a new one. */
  id?: string;
}

const SchemaField = createSchemaField({ components: formComponents });

const DEFAULT_LABEL_WIDTH = 120;

/** The save screen: the entity's form layout as a Formily form, inserting or updating on submit. */
export function EntitySavePage({ entity, basePath, id }: EntitySavePageProps) {
  const schema = useEntitySchema(entity);
  if (schema.status !== 'ready') return <PageStatus state={schema} />;
  return <EntitySaveLoader bundle={schema.value} basePath={basePath} id={id} />;
}

function EntitySaveLoader({ bundle, basePath, id }: { bundle: EntitySchemaBundle; basePath: string; id?: string }) {
  const row = useEntityRow(bundle, id);
  if (row.status !== 'ready') return <PageStatus state={row} />;
  return <EntitySaveForm bundle={bundle} basePath={basePath} id={id} row={row.value} />;
}

type BuiltSchema = { schema: ISchema } | { error: Error };

function EntitySaveForm({ bundle, basePath, id, row }: { bundle: EntitySchemaBundle; basePath: string; id?: string; row: Row | null }) {
  const { t } = useTranslation();
  const { request, navigate, user } = useRuntime();
  const { message } = useFeedback();
  const [submitting, setSubmitting] = useState(false);
  const { entity, base } = bundle;
  // Taken once: a later change of the session object must not rebuild (and empty) the form.
  const [newRecordValues] = useState(() => currentDefaultValues(entity, user));

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

  const built: BuiltSchema = useMemo(() => {
    try {
      return { schema: toFormilySchema(bundle, (key, options) => t(key, options)) };
    } catch (error) {
      return { error: error instanceof Error ? error : new Error(String(error)) };
    }
  }, [bundle, t]);

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
    setSubmitting(true);
    try {
      const values = toSubmitValues(entity, form.values as Row, isShown);
      if (id !== undefined) values[entity.key] = id;
      const answer = await request.post<Row>(callPath(base, entity.name, id === undefined ? 'insert' : 'update'), values);
      // A permission change waits for the security administrator: say so instead of "saved".
      if (answer.data && (answer.data as Row).$pendingSecurityEvent) message.info(t('entity.SecurityEvent.pending'));
      else message.success(t('runtime.message.saved'));
      navigate(basePath);
    } catch (error) {
      // A validation refusal (code 100) names its fields: the messages go where the user looks.
      for (const { field, message: text } of fieldErrorsOf(error)) {
        form.setFieldState(field, (state) => { state.selfErrors = [text]; });
      }
      if (!alreadyShown(error)) message.error(failureMessage(error, t('runtime.message.saveFailed')));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card title={t(id === undefined ? 'runtime.form.createTitle' : 'runtime.form.editTitle', { entity: t(entity.title) })}>
      <FormProvider form={form}>
        <FormLayout labelWidth={entity.form.labelWidth ?? DEFAULT_LABEL_WIDTH} labelWrap>
          <SchemaField schema={built.schema} />
        </FormLayout>
      </FormProvider>
      <Space style={{ marginTop: 24 }}>
        <Button type="primary" loading={submitting} data-testid="form-submit" onClick={() => { void submit(); }}>
          {t('runtime.action.submit')}
        </Button>
        <Button data-testid="form-cancel" onClick={() => navigate(basePath)}>
          {t('runtime.action.cancel')}
        </Button>
      </Space>
    </Card>
  );
}
