import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDef, FlowDef } from '../../core/schema/types';
import { AttachmentsValue } from './AttachmentsValue';
import { ImageValue } from './ImageValue';
import { DictionaryValue } from './DictionaryValue';
import { fieldText } from './fieldText';
import { findOption, flowStateOf, splitJoined, type Row } from './fieldValues';
import { tagColor } from './tagColor';
import { SubTableValue } from './SubTableValue';
import { RichTextView } from '../richText/RichTextView';

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
    case 'options': {
      // An option with a tag style (a dictionary item's 标签样式 itself) shows as that tag: the list
      // and details then preview the style instead of naming it.
      const option = findOption(field.options, value);
      return option?.tagType
        ? <Tag color={tagColor(option.tagType)} className={option.cssClass}>{t(option.label)}</Tag>
        : <>{fieldText(field, row, { translate: t })}</>;
    }
    case 'image': {
      // The details screen shows the picture; a table cell keeps to the count, fetching no image per row.
      const [attachId] = splitJoined(value);
      return variant === 'details' && attachId
        ? <ImageValue attachId={attachId} testId={`details-image-${field.name}`} />
        : <AttachmentsValue attachIds={splitJoined(value)} variant={variant} />;
    }
    case 'attachments':
      return <AttachmentsValue attachIds={splitJoined(value)} variant={variant} />;
    case 'richText':
      return variant === 'details' && typeof value === 'string'
        ? <RichTextView html={value} data-testid={`rich-text-view-${field.name}`} />
        : <>{fieldText(field, row, { translate: t })}</>;
    case 'subTable':
      return variant === 'details' && Array.isArray(value)
        ? <SubTableValue field={field} rows={value as Row[]} />
        : <>{fieldText(field, row, { translate: t })}</>;
    default:
      return <>{fieldText(field, row, { translate: t, flow, isKey })}</>;
  }
}
