import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers } from './helpers';
import { insertNewRow } from '../../server/entity/insertNewRow';

const databases = await databasesUnderTest();

describe.each(databases)('auto-coded contract numbers on $name', (database) => {
  let s: TestServer;
  let hr: string;
  let linaId: string;
  beforeAll(async () => {
    s = await startTestServer(database);
    hr = await s.login('zhangwei');
    linaId = (await demoUsers(s)).lina.userId;
  });
  afterAll(async () => { await s.stop(); });

  const year = String(new Date().getFullYear());
  const contract = (over: Record<string, unknown> = {}) => ({ userId: linaId, contractType: 'fixed', startDate: '2026-01-01', endDate: '2026-12-31', ...over });
  const numbers = async () => (await s.server.ctx.database.db.selectFrom('hr_contract').select('contractNo').execute())
    .map((r) => String(r.contractNo)).filter((n) => n.startsWith(`HT-${year}-`)).sort();

  it('numbered the demo contracts by the rule', async () => {
    expect(await numbers()).toEqual(Array.from({ length: 11 }, (_, i) => `HT-${year}-${String(i + 1).padStart(4, '0')}`));
  });

  it('gives concurrent inserts unique, consecutive numbers with no gap, and keeps a typed number', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.post(hr, '/set/hr/insertHrContract', contract())));
    expect(answers.map((a) => a.body.code)).toEqual(Array(20).fill(200));
    const all = await numbers();
    expect(all).toEqual(Array.from({ length: 31 }, (_, i) => `HT-${year}-${String(i + 1).padStart(4, '0')}`));
    const typed = await s.post(hr, '/set/hr/insertHrContract', contract({ contractNo: 'MANUAL-1' }));
    expect(typed.body.data.contractNo).toBe('MANUAL-1');
  });

  it('skips a number someone typed in, instead of failing on it', async () => {
    const next = `HT-${year}-0032`;
    expect((await s.post(hr, '/set/hr/insertHrContract', contract({ contractNo: next }))).body.code).toBe(200);
    const auto = await s.post(hr, '/set/hr/insertHrContract', contract());
    expect(auto.body.code).toBe(200);
    expect(auto.body.data.contractNo).toBe(`HT-${year}-0033`);
  });

  it('consumes no number when the insert\'s transaction rolls back', async () => {
    const { db } = s.server.ctx.database;
    const entity = s.server.ctx.registry.entities.get('HrContract')!;
    const owner = { userId: linaId, deptId: '', unitId: '' };
    await expect(db.transaction().execute(async (trx) => {
      await insertNewRow(s.server.ctx, trx, entity, contract(), owner);
      throw new Error('the rest of the work failed');
    })).rejects.toThrow('the rest of the work failed');
    const after = await s.post(hr, '/set/hr/insertHrContract', contract());
    expect(after.body.data.contractNo).toBe(`HT-${year}-0034`);
  });

  it('refuses an auto-code field pointing at an unknown rule with a clear message', async () => {
    await s.server.ctx.database.db.deleteFrom('sys_code_rule').execute();
    const res = await s.post(hr, '/set/hr/insertHrContract', contract());
    expect(res.body.code).toBe(100);
    expect(res.body.message).toContain('hrContractNo');
  });
});
