import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../runtime/core/schema';
import { useApply } from '../state/useApply';
import { fieldLabelKey } from '../state/fieldIndex';
import { useDesignState } from '../state/useDesignState';
import { useEntityText } from '../state/useEntityText';

/**
 * One top-level part of the entity document (list, details, calls …) and its writer: every write
 * is an updateEntity operation; writes of one part with the same `mergeKey` are one undo step.
 */
export function useEntityPart<T>(name: string): [T | undefined, (value: T | undefined, mergeKey?: string) => void] {
  const apply = useApply();
  const value = useDesignState((state) => state.document.entity[name] as T | undefined);
  const write = useCallback((next: T | undefined, mergeKey?: string) => {
    apply({ type: 'updateEntity', patch: { [name]: next } }, { mergeKey: mergeKey && `entity:${name}:${mergeKey}` });
  }, [apply, name]);
  return [value, write];
}

const ANY_FIELD = () => true;

/** The entity's fields as select options, "label · key"; `accept` (a module constant) picks some. */
export function useFieldOptions(accept: (field: FieldDef) => boolean = ANY_FIELD): { value: string; label: string }[] {
  const text = useEntityText();
  const fields = useDesignState((state) => state.document.entity.fields);
  const entityName = useDesignState((state) => state.document.entity.name);
  return useMemo(() => fields.filter(accept).map((field) => ({ value: field.name, label: `${text(fieldLabelKey(entityName, field))} · ${field.name}` })),
    [fields, entityName, text, accept]);
}

/** Columns every entity table carries besides its fields, which a list may show and sort by. */
const SYSTEM_COLUMNS = ['createUser', 'createDept', 'createTime', 'updateTime'];

/** The fields and the system columns, as options of a list column or a sort. */
export function useColumnOptions(): { value: string; label: string }[] {
  const { t } = useTranslation();
  const fields = useFieldOptions();
  return useMemo(() => [
    ...fields,
    ...SYSTEM_COLUMNS.filter((name) => !fields.some((option) => option.value === name))
      .map((name) => ({ value: name, label: `${t(`common.field.${name}`, { defaultValue: name })} · ${name}` })),
  ], [fields, t]);
}
