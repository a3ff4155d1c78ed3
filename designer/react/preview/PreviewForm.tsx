import { createForm } from '@formily/core';
import { createSchemaField, FormProvider, type ISchema } from '@formily/react';
import { Alert, Button, Result, Space, Spin } from 'antd';
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseEntity, type EntityDef, type EntityMessages } from '../../../runtime/core/schema';
import { collectFieldItems } from '../../../runtime/core/validation';
import { RuntimeProvider, useRuntime } from '../../../runtime/react';
import { formComponents } from '../../../runtime/react/form/formComponents';
import { createFormFields } from '../../../runtime/react/form/createFormFields';
import { currentDefaultValues } from '../../../runtime/react/form/currentDefaultValues';
import { formLabelColumnWidth } from '../../../runtime/react/form/labelColumn';
import { registerExpressionCompiler } from '../../../runtime/react/form/registerExpressionCompiler';
import { toFormilySchema } from '../../../runtime/react/form/toFormilySchema';
import { useTextMeasure } from '../../../runtime/react/form/useTextMeasure';
import type { Translate } from '../../../runtime/react/format/Translate';
import type { EntityReference } from '../../../runtime/react/schema/EntitySchemaBundle';
import type { DesignLanguage } from '../state/useEntityText';
import { usePreviewReferences } from './usePreviewReferences';

const SchemaField = createSchemaField({ components: formComponents });

interface Props {
  /** The entity document as a file writes it (toEntityDocument, or a published version's). */
  document: Record<string, unknown>;
  module: string;
  language: DesignLanguage;
}

type Built = { entity: EntityDef; schema: ISchema; translate: Translate } | { error: string };

/**
 * The real save screen's form for a design: the document normalised as the server loads it, made
 * a Formily schema by the runtime (toFormilySchema) and rendered with the runtime's components,
 * so hiddenWhen, requiredWhen and the rules work as they will. Texts in `language`, the entity's
 * own messages first.
 */
export function PreviewForm({ document, module, language }: Props) {
  const services = useRuntime();
  const referenced = useMemo(() => {
    const fields = Array.isArray(document.fields) ? (document.fields as { type?: string; entity?: string }[]) : [];
    return [...new Set(fields.filter((f) => f.type === 'reference' && typeof f.entity === 'string').map((f) => f.entity as string))];
  }, [document]);
  const references = usePreviewReferences(referenced);
  // The preview's pickers ask in its language; everything else is the shell's.
  const previewServices = useMemo(() => ({ ...services, language }), [services, language]);
  if (!references) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <RuntimeProvider services={previewServices}>
      <PreviewBody document={document} module={module} language={language} references={references} />
    </RuntimeProvider>
  );
}

function PreviewBody({ document, module, language, references }: Props & { references: Record<string, EntityReference> }) {
  const { t, i18n } = useTranslation();
  const { user } = useRuntime();
  const measure = useTextMeasure();
  const built: Built = useMemo(() => {
    try {
      const entity = normaliseEntity(structuredClone(document), module);
      const own = (entity.messages as EntityMessages | undefined)?.[language] ?? {};
      const fixed = i18n.getFixedT(language);
      const translate: Translate = (key, options) => own[key] ?? fixed(key, { defaultValue: key, ...options });
      return { entity, schema: toFormilySchema({ entity, base: module, references }, translate), translate };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, [document, module, language, references, i18n]);
  const form = useMemo(() => {
    registerExpressionCompiler();
    const created = createForm({ initialValues: 'entity' in built ? currentDefaultValues(built.entity, user) : {} });
    if ('schema' in built) createFormFields(created, built.schema);
    return created;
  }, [built, user]);
  if ('error' in built) return <Result status="error" title={t('designer.preview.broken')} subTitle={built.error} />;
  const byName = new Map(built.entity.fields.map((field) => [field.name, field]));
  const labels = collectFieldItems(built.entity.form).flatMap((item) => { const field = byName.get(item.field); return field ? [built.translate(field.label)] : []; });
  const labelWidth = formLabelColumnWidth(labels, measure, built.entity.form.labelWidth);
  return (
    <FormProvider form={form}>
      <div style={{ '--oa-label-width': `${labelWidth}px` } as CSSProperties} data-testid="design-preview-form">
        <SchemaField schema={built.schema} />
      </div>
      <Alert type="info" showIcon style={{ marginTop: 16 }} message={t('designer.preview.hint')} />
      <Space style={{ marginTop: 12 }}>
        <Button type="primary" onClick={() => void form.validate().catch(() => undefined)} data-testid="design-preview-validate">{t('designer.preview.validate')}</Button>
        <Button onClick={() => void form.reset('*', { forceClear: true })}>{t('designer.preview.reset')}</Button>
      </Space>
    </FormProvider>
  );
}
