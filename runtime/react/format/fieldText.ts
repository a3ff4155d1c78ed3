import type { FieldDef, FlowDef, OptionItem } from '../../core/schema/types';
import {
  findOption, flowStateOf, formatMoney, formatNumber, isEmptyValue, isSwitchOn, parseLocation,
  parseRange, relatedName, splitJoined, type Row,
} from './fieldValues';
import { timeText } from './dateFormats';
import type { Translate } from './Translate';
import { htmlToPlainText } from '../../core/richText';

export interface FieldTextContext {
  translate: Translate;
  /** The dictionary's options when the field is a dictionary (loaded by the caller). */
  dictionary?: readonly OptionItem[];
  /** The entity's flow, for status fields. */
  flow?: FlowDef;
  /** Whether a text is a key of the language pack, for `translated` fields (plain text is never passed to translate). */
  isKey?(text: string): boolean;
}

/**
 * The plain text of one field of a row, as the table and the details screen show it.
 * Richer renderings (tags, attachment links) start from the same reading.
 */
export function fieldText(field: FieldDef, row: Row, context: FieldTextContext): string {
  const value = row[field.name];
  const { translate } = context;
  if (isEmptyValue(value)) return '';
  switch (field.type) {
    case 'string': case 'text':
      return field.translated && context.isKey?.(String(value)) ? translate(String(value)) : String(value);
    case 'richText':
      return htmlToPlainText(String(value));
    case 'date':
      return String(value);
    case 'datetime': case 'time':
      return timeText(String(value), field);
    case 'integer':
      return formatNumber(value, 0);
    case 'number':
      return formatNumber(value, field.precision);
    case 'money':
      return formatMoney(value);
    case 'switch':
      return translate(isSwitchOn(value) ? 'runtime.value.yes' : 'runtime.value.no');
    case 'dateRange': case 'datetimeRange': {
      const range = parseRange(value);
      return range ? `${timeText(range[0], field)} ~ ${timeText(range[1], field)}` : String(value);
    }
    case 'dictionary': {
      const option = findOption(context.dictionary, value);
      return option ? translate(option.label) : String(value);
    }
    case 'options': {
      const option = findOption(field.options, value);
      return option ? translate(option.label) : String(value);
    }
    case 'user': case 'users': case 'department': case 'departments': case 'reference':
      return relatedName(row, field.name);
    case 'attachments': case 'image':
      return translate('runtime.attachments.count', { count: splitJoined(value).length });
    case 'tags':
      return splitJoined(value).map((tag) => {
        const option = findOption(field.options, tag);
        return option ? translate(option.label) : tag;
      }).join(', ');
    case 'location': {
      const location = parseLocation(value);
      if (!location) return '';
      if (location.address) return location.address;
      return location.lng !== undefined && location.lat !== undefined ? `${location.lng}, ${location.lat}` : '';
    }
    case 'subTable':
      return translate('runtime.subTable.rows', { count: Array.isArray(value) ? value.length : 0 });
    case 'status': {
      const state = flowStateOf(context.flow, value);
      return state ? translate(state.label) : String(value);
    }
    default: {
      const unreachable: never = field.type;
      throw new Error(`fieldText: no rendering for field type ${String(unreachable)}`);
    }
  }
}
