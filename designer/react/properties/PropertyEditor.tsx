import { Input, InputNumber, Select, Slider, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDef, FieldRule, OptionItem } from '../../../runtime/core/schema';
import { registeredWidgetNames } from '../../../runtime/react/widgets';
import type { PropertyDef } from '../../core';
import { DefaultEditor } from './DefaultEditor';
import { DictionaryEditor } from './DictionaryEditor';
import { ExpressionEditor, linesOf } from './ExpressionEditor';
import { FieldKeyEditor } from './FieldKeyEditor';
import { LabelEditor } from './LabelEditor';
import { OptionsEditor } from './OptionsEditor';
import { RemoteOptionsEditor, type RemoteOptions } from './RemoteOptionsEditor';
import { RulesEditor } from './RulesEditor';

interface PropertyEditorProps {
  def: PropertyDef;
  nodeId: string;
  field: FieldDef | undefined;
  value: unknown;
  onChange(value: unknown): void;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const number = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** The control for one property, by its editor (designer/core PropertyEditor). */
export function PropertyEditor({ def, nodeId, field, value, onChange }: PropertyEditorProps) {
  const { t } = useTranslation();
  switch (def.editor) {
    case 'text':
      return <Input value={text(value)} allowClear onChange={(event) => onChange(event.target.value)} />;
    case 'textarea':
      return <Input.TextArea value={text(value)} rows={linesOf(text(value), 2, 8)} onChange={(event) => onChange(event.target.value)} />;
    case 'number':
      return <InputNumber value={number(value)} min={def.min} max={def.max} style={{ width: '100%' }} onChange={(next) => onChange(next ?? undefined)} />;
    case 'switch':
      // Off is the default of every switch property: written as absent, not as false.
      return <Switch checked={value === true} onChange={(checked) => onChange(checked ? true : undefined)} />;
    case 'select':
      return (
        <Select value={value as string | undefined} allowClear style={{ width: '100%' }} onChange={(next) => onChange(next)}
          options={(def.choices ?? []).map((choice) => ({ value: choice.value as string, label: t(choice.label) }))} />
      );
    case 'span':
      return <Slider min={def.min ?? 1} max={def.max ?? 24} value={number(value) ?? 24} onChange={(next) => onChange(next)} />;
    case 'label':
      return <LabelEditor keyName={text(value)} nodeId={nodeId} def={def} field={field} onKeyChange={onChange} />;
    case 'expression':
      return <ExpressionEditor key={nodeId} value={text(value)} onChange={onChange} />;
    case 'options':
      return <OptionsEditor value={Array.isArray(value) ? (value as OptionItem[]) : undefined} onChange={onChange} owner={field?.name ?? nodeId} mergeKey={`${nodeId}:${def.name}`} />;
    case 'dictionary':
      return <DictionaryEditor value={text(value)} onChange={onChange} />;
    case 'remoteOptions':
      return <RemoteOptionsEditor value={value as RemoteOptions | undefined} onChange={onChange} />;
    case 'rules':
      return <RulesEditor key={nodeId} value={Array.isArray(value) ? (value as FieldRule[]) : []} onChange={onChange} />;
    case 'fieldKey':
      return <FieldKeyEditor name={text(value)} />;
    case 'widget':
      return (
        <Select value={text(value) || undefined} allowClear style={{ width: '100%' }} placeholder={t('designer.panel.defaultWidget')}
          options={registeredWidgetNames().map((name) => ({ value: name, label: t(`designer.widget.${name}`) }))} onChange={(next) => onChange(next)} />
      );
    case 'default':
      return field ? <DefaultEditor field={field} value={value} onChange={onChange} /> : null;
    default: {
      const unreachable: never = def.editor;
      throw new Error(`no property editor ${String(unreachable)}`);
    }
  }
}
