import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProcessDefinition, ProcessFormField, ProcessFormFieldType } from '../../../../runtime/core/bpm';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import { bindEntity, grantableEntityFields, type BindableEntity } from './entityBinding';
import { withFields } from './formFieldNames';
import type { BoundEntity } from './useBoundEntity';

/** The field types the simple editor offers; richer settings (dictionaries, options) stay in the JSON. */
const TYPES: ProcessFormFieldType[] = ['string', 'text', 'integer', 'number', 'money', 'date', 'datetime', 'switch', 'user', 'users', 'department', 'attachments'];

interface Props {
  def: ProcessDefinition;
  /** The entities the process may be bound to (getBindableEntities); undefined while loading. */
  bindable?: BindableEntity[];
  /** The bound entity's schema, when the process is bound. */
  bound: BoundEntity;
  onChange(def: ProcessDefinition): void;
}

/**
 * With nothing selected: the business entity the process is bound to, if any (its records are
 * the requests; the node permissions then list its fields), else the process's own form fields
 * (key, type, label, required), which conditions and permissions then name.
 */
export function ProcessPanel({ def, bindable, bound, onChange }: Props) {
  const { t } = useTranslation();
  const dataLabel = useDataLabel();
  const chosen = bindable?.find((e) => e.name === def.entity);
  // A name typed into the JSON that is no bindable entity still shows, so it can be seen and cleared.
  const entityOptions = [
    ...(bindable ?? []).map((e) => ({ value: e.name, label: `${dataLabel(e.title)}（${e.name}）` })),
    ...(def.entity && bindable && !chosen ? [{ value: def.entity, label: def.entity }] : []),
  ];
  const nameOptions = bound.entity
    ? grantableEntityFields(bound.entity).map((f) => ({ value: f.name, label: `${dataLabel(f.label ?? f.name)}（${f.name}）` }))
    : undefined;
  return (
    <Form layout="vertical" size="small" data-testid="designer-process-panel">
      <Typography.Title level={5}>{t('bpm.designer.binding.title')}</Typography.Title>
      <Form.Item extra={t('bpm.designer.binding.hint')}>
        <Select allowClear showSearch optionFilterProp="label" value={def.entity} options={entityOptions} loading={!bindable}
          placeholder={t('bpm.designer.binding.none')} data-testid="designer-entity" onChange={(name?: string) => onChange(bindEntity(def, name))} />
      </Form.Item>
      {def.entity && (
        <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
          <Typography.Text data-testid="designer-entity-label">
            {t('bpm.designer.binding.bound', { entity: chosen ? dataLabel(chosen.title) : def.entity, name: def.entity })}
          </Typography.Text>
          {chosen && chosen.process !== def.key && (
            <Alert type="warning" showIcon message={t('bpm.designer.binding.otherProcess', { process: chosen.process, key: def.key })} />
          )}
          {bindable && !chosen && <Alert type="error" showIcon message={t('bpm.designer.binding.notBindable', { name: def.entity })} />}
          {bound.failed && <Alert type="info" showIcon message={t('bpm.designer.binding.schemaUnavailable')} />}
        </Space>
      )}
      {!def.entity && <ProcessFieldsEditor def={def} onChange={onChange} />}
      <Form.Item label={t('bpm.designer.form.formFields')} style={{ marginTop: 16 }}
        extra={t(def.entity ? 'bpm.designer.binding.formFieldsHint' : 'bpm.designer.form.formFieldsHint')}>
        <Select mode="tags" value={def.formFields} options={nameOptions} tokenSeparators={[',', ' ']} data-testid="designer-form-fields"
          onChange={(names: string[]) => onChange({ ...def, formFields: names.filter((n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n)) })} />
      </Form.Item>
    </Form>
  );
}

/** An unbound process's own form: typed fields (key, type, label, required), with `formFields` kept in step. */
function ProcessFieldsEditor({ def, onChange }: Pick<Props, 'def' | 'onChange'>) {
  const { t } = useTranslation();
  const fields = def.fields ?? [];
  const set = (next: ProcessFormField[]) => onChange(withFields(def, next));
  const patch = (index: number, change: Partial<ProcessFormField>) => set(fields.map((f, i) => (i === index ? { ...f, ...change } : f)));
  return (
    <>
      <Typography.Title level={5}>{t('bpm.designer.form.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('bpm.designer.form.hint')}</Typography.Paragraph>
      <Space direction="vertical" style={{ width: '100%' }}>
        {fields.map((field, index) => (
          <div key={index} style={{ display: 'grid', gridTemplateColumns: '1fr 1fr auto', gap: 4, alignItems: 'center' }}>
            <Input placeholder={t('bpm.designer.form.key')} value={field.key} status={/^[A-Za-z_][A-Za-z0-9_]*$/.test(field.key) ? undefined : 'error'}
              data-testid={`designer-field-${index}-key`} onChange={(e) => patch(index, { key: e.target.value.trim() })} />
            <Input placeholder={t('bpm.designer.form.label')} value={field.label} title={t(field.label)} data-testid={`designer-field-${index}-label`}
              onChange={(e) => patch(index, { label: e.target.value })} />
            <Button icon={<DeleteOutlined />} aria-label={t('bpm.designer.form.remove')} onClick={() => set(fields.filter((_, i) => i !== index))} />
            <Select value={field.type} options={(TYPES.includes(field.type) ? TYPES : [...TYPES, field.type]).map((type) => ({ value: type, label: t(`bpm.designer.fieldType.${type}`) }))}
              data-testid={`designer-field-${index}-type`} onChange={(type: ProcessFormFieldType) => patch(index, { type })} />
            <Checkbox checked={field.required === true} onChange={(e) => patch(index, { required: e.target.checked || undefined })}>
              {t('bpm.designer.form.required')}
            </Checkbox>
          </div>
        ))}
        <Button icon={<PlusOutlined />} data-testid="designer-field-add"
          onClick={() => set([...fields, { key: `field${fields.length + 1}`, type: 'string', label: t('bpm.designer.form.newLabel', { n: fields.length + 1 }) }])}>
          {t('bpm.designer.form.add')}
        </Button>
      </Space>
    </>
  );
}
