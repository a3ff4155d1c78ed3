import { Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { CURRENT_DEPT_DEFAULT, CURRENT_USER_DEFAULT, type FieldDef } from '../../../runtime/core/schema';
import { useEntityText } from '../state/useEntityText';

const NUMERIC: ReadonlySet<FieldDef['type']> = new Set(['integer', 'number', 'money']);

/** A field's default value, with the control its type takes; person and department fields may default to the signed-in user's. */
export function DefaultEditor({ field, value, onChange }: { field: FieldDef; value: unknown; onChange(value: unknown): void }) {
  const { t } = useTranslation();
  const text = useEntityText();
  if (field.type === 'switch') return <Switch checked={value === 1 || value === true} onChange={(on) => onChange(on ? 1 : undefined)} />;
  if (NUMERIC.has(field.type)) {
    return <InputNumber style={{ width: '100%' }} value={typeof value === 'number' ? value : undefined} onChange={(next) => onChange(next ?? undefined)} />;
  }
  if (field.type === 'user' || field.type === 'department') {
    const current = field.type === 'user' ? CURRENT_USER_DEFAULT : CURRENT_DEPT_DEFAULT;
    return (
      <Select allowClear style={{ width: '100%' }} value={typeof value === 'string' ? value : undefined} onChange={(next) => onChange(next)}
        options={[{ value: current, label: t(`designer.default.${field.type}`) }]} />
    );
  }
  if (field.type === 'options') {
    return (
      <Select allowClear style={{ width: '100%' }} value={value as string | undefined} onChange={(next) => onChange(next)}
        options={(field.options ?? []).map((option) => ({ value: option.value, label: text(option.label) }))} />
    );
  }
  return <Input value={typeof value === 'string' ? value : ''} allowClear onChange={(event) => onChange(event.target.value)} />;
}
