import { EnvironmentOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, InputNumber, Select, Switch, Table, Tag, TimePicker } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../runtime/core/schema';

const MULTIPLE: ReadonlySet<FieldDef['type']> = new Set(['users', 'departments', 'tags']);

/**
 * The control a field shows on the save screen, as the runtime picks it by type (runtime/react/form/
 * fieldWidget.ts), drawn disabled with plain antd: the runtime's widgets are Formily-bound and load
 * their options from the server, which a canvas of 200 fields must not do.
 */
export const FieldControlPreview = memo(function FieldControlPreview({ field, placeholder }: { field: FieldDef; placeholder?: string }) {
  const { t } = useTranslation();
  const common = { disabled: true, placeholder, style: { width: '100%' } } as const;
  switch (field.type) {
    case 'string': return <Input {...common} />;
    case 'text': return <Input.TextArea {...common} rows={3} />;
    case 'richText': return <Input.TextArea {...common} rows={5} placeholder={placeholder ?? t('designer.canvas.richText')} />;
    case 'integer': case 'number': case 'money': return <InputNumber {...common} />;
    case 'switch': return <Switch disabled size="small" />;
    case 'date': return <DatePicker {...common} />;
    case 'datetime': return <DatePicker {...common} showTime />;
    case 'time': return <TimePicker {...common} />;
    case 'dateRange': case 'datetimeRange': return <DatePicker.RangePicker disabled style={{ width: '100%' }} />;
    case 'dictionary': case 'options': case 'user': case 'users': case 'department': case 'departments': case 'reference': case 'tags':
      return <Select {...common} mode={MULTIPLE.has(field.type) || field.multiple ? 'multiple' : undefined} />;
    case 'attachments': case 'image': return <Button disabled icon={<UploadOutlined />}>{t('designer.canvas.upload')}</Button>;
    case 'location': return <Input {...common} prefix={<EnvironmentOutlined />} />;
    case 'status': return <Tag>{t('designer.canvas.status')}</Tag>;
    case 'subTable':
      return (
        <Table size="small" pagination={false} dataSource={[]} rowKey="key"
          columns={(field.fields ?? []).map((child) => ({ key: child.name, title: child.label ? t(child.label, { defaultValue: child.name }) : child.name }))} />
      );
    default: {
      const unreachable: never = field.type;
      throw new Error(`no preview for field type ${String(unreachable)}`);
    }
  }
});
