import type { ServerContext } from '../context';
import { systemEntity } from '../context';
import { valuesToColumns } from '../entity/rowValues';

/**
 * People named in demo records besides their owner (list.scopes.my.participants), so the `my`
 * lists show what participants read: yanglei goes along on lina's customer visit, and rides
 * with zhoujie in the car lina asked for.
 */
export async function seedParticipantDemoData(ctx: ServerContext): Promise<void> {
  const { db } = ctx.database;
  const user = systemEntity(ctx, 'User');
  const ids = new Map((await db.selectFrom(user.table).select(['userId', 'accountId']).execute()).map((u) => [String(u.accountId), String(u.userId)]));
  const [lina, yanglei, zhoujie] = ['lina', 'yanglei', 'zhoujie'].map((account) => ids.get(account));
  if (!lina || !yanglei || !zhoujie) return;
  const outing = ctx.registry.entities.get('OfficeOut');
  if (outing?.fields.some((f) => f.name === 'companions')) {
    await db.updateTable(outing.table).set(valuesToColumns(outing, { companions: yanglei }))
      .where('applicant', '=', lina).where('destination', 'like', '%客户A公司%').execute();
  }
  const vehicle = ctx.registry.entities.get('OfficeVehicleApply');
  if (vehicle?.fields.some((f) => f.name === 'riders')) {
    await db.updateTable(vehicle.table).set(valuesToColumns(vehicle, {
      riders: [{ rider: yanglei, boardingPoint: '公司正门' }, { rider: zhoujie, boardingPoint: '地铁漕河泾开发区站' }],
    })).where('createUser', '=', lina).where('title', '=', '客户现场需求调研').execute();
  }
}
