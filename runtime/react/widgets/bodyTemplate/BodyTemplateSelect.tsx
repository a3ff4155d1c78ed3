import { observer, useField } from '@formily/react';
import { Select, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlToPlainText } from '../../../core/richText';
import { useFeedback } from '../../feedback/useFeedback';
import { testIdButtonProps } from '../../feedback/testIdButtonProps';
import { isEmptyValue } from '../../format/fieldValues';
import { fromSelectValue, toSelectValue } from '../../form/widgets/selectValue';
import { useRelatedNames } from '../../form/widgets/useRelatedNames';
import { useRuntime } from '../../useRuntime';
import type { FormWidgetProps } from '../widgetRegistry';
import type { BodyTemplateProps } from './bodyTemplateProps';

type TemplateRow = Record<string, unknown>;

/** A body holds something the writer would lose: text, or a picture without text. */
function hasContent(html: unknown): boolean {
  const text = typeof html === 'string' ? html : '';
  return htmlToPlainText(text).trim() !== '' || /<img\b/i.test(text);
}

/**
 * The `bodyTemplate` widget (runtime/core/richText/bodyTemplates.ts): a select of the templates the
 * list call offers for the form's current type, each marked when it has a red header. Choosing one
 * fills the form's body with the template's; a body the writer has typed is replaced only after
 * they agree, and keeping it keeps the choice (its red header still heads the notice). An
 * observer, so a change of the type field reloads the choices.
 */
export const BodyTemplateSelect = observer(function BodyTemplateSelect(props: FormWidgetProps) {
  const { value, onChange, disabled, placeholder, 'data-testid': testId } = props;
  const { listPath, source } = props as unknown as BodyTemplateProps;
  const { t } = useTranslation();
  const { request } = useRuntime();
  const { confirm } = useFeedback();
  const field = useField();
  const form = field?.form;
  const knownLabels = useRelatedNames(value);
  const filter = source.filterField && form ? form.getValuesIn(source.filterField) : undefined;
  const filterValue = isEmptyValue(filter) ? '' : String(filter);
  const [templates, setTemplates] = useState<TemplateRow[]>([]);

  useEffect(() => {
    let current = true;
    const params = source.filterField && filterValue ? { [source.filterField]: filterValue } : {};
    request.get<TemplateRow[]>(listPath, params).then(
      (answer) => { if (current) setTemplates(Array.isArray(answer.data) ? answer.data : []); },
      // Reported by the request layer; the select offers nothing.
      () => { if (current) setTemplates([]); },
    );
    return () => { current = false; };
  }, [request, listPath, source.filterField, filterValue]);

  const nameOf = (row: TemplateRow) => String(row[source.labelKey] ?? '');
  const options = templates.map((row) => {
    const name = nameOf(row);
    const flagged = source.flagKey && source.flagLabel && row[source.flagKey] === true;
    return {
      value: String(row[source.idKey]),
      search: name,
      label: flagged ? <span>{name} <Tag color="red" style={{ marginInlineStart: 4 }}>{t(source.flagLabel!)}</Tag></span> : name,
    };
  });
  // The stored choice the list no longer offers (another type, a template switched off): named from the loaded row.
  const chosen = isEmptyValue(value) ? null : String(value);
  if (chosen && !options.some((option) => option.value === chosen)) options.unshift({ value: chosen, search: knownLabels[chosen] ?? chosen, label: knownLabels[chosen] ?? chosen });

  const fillBody = (html: string) => form?.setValuesIn(source.fills, html);
  const choose = (selected: unknown) => {
    const id = fromSelectValue(selected, false);
    onChange?.(id);
    const template = id ? templates.find((row) => String(row[source.idKey]) === id) : undefined;
    // Its name beside the id, as a loaded row has it: still shown once another type's list no longer offers it.
    if (field) form?.setValuesIn(`${field.path.toString()}Name`, template ? nameOf(template) : null);
    const body = template ? String(template[source.bodyKey] ?? '') : '';
    // Clearing the choice, or a template without a body, leaves the body as it is.
    if (!hasContent(body)) return;
    const current = form?.getValuesIn(source.fills);
    if (!hasContent(current) || current === body) {
      fillBody(body);
      return;
    }
    confirm({
      title: t('runtime.bodyTemplate.replaceTitle'),
      content: t('runtime.bodyTemplate.replaceContent'),
      okText: t('runtime.bodyTemplate.replace'),
      cancelText: t('runtime.bodyTemplate.keep'),
      okButtonProps: testIdButtonProps('body-template-replace'),
      cancelButtonProps: testIdButtonProps('body-template-keep'),
      onOk: () => { fillBody(body); },
    });
  };

  return (
    <Select
      data-testid={testId}
      allowClear
      showSearch
      optionFilterProp="search"
      options={options}
      disabled={disabled}
      placeholder={placeholder}
      value={toSelectValue(chosen, false)}
      onChange={choose}
    />
  );
});
