import { systemEntity, type ServerContext } from '../context';
import { hashPassword } from '../auth/passwords';
import { nowText } from '../http/newId';
import { insertRow, type RowOwner } from './insertRow';
import { grantableMenuIds } from './syncModuleRoles';
import { seedAccountDemoData } from './accountDemoData';
import { seedSystemDemoData } from './systemDemoData';
import { seedDeskDemoData } from './deskDemoData';
import { seedParticipantDemoData } from './participantDemoData';
import { seedMissingFlowHistories } from './seedFlowHistory';
import { seedModuleDemoData } from '../modules';
import { rebuildSearchIndex } from '../search/indexRecords';
import { DEMO_CODE_RULE, DEMO_DEPTS, DEMO_DICTIONARIES, DEMO_ROLES, DEMO_UNIT, DEMO_USERS, dictionaryItemKey, dictionaryLabelKey, roleNameKey } from './demoOrganisation';

/** Matches `hr:HrContract:*` against `hr:HrContract:insert`. */
function grantMatches(grant: string, permission: string): boolean {
  return grant.endsWith(':*') ? permission.startsWith(grant.slice(0, -1)) : grant === permission;
}

/**
 * Fills an empty database (no users yet) with the demo organisation; a database that has users
 * is never touched. The admin password comes from ADMIN_PASSWORD, the others from DEMO_PASSWORD.
 */
export async function seedDemoData(ctx: ServerContext): Promise<boolean> {
  const { db } = ctx.database;
  const userEntity = systemEntity(ctx, 'User');
  const anyUser = await db.selectFrom(userEntity.table).select('userId').limit(1).executeTakeFirst();
  if (anyUser) return false;

  const system: RowOwner = { userId: '', deptId: '', unitId: '' };
  const unitId = await insertRow(ctx, systemEntity(ctx, 'Unit'), DEMO_UNIT, system);
  const owner: RowOwner = { ...system, unitId };

  const deptIds = new Map<string, string>();
  for (const [index, [key, name, parent]] of DEMO_DEPTS.entries()) {
    deptIds.set(key, await insertRow(ctx, systemEntity(ctx, 'Dept'), { deptName: name, parentId: parent ? deptIds.get(parent) : null, sort: index }, owner));
  }

  const menus = [...(await grantableMenuIds(ctx)).entries()];
  const roleEntity = systemEntity(ctx, 'Role');
  for (const [index, role] of DEMO_ROLES.entries()) {
    const menuIds = menus.filter(([grant]) => role.grants.some((g) => grantMatches(g, grant))).map(([, menuId]) => menuId);
    await insertRow(ctx, roleEntity, {
      roleCode: role.code, roleName: roleNameKey(role.code), dataScope: role.dataScope, menuIds: menuIds.join(','), status: 1, sort: index,
    }, owner);
  }
  // The demo roles and those the modules declared (made before the seed, at every start).
  const roleIds = new Map((await db.selectFrom(roleEntity.table).select(['roleId', 'roleCode']).execute())
    .map((r) => [String(r.roleCode), String(r.roleId)]));

  const adminHash = await hashPassword(ctx.config.adminPassword);
  const demoHash = await hashPassword(ctx.config.demoPassword);
  const userIds = new Map<string, string>();
  for (const [index, [accountId, userName, dept, roles, sex, phone]] of DEMO_USERS.entries()) {
    const userId = await insertRow(ctx, userEntity, {
      accountId, userName, deptId: deptIds.get(dept), roleIds: roles.map((r) => roleIds.get(r)).filter(Boolean).join(','),
      sex, phone, email: `${accountId}@example.com`, status: 1, language: 'zh-cn', sort: index,
    }, { ...owner, deptId: deptIds.get(dept) ?? '' });
    userIds.set(accountId, userId);
    await db.insertInto('sys_credential').values({ userId, passwordHash: accountId === 'admin' ? adminHash : demoHash, updateTime: nowText() }).execute();
  }

  const dic = systemEntity(ctx, 'Dic');
  for (const [index, group] of DEMO_DICTIONARIES.entries()) {
    const parentId = await insertRow(ctx, dic, { code: group.code, label: dictionaryLabelKey(group.code), sort: index, status: 1 }, owner);
    for (const [i, [value, tagType]] of group.items.entries()) {
      await insertRow(ctx, dic, { parentId, label: dictionaryItemKey(group.code, value), value, tagType, sort: i, status: 1 }, owner);
    }
  }

  const as = (account: string, dept: string): RowOwner => ({ userId: userIds.get(account) ?? '', deptId: deptIds.get(dept) ?? '', unitId });
  await insertRow(ctx, systemEntity(ctx, 'CodeRule'), DEMO_CODE_RULE, owner);
  // The modules' own rows (server/modules/<module>): contracts, vehicle requests, meetings.
  await seedModuleDemoData(ctx, { unitId, userIds, deptIds, as });
  await seedSystemDemoData(ctx, owner);
  await seedAccountDemoData(ctx, { unitId, rootDeptId: deptIds.get('root') ?? '' });
  await seedDeskDemoData(ctx, owner);
  await seedParticipantDemoData(ctx);
  // Last: every seeded request of a flow that its seeder left without a history gets the one its flow would have written.
  await seedMissingFlowHistories(ctx);
  // The full-text index of everything seeded: the first search of a new database answers from a complete one.
  await rebuildSearchIndex(ctx);
  return true;
}
