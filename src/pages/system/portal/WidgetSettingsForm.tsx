import { Form, InputNumber, Select, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { widgetSettingFields, type WidgetSettingField } from '../../../../runtime/core/portal';
import { useDictionary } from '../../../../runtime/react/data/useDictionary';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import { request } from '../../../request';

const PROCESS_LIST_PATH = '/get/bpm/getBpmProcessList';

interface ProcessRow { processKey: string; processName: string }

/**
 * The workflow processes to choose from (the process list, read quietly: a designer who may not
 * read it sees only the key already chosen, and may still clear it).
 */
function useProcessOptions(wanted: boolean): { value: string; label: string }[] {
  const label = useDataLabel();
  const [rows, setRows] = useState<ProcessRow[]>([]);
  useEffect(() => {
    if (!wanted) return undefined;
    let current = true;
    request.get<{ list: ProcessRow[] }>(PROCESS_LIST_PATH, { page: 1, pageSize: 200 }, { quiet: true }).then(
      (answer) => { if (current) setRows(answer.data.list); },
      () => { /* no options: the select keeps the stored key */ },
    );
    return () => { current = false; };
  }, [wanted]);
  return rows.map((row) => ({ value: row.processKey, label: label(row.processName) }));
}

/** A dictionary's values to choose one from (its labels translated), or none: all. */
function DictionaryChoice({ code, value, onChange, testId }: { code: string; value: string | undefined; onChange: (value: string | null) => void; testId: string }) {
  const { t } = useTranslation();
  const options = useDictionary(code).map((option) => ({ label: t(option.label), value: String(option.value) }));
  return (
    <Select allowClear showSearch optionFilterProp="label" style={{ width: '100%' }} data-testid={testId} placeholder={t('portal.setting.all')}
      options={options} value={value} onChange={(chosen?: string) => onChange(chosen ?? null)} />
  );
}

export interface WidgetSettingsFormProps {
  widgetCode: string;
  settings: Record<string, unknown>;
  /** `mergeKey` marks a change typed into a box, merged into one undo step with the next keystrokes. */
  onChange: (settings: Record<string, unknown>, mergeKey?: string) => void;
}

/**
 * The settings the chosen cell's widget declares (runtime/core/portal/widgetSettings.ts), one
 * control each: a number within its bounds, a dictionary value or a process (blank = all), a
 * switch. An empty control removes the key, so the widget's default applies.
 */
export function WidgetSettingsForm({ widgetCode, settings, onChange }: WidgetSettingsFormProps) {
  const { t } = useTranslation();
  const fields = widgetSettingFields(widgetCode);
  const processOptions = useProcessOptions(fields.some((field) => field.kind === 'process'));
  if (fields.length === 0) {
    return <Typography.Text type="secondary" data-testid="inspector-no-settings">{t('portal.setting.none')}</Typography.Text>;
  }
  const set = (name: string, value: unknown, mergeKey?: string) => {
    const { [name]: _old, ...rest } = settings;
    onChange(value === null || value === undefined || value === '' ? rest : { ...rest, [name]: value }, mergeKey);
  };
  const control = (field: WidgetSettingField) => {
    const testId = `setting-${field.name}`;
    switch (field.kind) {
      case 'integer':
        return (
          <InputNumber min={field.min} max={field.max} precision={0} style={{ width: '100%' }} data-testid={testId}
            placeholder={String(field.default)} value={typeof settings[field.name] === 'number' ? settings[field.name] as number : null}
            onChange={(value) => set(field.name, typeof value === 'number' ? value : null, `${widgetCode}:${field.name}`)} />
        );
      case 'dictionary':
        return (
          <DictionaryChoice code={field.dictionary} testId={testId}
            value={typeof settings[field.name] === 'string' ? settings[field.name] as string : undefined}
            onChange={(value) => set(field.name, value)} />
        );
      case 'process':
        return (
          <Select allowClear showSearch optionFilterProp="label" style={{ width: '100%' }} data-testid={testId} placeholder={t('portal.setting.all')}
            options={processOptions} value={typeof settings[field.name] === 'string' ? settings[field.name] as string : undefined}
            onChange={(value?: string) => set(field.name, value ?? null)} />
        );
      case 'switch':
        return (
          <Switch data-testid={testId} checked={typeof settings[field.name] === 'boolean' ? settings[field.name] as boolean : field.default}
            onChange={(checked) => set(field.name, checked === field.default ? null : checked)} />
        );
    }
  };
  return (
    <div data-testid="inspector-settings">
      {fields.map((field) => (
        <Form.Item key={field.name} label={t(field.label)} style={{ marginBottom: 8 }}
          help={field.kind === 'integer' ? t('portal.setting.range', { min: field.min, max: field.max, default: field.default }) : undefined}>
          {control(field)}
        </Form.Item>
      ))}
    </div>
  );
}
