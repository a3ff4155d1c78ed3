import { buildServer } from '../../server/app';
import { readConfig } from '../../server/config';
import { newId, nowText } from '../../server/http/newId';

/**
 * Prepares a SQLite data folder with the demo organisation plus `count` HrContract rows spread
 * over every contract type, several owners and a range of dates.
 */
export async function seedContracts(dataDir: string, count: number): Promise<void> {
  const server = await buildServer({ ...readConfig({ DATA_DIR: dataDir }), staticDir: undefined });
  const { db } = server.ctx.database;
  const entity = server.ctx.registry.entities.get('HrContract')!;
  const users = await db.selectFrom('sys_user').select(['userId', 'deptId', 'unitId']).execute();
  const types = ['fixed', 'open', 'service', 'intern'];
  const now = nowText();
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + batch); i += 1) {
      const owner = users[i % users.length];
      const day = String(1 + (i % 28)).padStart(2, '0');
      const month = String(1 + (i % 12)).padStart(2, '0');
      rows.push({
        contractId: newId() + String(i), contractNo: `B-${i}`, userId: owner.userId, contractType: types[i % types.length],
        startDate: `20${10 + (i % 16)}-${month}-${day}`, endDate: `20${30 + (i % 9)}-${month}-${day}`, amount: 5000 + (i % 1000) * 10,
        renewFlag: i % 2, createUser: owner.userId, createDept: owner.deptId, unitId: owner.unitId, createTime: now, updateTime: now,
      });
    }
    await db.insertInto(entity.table).values(rows).execute();
  }
  await server.close();
}
