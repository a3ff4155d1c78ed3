import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../core/schema/types';
import { useDictionary } from '../data/useDictionary';
import { findOption, isEmptyValue, type Row } from './fieldValues';
import { tagColor } from './tagColor';

/** A dictionary value as its label in a tag coloured by the option's tag type. */
export function DictionaryValue({ field, row }: { field: FieldDef; row: Row }) {
  const { t } = useTranslation();
  const options = useDictionary(field.dictionary);
  const value = row[field.name];
  if (isEmptyValue(value)) return null;
  const option = findOption(options, value);
  return <Tag color={tagColor(option?.tagType)} className={option?.cssClass}>{option ? t(option.label) : String(value)}</Tag>;
}
