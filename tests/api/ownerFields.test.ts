import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, postEn, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/**
 * Owner fields (the `my` list's owner field, `$currentUser` defaults: an outing's 外出人, a
 * contract's 签订人) name the caller unless the caller may act for others — holds the entity's
 * manage-list permission with a data scope wider than their own rows (server/entity/ownerFields.ts).
 * The same rule on insert, update and import.
 */
describe.each(databases)('owner fields on $name', (database) => {
  let s: TestServer;
  let users: Record<string, DemoUser>;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    s = await startTestServer(database);
    for (const account of ['admin', 'lina', 'wangfang', 'zhangwei', 'zhaomin']) tokens[account] = await s.login(account);
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const outing = (over: Record<string, unknown> = {}) => ({
    destination: '上海市长宁区 客户B公司', reason: '合同谈判', transport: 'taxi',
    startTime: '2030-03-02 09:00:00', endTime: '2030-03-02 17:00:00', ...over,
  });
  const outingsTo = async (destination: string) => db().selectFrom('office_out').select(['outId', 'applicant', 'createUser'])
    .where('destination', '=', destination).execute();
  const onlySelf = '外出人：只能填写本人，您没有为他人登记的权限';

  describe('outings (OfficeOut)', () => {
    it('refuses a staff member registering an outing for someone else, and writes nothing', async () => {
      const res = await s.post(tokens.lina, '/set/office/insertOfficeOut', outing({ destination: '代人外出', applicant: users.liuyang.userId }));
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(100);
      expect(res.body.message).toContain(onlySelf);
      expect(res.body.data.errors).toEqual([{ field: 'applicant', message: onlySelf }]);
      expect(await outingsTo('代人外出')).toEqual([]);
      const english = await postEn(s, tokens.lina, '/set/office/insertOfficeOut', outing({ destination: '代人外出', applicant: users.liuyang.userId }));
      expect(english.body.code).toBe(100);
      expect(english.body.message).toContain('must be yourself: you may not enter records for other people');
    });

    it('lets the staff member register their own outing, named or left to the default', async () => {
      for (const [destination, applicant] of [['本人外出甲', users.lina.userId], ['本人外出乙', undefined]] as const) {
        const res = await s.post(tokens.lina, '/set/office/insertOfficeOut', outing({ destination, ...(applicant ? { applicant } : {}) }));
        expect(res.body.code, res.body.message).toBe(200);
        expect(res.body.data.applicant).toBe(users.lina.userId);
      }
    });

    it('refuses moving an own outing to someone else on update, and keeps a resent unchanged value', async () => {
      const [row] = await outingsTo('本人外出甲');
      const moved = await s.post(tokens.lina, '/set/office/updateOfficeOut', { id: row.outId, ...outing({ destination: '本人外出甲', applicant: users.liuyang.userId }) });
      expect(moved.body.code).toBe(100);
      expect(moved.body.message).toContain(onlySelf);
      expect((await outingsTo('本人外出甲'))[0].applicant).toBe(users.lina.userId);
      const resent = await s.post(tokens.lina, '/set/office/updateOfficeOut', { id: row.outId, ...outing({ destination: '本人外出甲', reason: '改了事由', applicant: users.lina.userId }) });
      expect(resent.body.code, resent.body.message).toBe(200);
    });

    it('lets the approver (the outing list, unit scope) and the superuser register outings for others', async () => {
      for (const [account, destination] of [['wangfang', '审批人代登记'], ['admin', '管理员代登记']] as const) {
        const res = await s.post(tokens[account], '/set/office/insertOfficeOut', outing({ destination, applicant: users.liuyang.userId }));
        expect(res.body.code, res.body.message).toBe(200);
        expect((await outingsTo(destination))[0]).toMatchObject({ applicant: users.liuyang.userId, createUser: users[account].userId });
      }
    });
  });

  describe('contracts (HrContract)', () => {
    const contract = (over: Record<string, unknown>) => ({ contractType: 'service', startDate: '2030-01-01', endDate: '2030-12-31', ...over });
    const contractsNumbered = async (contractNo: string) => db().selectFrom('hr_contract').select(['userId']).where('contractNo', '=', contractNo).execute();
    async function importContracts(token: string, rows: string[][]) {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('导入');
      sheet.addRow(['合同编号', '签订人', '合同类型', '开始日期', '结束日期']);
      for (const row of rows) sheet.addRow(row);
      return s.upload(token, '/set/hr/importHrContract', { name: '合同.xlsx', content: Buffer.from(await book.xlsx.writeBuffer()) });
    }

    it('lets HR staff enter and import contracts for other employees', async () => {
      const res = await s.post(tokens.zhangwei, '/set/hr/insertHrContract', contract({ contractNo: 'OF-0001', userId: users.lina.userId }));
      expect(res.body.code, res.body.message).toBe(200);
      const imported = await importContracts(tokens.zhangwei, [['OF-0002', 'liuyang', '劳务合同', '2030-01-01', '2030-12-31']]);
      expect(imported.body.code, JSON.stringify(imported.body.data)).toBe(200);
      expect((await contractsNumbered('OF-0002'))[0].userId).toBe(users.liuyang.userId);
    });

    it('refuses staff, who only have their own contracts list, before anything is written', async () => {
      const res = await s.post(tokens.lina, '/set/hr/insertHrContract', contract({ contractNo: 'OF-0003', userId: users.liuyang.userId }));
      expect(res.status).toBe(403);
      expect(await contractsNumbered('OF-0003')).toEqual([]);
    });

    it('narrows an HR member whose data role for contracts is "own rows" to their own contract, on insert and import', async () => {
      const granted = await s.post(tokens.admin, '/set/system/insertDataRole', {
        roleName: '只管本人合同', entityName: 'HrContract', dataScope: '1', userIds: [users.zhaomin.userId],
      });
      expect(granted.body.code, granted.body.message).toBe(200);
      const signer = '签订人：只能填写本人，您没有为他人登记的权限';
      const other = await s.post(tokens.zhaomin, '/set/hr/insertHrContract', contract({ contractNo: 'OF-0004', userId: users.lina.userId }));
      expect(other.body.code).toBe(100);
      expect(other.body.message).toContain(signer);
      expect(await contractsNumbered('OF-0004')).toEqual([]);
      const own = await s.post(tokens.zhaomin, '/set/hr/insertHrContract', contract({ contractNo: 'OF-0005', userId: users.zhaomin.userId }));
      expect(own.body.code, own.body.message).toBe(200);

      // One row for someone else refuses the whole file, with the row and the field named.
      const imported = await importContracts(tokens.zhaomin, [
        ['OF-0006', 'zhaomin', '劳务合同', '2030-01-01', '2030-12-31'],
        ['OF-0007', 'lina', '劳务合同', '2030-01-01', '2030-12-31'],
      ]);
      expect(imported.body.code).toBe(100);
      expect(imported.body.data.errors).toEqual([{ row: 3, field: 'userId', message: signer }]);
      expect(await contractsNumbered('OF-0006')).toEqual([]);

      // Moving her own contract to someone else is refused on update too.
      const [mine] = await db().selectFrom('hr_contract').select(['contractId']).where('contractNo', '=', 'OF-0005').execute();
      const moved = await s.post(tokens.zhaomin, '/set/hr/updateHrContract', { id: mine.contractId, ...contract({ contractNo: 'OF-0005', userId: users.lina.userId }) });
      expect(moved.body.code).toBe(100);
      expect((await contractsNumbered('OF-0005'))[0].userId).toBe(users.zhaomin.userId);
    });
  });
});
