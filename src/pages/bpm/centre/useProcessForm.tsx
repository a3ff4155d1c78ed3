import { createForm, type Form } from '@formily/core';
import { createSchemaField, FormProvider } from '@formily/react';
import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { processFormEntity, type FieldPermission, type ProcessDefinition } from '../../../../runtime/core/bpm';
import type { EntityDef } from '../../../../runtime/core/schema/types';
import { createFormFields } from '../../../../runtime/react/form/createFormFields';
import { formComponents } from '../../../../runtime/react/form/formComponents';
import { toFormValues } from '../../../../runtime/react/form/formValues';
import { registerExpressionCompiler } from '../../../../runtime/react/form/registerExpressionCompiler';
import { toFormilySchema } from '../../../../runtime/react/form/toFormilySchema';
import { UploadsInFlightProvider, useUploadsInFlight, type UploadsInFlight } from '../../../../runtime/react/attachments/uploadsInFlight';

const SchemaField = createSchemaField({ components: formComponents });
const LABEL_WIDTH = 110;

export interface ProcessFormState {
  form: Form;
  entity: EntityDef;
  /** The rendered form, or null when the process has no typed fields. */
  view: ReactNode;
  /** Files still uploading in the form's attachment and image fields: a request sent now would go without them. */
  uploads: UploadsInFlight;
}

/**
 * A process's start or task form: its typed fields converted to an entity-like schema
 * (runtime/core/bpm/processForm.ts) and rendered by the entity form's own widgets. `perms`
 * (a task's) disables read fields and leaves hidden ones out; without it every field is editable.
 */
export function useProcessForm(def: Pick<ProcessDefinition, 'key' | 'fields'>, values: Record<string, unknown>, perms?: Record<string, FieldPermission>, readOnly = false): ProcessFormState {
  const { t } = useTranslation();
  const entity = useMemo(() => {
    // Read-only screens show every permitted field disabled.
    const shown = readOnly ? Object.fromEntries((def.fields ?? []).map((f) => [f.key, perms?.[f.key] === 'hidden' ? 'hidden' as const : 'read' as const])) : perms;
    return processFormEntity(def, shown);
  }, [def, perms, readOnly]);
  const schema = useMemo(() => toFormilySchema({ entity, base: 'bpm', references: {} }, (key, options) => t(key, options)), [entity, t]);
  const form = useMemo(() => {
    registerExpressionCompiler();
    return createForm({ initialValues: toFormValues(entity, values) });
  }, [entity, values]);
  useMemo(() => createFormFields(form, schema), [form, schema]);
  const uploads = useUploadsInFlight();
  const view = (def.fields ?? []).length === 0 ? null : (
    <FormProvider form={form}>
      <UploadsInFlightProvider value={uploads.report}>
        <div style={{ '--oa-label-width': `${LABEL_WIDTH}px` } as CSSProperties}>
          <SchemaField schema={schema} />
        </div>
      </UploadsInFlightProvider>
    </FormProvider>
  );
  return { form, entity, view, uploads };
}
