import type { FieldDef, FilterType } from '../schema/types';

/**
 * The filter widget a field gets when the list does not configure one. Numeric fields get
 * 'text' (a typed-in number) and are compared numerically; see `Predicate`.
 */
export function filterTypeForField(field: FieldDef): FilterType {
  switch (field.type) {
    case 'string': case 'text': case 'richText': case 'time': case 'image':
    case 'integer': case 'number': case 'money':
    case 'location': case 'subTable':
      return 'text';
    case 'switch':
      return 'switch';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'dateRange':
      return 'daterange';
    case 'datetimeRange':
      return 'datetimerange';
    case 'dictionary': case 'options': case 'status':
    case 'user': case 'department':
      return 'select';
    case 'reference':
      return field.multiple ? 'tags' : 'select';
    case 'users': case 'departments': case 'tags': case 'attachments':
      return 'tags';
    default: {
      const unhandled: never = field.type;
      throw new Error(`filterTypeForField: field type "${String(unhandled)}" has no filter type`);
    }
  }
}
