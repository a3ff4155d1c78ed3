import { createHash } from 'node:crypto';
import type { EntityDef } from '../../runtime/core/schema';
import type { IndexSpec } from './tableSpecs';

/** PostgreSQL cuts identifiers at 63 bytes; names stay under it with room for the hash suffix. */
const MAX_INDEX_NAME = 60;

/**
 * The data scope that holds a large share of a table: a handful of units share every row, so a
 * unit's list may hold hundreds of thousands of rows, and sorting them is the costliest sort a
 * list runs. The other scopes (one creator, one owner, a department or a few) hold few rows each;
 * sorting a few rows costs little once the index finds them.
 */
const UNIT_SCOPE_COLUMN = 'unitId';

/** `ix_<table>_<columns>`; a name too long for the databases keeps its start and gains a hash of the whole. */
export function indexName(table: string, columns: string[]): string {
  const full = `ix_${table}_${columns.join('_')}`;
  if (full.length <= MAX_INDEX_NAME) return full;
  const hash = createHash('sha1').update(full).digest('hex').slice(0, 8);
  return `${full.slice(0, MAX_INDEX_NAME - hash.length - 1)}_${hash}`;
}

/**
 * The columns a list's rows are narrowed to by equality before they are sorted: the data-scope
 * conditions (server/entity/dataScope.ts: `unitId = ?`, `createDept IN (…)`, `createUser = ?`)
 * and the my list's owner field.
 */
export function scopeColumns(entity: EntityDef): string[] {
  const columns = new Set<string>();
  if (entity.personal) columns.add('createUser');
  else if (entity.dataScope) for (const column of [UNIT_SCOPE_COLUMN, 'createDept', 'createUser']) columns.add(column);
  if (entity.list.scopes.my) columns.add(entity.list.scopes.my.ownerField);
  return [...columns];
}

/** What a list is ordered by: the default sort first, then every sortable column (the key breaks ties in all). */
export function sortColumns(entity: EntityDef): string[] {
  const fields = new Set(entity.fields.map((f) => f.name));
  const sorts = [entity.list.defaultSort.prop, ...entity.list.columns.filter((c) => c.sortable).map((c) => c.prop)];
  return [...new Set(sorts)].filter((s) => fields.has(s));
}

/**
 * The indexes a list's page query walks in order, so it reads one page of rows instead of
 * sorting the whole scope (`ORDER BY sort, key LIMIT n OFFSET m`, server/entity/listRows.ts):
 * - (sort, key) for the default sort and every sortable column: the unscoped list (superuser,
 *   the `all` data scope) and pickers;
 * - (scope column, default sort, key) for every scope column: the first screen of every user;
 * - (unitId, sortable column, key) for every other sortable column: the broad unit scope.
 * A narrow scope sorted by a non-default column uses its own (scope, …) index to find its few
 * rows and sorts them. Not the full scope × sort product: every index costs every write.
 * The columns are in the list's order (`listOrder`), see syncTables.
 */
export function listIndexes(entity: EntityDef): IndexSpec[] {
  const { key } = entity;
  const sorts = sortColumns(entity);
  const defaultSort = sorts[0] ?? key;
  const scopes = scopeColumns(entity);
  const candidates: string[][] = [
    ...sorts.map((sort) => [sort, key]),
    ...scopes.map((scope) => [scope, defaultSort, key]),
    ...(scopes.includes(UNIT_SCOPE_COLUMN) ? sorts.slice(1).map((sort) => [UNIT_SCOPE_COLUMN, sort, key]) : []),
    // Explicit ones: access paths the derivation does not know (a filter commonly combined with a sort).
    ...(entity.indexes ?? []).map((index) => index.columns),
  ];
  const seen = new Set<string>();
  const out: IndexSpec[] = [];
  for (const candidate of candidates) {
    // Sorting by the key itself needs no second key column.
    const columns = candidate.filter((column, i) => candidate.indexOf(column) === i);
    if (columns.length === 1 && columns[0] === key) continue;
    const id = columns.join(',');
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ name: indexName(entity.table, columns), columns, unique: false, listOrder: true });
  }
  return out;
}
