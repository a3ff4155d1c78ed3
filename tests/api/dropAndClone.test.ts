import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { translatedText } from '../../server/entity/translatedText';

const databases = await databasesUnderTest();

describe.each(databases)('drag sort and role cloning on $name', (database) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer(database);
    admin = await s.login('admin');
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  // Seeded labels are keys (dic.hrContractType.item.fixed): the rows are found and compared by their Chinese text.
  const zh = (label: unknown) => translatedText(s.server.ctx.i18n, 'zh-cn', String(label));
  const dicId = async (text: string) => String((await db().selectFrom('sys_dic').select(['dicId', 'label']).execute()).find((r) => zh(r.label) === text)!.dicId);
  const childrenOf = async (parentLabel: string) => (await db().selectFrom('sys_dic').select(['label', 'sort'])
    .where('parentId', '=', await dicId(parentLabel)).orderBy('sort').execute()).map((r) => zh(r.label));

  it('moves a dictionary item before or after a sibling and renumbers the siblings (dropDic)', async () => {
    expect(await childrenOf('合同类型')).toEqual(['固定期限劳动合同', '无固定期限劳动合同', '劳务合同', '实习协议']);
    const moved = await s.post(admin, '/set/system/dropDic', { id: await dicId('实习协议'), targetId: await dicId('固定期限劳动合同'), position: 'before' });
    expect(moved.body.code, moved.body.message).toBe(200);
    expect(await childrenOf('合同类型')).toEqual(['实习协议', '固定期限劳动合同', '无固定期限劳动合同', '劳务合同']);
    await s.post(admin, '/set/system/dropDic', { id: await dicId('实习协议'), targetId: await dicId('劳务合同'), position: 'after' });
    expect(await childrenOf('合同类型')).toEqual(['固定期限劳动合同', '无固定期限劳动合同', '劳务合同', '实习协议']);
    const sorts = (await db().selectFrom('sys_dic').select('sort').where('parentId', '=', await dicId('合同类型')).orderBy('sort').execute()).map((r) => Number(r.sort));
    expect(sorts).toEqual([0, 1, 2, 3]);
    // The options of the dictionary follow the new order.
    const options = await s.get(admin, '/get/system/getDicByCode', { code: 'hrContractType' });
    expect((options.body.data as { label: string }[]).map((o) => o.label)).toEqual(['固定期限劳动合同', '无固定期限劳动合同', '劳务合同', '实习协议']);
  });

  it('moves a node into another branch, and refuses moving it into its own branch', async () => {
    const intern = await dicId('实习协议');
    const sedan = await dicId('轿车');
    expect((await s.post(admin, '/set/system/dropDic', { id: intern, targetId: await dicId('车辆类型'), position: 'inner' })).body.code).toBe(200);
    expect(await childrenOf('车辆类型')).toContain('实习协议');
    expect(await childrenOf('合同类型')).not.toContain('实习协议');
    const own = await s.post(admin, '/set/system/dropDic', { id: await dicId('车辆类型'), targetId: sedan, position: 'inner' });
    expect(own.body.code).toBe(100);
    expect(own.body.message).toBe('不能把节点移到它自己的下级中');
    expect((await s.post(admin, '/set/system/dropDic', { id: intern, targetId: sedan, position: 'sideways' })).body.code).toBe(100);
    expect((await s.post(await s.login('lina'), '/set/system/dropDic', { id: intern, targetId: sedan, position: 'before' })).status).toBe(403);
  });

  it('clones a role with its menus, buttons and data scope under a new code', async () => {
    const hr = await db().selectFrom('sys_role').selectAll().where('roleCode', '=', 'hr').executeTakeFirstOrThrow();
    const res = await s.post(admin, '/set/system/cloneRole', { id: String(hr.roleId), roleCode: 'hr2', roleName: '人事专员（分公司）' });
    expect(res.body.code, res.body.message).toBe(200);
    const copy = await db().selectFrom('sys_role').selectAll().where('roleCode', '=', 'hr2').executeTakeFirstOrThrow();
    expect(copy).toMatchObject({ roleName: '人事专员（分公司）', menuIds: hr.menuIds, dataScope: hr.dataScope });
    expect(copy.roleId).not.toBe(hr.roleId);
    expect((await s.post(admin, '/set/system/cloneRole', { id: String(hr.roleId), roleCode: 'hr2', roleName: 'x' })).body.code).toBe(100);
    expect((await s.post(admin, '/set/system/cloneRole', { id: 'nope', roleCode: 'hr3', roleName: 'x' })).status).toBe(404);
  });

  it('holds a cloned role\'s permissions for the security administrator when the review is on', async () => {
    const reviewed = await startTestServer(database, { SECURITY_REVIEW: '1' });
    try {
      const token = await reviewed.login('admin');
      const hr = await reviewed.server.ctx.database.db.selectFrom('sys_role').selectAll().where('roleCode', '=', 'hr').executeTakeFirstOrThrow();
      const res = await reviewed.post(token, '/set/system/cloneRole', { id: String(hr.roleId), roleCode: 'hr9', roleName: '待审批的副本' });
      expect(res.body.data.$pendingSecurityEvent).toBeTruthy();
      const copy = await reviewed.server.ctx.database.db.selectFrom('sys_role').selectAll().where('roleCode', '=', 'hr9').executeTakeFirstOrThrow();
      expect(copy.menuIds ?? null).toBeNull();
    } finally {
      await reviewed.stop();
    }
  });
});
