import { describe, expect, it } from 'vitest';
import { CompiledQuery, DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { StatementWatch, watchStatements, writtenTables } from '../../../server/db/statementWatch';

// Statements compiled, never run: a driver that answers nothing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = new Kysely<any>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const tables = (query: CompiledQuery) => writtenTables(query).map((w) => `${w.kind} ${w.table}`);

/**
 * The principal cache trusts these answers to learn that a table changed: a write read as a read
 * would leave a signed-in user's old permissions in force.
 */
describe('writtenTables', () => {
  it('reads built statements: selects write nothing, writes name their table', () => {
    expect(tables(db.selectFrom('sys_role').selectAll().where('roleId', '=', 'r').compile())).toEqual([]);
    expect(tables(db.insertInto('sys_session').values({ tokenHash: 'h' }).compile())).toEqual(['insert sys_session']);
    expect(tables(db.updateTable('sys_user as u').set({ status: 0 }).compile())).toEqual(['update sys_user']);
    expect(tables(db.deleteFrom('sys_session').where('userId', '=', 'u').compile())).toEqual(['delete sys_session']);
    expect(tables(db.withSchema('t_x').updateTable('sys_menu').set({ permission: 'p' }).compile())).toEqual(['update sys_menu']);
  });

  it('reads raw statements by their text, reporting every target and never a read', () => {
    const raw = (text: string) => tables(CompiledQuery.raw(text));
    expect(raw('with recursive sub("deptId") as (select "deptId" from "sys_dept" where "deptId" = $1) select "deptId" from sub')).toEqual([]);
    expect(raw('select * from "sys_role" for update')).toEqual([]);
    expect(raw('insert into "sys_user" ("userId") values ($1) on conflict ("userId") do update set "status" = 1')).toContain('raw sys_user');
    expect(raw('with moved as (select 1) update "sys_dept" set "parentId" = $1')).toEqual(['raw sys_dept']);
    expect(raw('DELETE FROM t_abc."sys_data_role" WHERE 1 = 1')).toEqual(['raw sys_data_role']);
    expect(raw('insert or replace into sys_role (roleId) values (1)')).toEqual(['raw sys_role']);
    expect(raw('truncate table "sys_menu"')).toEqual(['raw sys_menu']);
    expect(tables(sql`update ${sql.table('sys_unit')} set "unitName" = ${'x'}`.compile(db))).toEqual(['raw sys_unit']);
  });
});

describe('watchStatements', () => {
  it('reports a transaction\'s writes once it commits, and none when it rolls back', async () => {
    const watch = new StatementWatch();
    const seen: string[][] = [];
    watch.onWrite((writes) => seen.push(writes.map((w) => w.table)));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const watched = new Kysely<any>({
      dialect: watchStatements({
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (k) => new PostgresIntrospector(k),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      }, watch),
    });
    await watched.updateTable('sys_user').set({ status: 0 }).execute();
    expect(seen).toEqual([['sys_user']]);
    await watched.transaction().execute(async (trx) => {
      await trx.deleteFrom('sys_session').execute();
      await trx.updateTable('sys_role').set({ status: 0 }).execute();
      expect(seen).toHaveLength(1);
    });
    expect(seen).toEqual([['sys_user'], ['sys_session', 'sys_role']]);
    await expect(watched.transaction().execute(async (trx) => {
      await trx.deleteFrom('sys_menu').execute();
      throw new Error('refused');
    })).rejects.toThrow('refused');
    expect(seen).toHaveLength(2);
    await watched.destroy();
  });
});
