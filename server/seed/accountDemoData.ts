import { systemEntity, type ServerContext } from '../context';
import { hashPassword } from '../auth/passwords';
import { nowText } from '../http/newId';
import { insertRow, type RowOwner } from './insertRow';
import { seedFlowHistory } from './seedFlowHistory';

/** The registrant role: enterprises of their own, nothing else (data scope: own rows). Its name is a language-pack key. */
export const REGISTRANT_ROLE = {
  code: 'registrant', name: 'role.registrant.name', dataScope: '1',
  grants: ['system:Enterprise:my', 'system:Enterprise:view', 'system:Enterprise:insert', 'system:Enterprise:update', 'system:Enterprise:delete', 'system:Enterprise:resubmit'],
};

/** [accountId, name, phone] of a registrant who signed up and was approved. */
export const DEMO_REGISTRANT: [string, string, string] = ['sunyue', '孙悦', '13800000012'];

/** Registrations still waiting for an administrator: [accountId, name, phone]. */
export const DEMO_PENDING_REGISTRATIONS: [string, string, string][] = [
  ['qianjin', '钱进', '13900000021'],
  ['hanxue', '韩雪', '13900000022'],
];

/** [name, credit code, legal person, contact, phone, address, audit status, opinion]. */
export const DEMO_ENTERPRISES: [string, string, string, string, string, string, string, string][] = [
  ['上海云帆信息技术有限公司', '91310115MA1K4LQX2B', '周云帆', '孙悦', '021-58880001', '上海市浦东新区祖冲之路 2288 号', 'pending', ''],
  ['杭州青禾农业科技有限公司', '91330106MA2H3TQ57C', '沈青禾', '孙悦', '0571-86660002', '杭州市西湖区文三路 90 号', 'approved', '材料齐全，同意'],
  ['苏州明德精密制造有限公司', '91320594MA1YB8PN4D', '陆明德', '孙悦', '0512-62220003', '苏州工业园区星湖街 328 号', 'rejected', '营业执照扫描件不清晰，请重新上传'],
];

/**
 * Demo data of the account area (called by seedDemoData on an empty database): the registrant
 * role, an approved registrant with three enterprises (pending, approved, rejected) and two
 * registrations waiting for approval.
 */
export async function seedAccountDemoData(ctx: ServerContext, org: { unitId: string; rootDeptId: string }): Promise<void> {
  const { db } = ctx.database;
  const owner: RowOwner = { userId: '', deptId: '', unitId: org.unitId };
  const buttons = await db.selectFrom(systemEntity(ctx, 'Menu').table).select(['menuId', 'permission']).where('menuType', '=', 'button').execute();
  const menuIds = buttons.filter((m) => REGISTRANT_ROLE.grants.includes(String(m.permission))).map((m) => String(m.menuId));
  const roleId = await insertRow(ctx, systemEntity(ctx, 'Role'), {
    roleCode: REGISTRANT_ROLE.code, roleName: REGISTRANT_ROLE.name, dataScope: REGISTRANT_ROLE.dataScope, menuIds: menuIds.join(','), status: 1, sort: 90,
  }, owner);

  const demoHash = await hashPassword(ctx.config.demoPassword);
  const [accountId, userName, phone] = DEMO_REGISTRANT;
  const userId = await insertRow(ctx, systemEntity(ctx, 'User'), {
    accountId, userName, deptId: org.rootDeptId, roleIds: roleId, sex: '2', phone, email: `${accountId}@example.com`, status: 1, language: 'zh-cn', sort: 90,
  }, { ...owner, deptId: org.rootDeptId });
  await db.insertInto('sys_credential').values({ userId, passwordHash: demoHash, updateTime: nowText() }).execute();

  const registrant: RowOwner = { userId, deptId: org.rootDeptId, unitId: org.unitId };
  const enterprise = ctx.registry.entities.get('Enterprise');
  if (enterprise) {
    for (const [name, creditCode, legalPerson, contactName, contactPhone, address, status, opinion] of DEMO_ENTERPRISES) {
      // No licence file: the seed leaves the attachment store empty (tests/api/attachments.test.ts relies on it).
      const id = await insertRow(ctx, enterprise, {
        enterpriseName: name, creditCode, legalPerson, contactName, contactPhone, address, auditStatus: status, remark: '',
      }, registrant);
      // The administrator's opinion is not a field of the record: the history is its only place.
      await seedFlowHistory(ctx, enterprise, id, { opinion: opinion || null });
    }
  }
  const registration = ctx.registry.entities.get('SysUserRegistration');
  if (registration) {
    for (const [account, name, mobile] of DEMO_PENDING_REGISTRATIONS) {
      const registrationId = await insertRow(ctx, registration, { accountId: account, userName: name, phone: mobile, email: `${account}@example.com` }, owner);
      await db.insertInto('sys_registration_credential').values({ registrationId, passwordHash: demoHash, createTime: nowText() }).execute();
    }
  }
}
