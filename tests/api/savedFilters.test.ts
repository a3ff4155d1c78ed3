import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, postEn } from './helpers';

const databases = await databasesUnderTest();

const LIST = '/get/system/getCommonFilterList';
const SAVE = '/set/system/saveCommonFilter';
const DELETE = '/set/system/deleteCommonFilter';

const renewals = { renewFlag: { value: 1, operator: 'eq' }, contractType: { value: ['open', 'fixed'], operator: 'eq' } };

describe.each(databases)('saved common filters on $name', (database) => {
  let s: TestServer;
  let hr: string;
  let lina: string;

  beforeAll(async () => {
    s = await startTestServer(database);
    [hr, lina] = await Promise.all([s.login('zhangwei'), s.login('lina')]);
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const titles = async (token: string, key = 'HrContract') => ((await s.get(token, LIST, { key })).body.data as { title: string }[]).map((f) => f.title);

  it('saves a filter per user and list, answers it with its id, and lists it', async () => {
    expect((await s.get(hr, LIST, { key: 'HrContract' })).body).toMatchObject({ code: 200, data: [] });
    const saved = await s.post(hr, SAVE, { key: 'HrContract', title: '  续签的合同  ', filterObj: JSON.stringify(renewals) });
    expect(saved.body.code, saved.body.message).toBe(200);
    expect(saved.body.data).toMatchObject({ id: expect.any(String), title: '续签的合同', filterObj: renewals });
    const list = await s.get(hr, LIST, { key: 'HrContract' });
    expect(list.body.data).toEqual([saved.body.data]);
    // A JSON body may carry the filter as an object.
    const json = await s.postJson(hr, SAVE, { key: 'HrContract', title: '金额大于一万', filterObj: { amount: { value: 10000, operator: 'gt' } } });
    expect(json.body.code, json.body.message).toBe(200);
    expect(await titles(hr)).toEqual(['续签的合同', '金额大于一万']);
    // Lists are separate.
    expect(await titles(hr, 'OfficeVehicleApply')).toEqual([]);
    const users = await demoUsers(s);
    const rows = await db().selectFrom('sys_common_filter').selectAll().where('userId', '=', users.zhangwei.userId).execute();
    expect(rows.map((r) => r.filterKey)).toEqual(['HrContract', 'HrContract']);
  });

  it('saves a filter the list call then applies', async () => {
    const saved = (await s.get(hr, LIST, { key: 'HrContract' })).body.data.find((f: { title: string }) => f.title === '续签的合同');
    const list = await s.get(hr, '/get/hr/getHrContractList', { filterObj: saved.filterObj, pageSize: 500 });
    expect(list.body.code, list.body.message).toBe(200);
    const expected = await db().selectFrom('hr_contract').select('contractId').where('renewFlag', '=', 1).where('contractType', 'in', ['open', 'fixed']).execute();
    expect(list.body.data.total).toBe(expected.length);
  });

  it('refuses a blank name with 名称不能为空', async () => {
    for (const title of ['', '   ', undefined]) {
      const res = await s.post(hr, SAVE, { key: 'HrContract', title, filterObj: JSON.stringify(renewals) });
      expect(res.status).toBe(200);
      expect(res.body, String(title)).toMatchObject({ code: 100, message: '名称不能为空' });
    }
    const en = await postEn(s, hr, SAVE, { key: 'HrContract', title: ' ', filterObj: JSON.stringify(renewals) });
    expect(en.body).toMatchObject({ code: 100, message: 'The name must not be empty' });
  });

  it('refuses a filter without a filled field with 无过滤项, dropping empty entries otherwise', async () => {
    const empties = [undefined, '', '{}', 'null', JSON.stringify({ contractNo: { value: '', operator: 'include' } }),
      JSON.stringify({ contractType: { value: [], operator: 'eq' }, startDate: { value: ['', ''], operator: 'include' } })];
    for (const filterObj of empties) {
      const res = await s.post(hr, SAVE, { key: 'HrContract', title: '空的', filterObj });
      expect(res.body, String(filterObj)).toMatchObject({ code: 100, message: '无过滤项' });
    }
    const mixed = await s.post(hr, SAVE, { key: 'HrContract', title: '只有编号', filterObj: JSON.stringify({ contractNo: { value: 'HT', operator: 'include' }, remark: { value: '', operator: 'include' } }) });
    expect(mixed.body.data.filterObj).toEqual({ contractNo: { value: 'HT', operator: 'include' } });
    expect(await titles(hr)).not.toContain('空的');
  });

  it('refuses malformed filters, unknown fields and operators, bad keys and over-long names with code 100', async () => {
    const refused = async (data: Record<string, unknown>) => {
      const res = await s.post(hr, SAVE, { key: 'HrContract', title: '坏的', ...data });
      expect(res.status, JSON.stringify(data)).toBe(200);
      expect(res.body.code, JSON.stringify(data)).toBe(100);
      return res.body.message as string;
    };
    expect(await refused({ filterObj: '{bad json' })).toBe('过滤条件格式不正确');
    expect(await refused({ filterObj: '[1,2]' })).toBe('过滤条件格式不正确');
    expect(await refused({ filterObj: JSON.stringify({ contractNo: 'HT' }) })).toBe('过滤条件格式不正确');
    await refused({ filterObj: JSON.stringify({ noSuchField: { value: 'x', operator: 'eq' } }) });
    await refused({ filterObj: JSON.stringify({ contractNo: { value: 'x', operator: 'drop table' } }) });
    expect(await refused({ title: '名'.repeat(51), filterObj: JSON.stringify(renewals) })).toBe('名称不能超过 50 个字符');
    for (const key of ['', '../etc', 'a b', 'x'.repeat(101)]) {
      expect(await refused({ key, filterObj: JSON.stringify(renewals) })).toBe('常用过滤所属列表不正确');
      expect((await s.get(hr, LIST, { key })).body.code).toBe(100);
    }
    expect(await titles(hr)).not.toContain('坏的');
  });

  it('replaces the filter when the same name is saved again', async () => {
    const first = await s.post(hr, SAVE, { key: 'HrContract', title: '重名', filterObj: JSON.stringify({ contractNo: { value: 'A', operator: 'include' } }) });
    const second = await s.post(hr, SAVE, { key: 'HrContract', title: '重名', filterObj: JSON.stringify({ contractNo: { value: 'B', operator: 'include' } }) });
    expect(second.body.data.id).toBe(first.body.data.id);
    const same = ((await s.get(hr, LIST, { key: 'HrContract' })).body.data as { title: string; filterObj: unknown }[]).filter((f) => f.title === '重名');
    expect(same).toEqual([expect.objectContaining({ filterObj: { contractNo: { value: 'B', operator: 'include' } } })]);
  });

  it('keeps each user\'s filters to that user: another never sees nor deletes them', async () => {
    const mine = await s.post(hr, SAVE, { key: 'HrContract', title: '张伟的过滤', filterObj: JSON.stringify(renewals) });
    expect(await titles(lina)).toEqual([]);
    const theirs = await s.post(lina, DELETE, { id: mine.body.data.id });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe(404);
    expect(await titles(hr)).toContain('张伟的过滤');
    // The same name is the other user's own filter.
    const hers = await s.post(lina, SAVE, { key: 'HrContract', title: '张伟的过滤', filterObj: JSON.stringify(renewals) });
    expect(hers.body.data.id).not.toBe(mine.body.data.id);
    expect(await titles(lina)).toEqual(['张伟的过滤']);
    expect((await s.get(undefined, LIST, { key: 'HrContract' })).status).toBe(401);
    expect((await s.post(undefined, SAVE, { key: 'HrContract', title: 'x', filterObj: JSON.stringify(renewals) })).status).toBe(401);
    expect((await s.post(undefined, DELETE, { id: mine.body.data.id })).status).toBe(401);
  });

  it('deletes the user\'s own filter once; a second delete or an unknown id is 404', async () => {
    const saved = await s.post(lina, SAVE, { key: 'HrContract', title: '用完即删', filterObj: JSON.stringify(renewals) });
    const deleted = await s.post(lina, DELETE, { id: saved.body.data.id });
    expect(deleted.body).toMatchObject({ code: 200, data: { deleted: 1 } });
    expect(await titles(lina)).not.toContain('用完即删');
    expect((await s.post(lina, DELETE, { id: saved.body.data.id })).status).toBe(404);
    expect((await s.post(lina, DELETE, { id: '' })).status).toBe(404);
    expect((await s.post(lina, DELETE, {})).status).toBe(404);
  });

  it('keeps at most 50 filters per user and list', async () => {
    const token = await s.login('wangfang');
    for (let i = 0; i < 50; i += 1) {
      const res = await s.post(token, SAVE, { key: 'Many', title: `过滤 ${i}`, filterObj: JSON.stringify({ a: { value: i, operator: 'eq' } }) });
      expect(res.body.code, res.body.message).toBe(200);
    }
    const over = await s.post(token, SAVE, { key: 'Many', title: '第五十一个', filterObj: JSON.stringify({ a: { value: 1, operator: 'eq' } }) });
    expect(over.body).toMatchObject({ code: 100, message: '每个列表最多保存 50 个常用过滤' });
    // Replacing one of them is still allowed.
    expect((await s.post(token, SAVE, { key: 'Many', title: '过滤 0', filterObj: JSON.stringify({ a: { value: 2, operator: 'eq' } }) })).body.code).toBe(200);
    expect((await s.get(token, LIST, { key: 'Many' })).body.data).toHaveLength(50);
  });
});
