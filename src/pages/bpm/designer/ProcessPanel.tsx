import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProcessDefinition, ProcessFormField, ProcessFormFieldType } from '../../../../runtime/core/bpm';
import { withFields } from './formFieldNames';

/** The field types the simple editor offers; richer settings (dictionaries, options) stay in the JSON. */
const TYPES: ProcessFormFieldType[] = ['string', 'text', 'integer', 'number', 'money', 'date', 'datetime', 'switch', 'user', 'users', 'department', 'attachments'];

interface Props {
  def: ProcessDefinition;
  onChange(def: ProcessDefinition): void;
}

/** With nothing selected: the process's own form fields (key, type, label, required), which conditions and permissions then name. */
export function ProcessPanel({ def, onChange }: Props) {
  const { t } = useTranslation();
  const fields = def.fields ?? [];
  const set = (next: ProcessFormField[]) => onChange(withFields(def, next));
  const patch = (index: number, change: Partial<ProcessFormField>) => set(fields.map((f, i) => (i === index ? { ...f, ...change } : f)));
  return (
    <Form layout="vertical" size="small" data-testid="designer-process-panel">
      <Typography.Title level={5}>{t('bpm.designer.form.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('bpm.designer.form.hint')}</Typography.Paragraph>
      {def.entity && <Typography.Paragraph>{t('bpm.designer.form.entity', { entity: def.entity })}</Typography.Paragraph>}
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
      <Form.Item label={t('bpm.designer.form.formFields')} style={{ marginTop: 16 }} extra={t('bpm.designer.form.formFieldsHint')}>
        <Select mode="tags" value={def.formFields} tokenSeparators={[',', ' ']} data-testid="designer-form-fields"
          onChange={(names: string[]) => onChange({ ...def, formFields: names.filter((n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n)) })} />
      </Form.Item>
    </Form>
  );
}
