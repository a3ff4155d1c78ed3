import { ROW_VERSION, type EntityDef, type FieldType } from '../../runtime/core/schema';
import { listIndexes } from './listIndexes';
import { participantColumns, type ParticipantColumn } from './participantIndexes';
import { participantRefs } from '../../runtime/core/schema';

export type ColumnType = 'text' | 'integer' | 'double';

export interface ColumnSpec {
  name: string;
  type: ColumnType;
  /** NOT NULL with this default: rows inserted by any path (and rows older than the column) get it. */
  notNullDefault?: number;
}
export interface IndexSpec {
  name: string; columns: string[]; unique: boolean;
  /** Built in the list's order (empty values first ascending), so the list's ORDER BY walks it both ways: server/db/listIndexes.ts. */
  listOrder?: boolean;
}
export interface TableSpec {
  table: string; key: string; columns: ColumnSpec[]; indexes: IndexSpec[];
  /** Text fields a list keyword searches: they get a keyword index (server/db/keywordIndex.ts). */
  keywordFields?: string[];
  /** Users and sub-table columns naming participants: PostgreSQL indexes them (server/db/participantIndexes.ts). */
  participantColumns?: ParticipantColumn[];
}

/** How each field type is stored; JSON-valued types live in text columns. */
export function columnTypeFor(type: FieldType): ColumnType {
  switch (type) {
    case 'integer': case 'switch':
      return 'integer';
    case 'number': case 'money':
      return 'double';
    case 'string': case 'text': case 'richText': case 'date': case 'datetime': case 'time':
    case 'dateRange': case 'datetimeRange': case 'dictionary': case 'options': case 'user': case 'users':
    case 'department': case 'departments': case 'reference': case 'attachments': case 'image': case 'tags':
    case 'location': case 'subTable': case 'status':
      return 'text';
    default: {
      const unreachable: never = type;
      throw new Error(`no column type for ${String(unreachable)}`);
    }
  }
}

/** Field types whose value is JSON in the column (arrays and objects). */
export function isJsonStored(type: FieldType): boolean {
  return type === 'dateRange' || type === 'datetimeRange' || type === 'location' || type === 'subTable';
}

export function tableSpecForEntity(entity: EntityDef): TableSpec {
  const columns: ColumnSpec[] = entity.fields.map((f) => ({
    name: f.name, type: columnTypeFor(f.type), ...(f.name === ROW_VERSION ? { notNullDefault: 0 } : {}),
  }));
  const indexed = new Set<string>();
  const indexes: IndexSpec[] = [];
  const forLists = listIndexes(entity);
  // A column that leads a list index needs no index of its own: the list index serves its
  // lookups and ranges, and every extra index costs every write. (On PostgreSQL it serves the
  // list's null order: a read ordering by that column walks it with orderSql.)
  const ledByListIndex = new Set(forLists.map((index) => index.columns[0]));
  const add = (column: string, unique = false) => {
    if (column === entity.key || indexed.has(column) || (!unique && ledByListIndex.has(column))) return;
    indexed.add(column);
    indexes.push({ name: `${unique ? 'ux' : 'ix'}_${entity.table}_${column}`.slice(0, 60), columns: [column], unique });
  };
  for (const field of entity.fields) {
    if (field.unique) add(field.name, true);
    else if (field.indexed) add(field.name);
  }
  if (entity.parentField) add(entity.parentField);
  if (entity.flow) add(entity.flow.field);
  add(entity.list.defaultSort.prop);
  if (entity.list.scopes.my) add(entity.list.scopes.my.ownerField);
  // A participant's own column is the other side of the my list's "owner or participant".
  for (const { field, cell } of participantRefs(entity)) if (!cell && field.type === 'user') add(field.name);
  indexes.push(...forLists);
  const keywordFields = entity.list.keywordFields.filter((f) => columns.some((c) => c.name === f && c.type === 'text'));
  return { table: entity.table, key: entity.key, columns, indexes, keywordFields, participantColumns: participantColumns(entity) };
}
