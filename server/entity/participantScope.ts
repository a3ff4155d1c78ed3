import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { namesParticipant, participantRefs, type EntityDef, type ParticipantRef } from '../../runtime/core/schema';
import type { DialectName } from '../db/connect';
import { PG_JSONB_OR_NULL } from '../db/participantIndexes';
import type { RowScope } from './dataScope';

/**
 * One participant in SQL, written as server/db/participantIndexes.ts indexes it on PostgreSQL.
 * Columns are qualified by the table: the sub-table test reads a json_each row beside it.
 * (Also a module's own reading rule naming people in a field: info's notice recipients.)
 */
export function participantSql(dialect: DialectName, table: string, { field, cell }: ParticipantRef, userId: string): Expression<SqlBool> {
  const column = sql.ref(`${table}.${field.name}`);
  if (!cell) {
    if (field.type === 'user') return sql<SqlBool>`${column} = ${userId}`;
    return dialect === 'postgres'
      ? sql<SqlBool>`string_to_array(${column}, ',') @> ARRAY[${userId}]::text[]`
      : sql<SqlBool>`instr(',' || ${column} || ',', ${`,${userId},`}) > 0`;
  }
  if (dialect === 'postgres') {
    return sql<SqlBool>`${sql.raw(PG_JSONB_OR_NULL)}(${column}) @> ${JSON.stringify([{ [cell.name]: userId }])}::jsonb`;
  }
  // json_each refuses malformed JSON; such a cell names nobody (as it reads as no rows).
  return sql<SqlBool>`exists (select 1 from json_each(case when json_valid(${column}) then ${column} end) as pt
    where json_extract(pt.value, ${`$.${cell.name}`}) = ${userId})`;
}

/**
 * The `my` scope: rows whose owner field is the user, or that name the user as a participant.
 * Only reads use it (my list, by id, files); writes go through the manage scope.
 */
export function myRowScope(dialect: DialectName, entity: EntityDef, userId: string): RowScope {
  const owner = entity.list.scopes.my?.ownerField ?? 'createUser';
  const refs = participantRefs(entity);
  if (refs.length === 0) {
    return { condition: (eb) => eb(owner, '=', userId), allows: (row) => row[owner] === userId };
  }
  return {
    condition: (eb: ExpressionBuilder<any, any>) => eb.or([
      eb(owner, '=', userId),
      ...refs.map((ref) => participantSql(dialect, entity.table, ref, userId)),
    ]),
    allows: (row) => row[owner] === userId || namesParticipant(refs, row, userId),
  };
}
