import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDef, FlowDef } from '../../core/schema/types';
import { AttachmentsValue } from './AttachmentsValue';
import { DictionaryValue } from './DictionaryValue';
import { fieldText } from './fieldText';
import { findOption, flowStateOf, splitJoined, type Row } from './fieldValues';
import { tagColor } from './tagColor';
import { SubTableValue } from './SubTableValue';

export type FieldValueVariant = 'cell' | 'details';

export interface FieldValueProps {
  field: FieldDef;
  row: Row;
  flow?: FlowDef;
  /** A table cell stays one line; the details screen may list attachments and child rows. */
  variant: FieldValueVariant;
}

/** One field of a row as the user reads it, shared by the table and the details screen. */
export function FieldValue({ field, row, flow, variant }: FieldValueProps) {
  const { t, i18n } = useTranslation();
  const value = row[field.name];
  const isKey = (text: string) => i18n.exists(text);
  switch (field.type) {
    case 'dictionary':
      return <DictionaryValue field={field} row={row} />;
    case 'status': {
      const state = flowStateOf(flow, value);
      return state ? <Tag color={state.color}>{t(state.label)}</Tag> : <>{fieldText(field, row, { translate: t, flow })}</>;
    }
    case 'tags':
      // Tags picked from options show the options' labels and colours; free tags show as typed.
      return (
        <>
          {splitJoined(value).map((tag) => {
            const option = findOption(field.options, tag);
            return <Tag key={tag} color={tagColor(option?.tagType)}>{option ? t(option.label) : tag}</Tag>;
          })}
        </>
      );
    case 'attachments': case 'image':
      return <AttachmentsValue attachIds={splitJoined(value)} variant={variant} />;
    case 'subTable':
      return variant === 'details' && Array.isArray(value)
        ? <SubTableValue field={field} rows={value as Row[]} />
        : <>{fieldText(field, row, { translate: t })}</>;
    default:
      return <>{fieldText(field, row, { translate: t, flow, isKey })}</>;
  }
}
