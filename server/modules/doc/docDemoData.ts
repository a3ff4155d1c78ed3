import { systemEntity, type ServerContext } from '../../context';
import { insertRow } from '../../seed/insertRow';
import { splitIds } from '../../entity/rowValues';
import { dictionaryItemKey, dictionaryLabelKey } from '../../seed/demoOrganisation';
import { addDays } from '../../seed/demoDays';
import { nowText } from '../../http/newId';
import type { DemoOrganisation } from '../ServerModule';
import { DOC_RECEIVE_RULE, DOC_SEND_RULE, ensureCodeRule } from './codeRules';
import { numberDocument } from './docNumber';
import { actOnInstance, startInstance, type Actor } from '../bpm/runAction';
import { distributeDocument } from './distribute';
import { fillRedHeader } from './redHeader';
import { storeGeneratedFile } from './docFiles';
import { demoBody, demoTemplates } from './demoFiles';

const DICTIONARIES: { code: string; items: [string, string][] }[] = [
  { code: 'docType', items: [['notice', 'processing'], ['request', 'warning'], ['report', 'success'], ['letter', 'default'], ['minutes', 'default'], ['decision', 'error']] },
  { code: 'docUrgency', items: [['normal', 'default'], ['urgent', 'warning'], ['extraUrgent', 'error']] },
  { code: 'docSecret', items: [['public', 'success'], ['internal', 'processing'], ['secret', 'error']] },
];

/** Role buttons by permission prefix, added to a role that already exists (the seed's staff role). */
async function grantButtons(ctx: ServerContext, roleCode: string, permissions: string[]): Promise<void> {
  const db = ctx.database.db;
  const role = systemEntity(ctx, 'Role');
  const row = await db.selectFrom(role.table).select(['roleId', 'menuIds']).where('roleCode', '=', roleCode).executeTakeFirst();
  if (!row) return;
  const buttons = await db.selectFrom(systemEntity(ctx, 'Menu').table).select('menuId').where('menuType', '=', 'button').where('permission', 'in', permissions).execute();
  const menuIds = [...new Set([...splitIds(row.menuIds), ...buttons.map((b) => String(b.menuId))])];
  await db.updateTable(role.table).set({ menuIds: menuIds.join(',') }).where('roleId', '=', row.roleId).execute();
}

/**
 * 公文 demo: the document type, urgency and security dictionaries, the two numbering rules, 吴婷
 * (总经理办公室) as the 文书 (docClerk), staff reading the 收文 sent to them, two red-header
 * templates, and documents in every state — a draft, a signed and red-headed notice, one
 * distributed to the development groups with some receipts read, and two outside 收文.
 */
export async function seedDocDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const db = ctx.database.db;
  const send = ctx.registry.entities.get('DocSend');
  if (!send) return;
  const dic = systemEntity(ctx, 'Dic');
  const system = { userId: '', deptId: '', unitId: demo.unitId };
  for (const [index, group] of DICTIONARIES.entries()) {
    const parentId = await insertRow(ctx, dic, { code: group.code, label: dictionaryLabelKey(group.code), sort: 20 + index, status: 1 }, system);
    for (const [i, [value, tagType]] of group.items.entries()) {
      await insertRow(ctx, dic, { parentId, label: dictionaryItemKey(group.code, value), value, tagType, sort: i, status: 1 }, system);
    }
  }
  await ensureCodeRule(ctx, db, DOC_SEND_RULE, demo.unitId);
  await ensureCodeRule(ctx, db, DOC_RECEIVE_RULE, demo.unitId);

  // 吴婷 keeps the office's documents; every member of staff reads what is sent to them.
  const users = systemEntity(ctx, 'User');
  const roles = systemEntity(ctx, 'Role');
  const clerkRole = await db.selectFrom(roles.table).select('roleId').where('roleCode', '=', 'docClerk').executeTakeFirst();
  const clerkId = demo.userIds.get('wuting') ?? '';
  const clerk = await db.selectFrom(users.table).select('roleIds').where(users.key, '=', clerkId).executeTakeFirst();
  if (clerkRole && clerk) {
    await db.updateTable(users.table).set({ roleIds: [...splitIds(clerk.roleIds), String(clerkRole.roleId)].join(',') }).where(users.key, '=', clerkId).execute();
  }
  // The my list alone: it reads the 收文 whose readers or handler they are (participants), by id too.
  await grantButtons(ctx, 'staff', ['doc:DocReceive:my']);

  const as = demo.as('wuting', 'office');
  const dept = (key: string) => demo.deptIds.get(key) ?? '';
  const user = (account: string) => demo.userIds.get(account) ?? '';
  const clerkActor: Actor = { userId: clerkId, userName: '吴婷', deptId: dept('office'), unitId: demo.unitId };
  const file = (name: string, bytes: Buffer) => storeGeneratedFile(ctx, db, as, name, bytes);

  const templateEntity = ctx.registry.entities.get('DocTemplate')!;
  const templateIds: string[] = [];
  for (const template of demoTemplates()) {
    const sealImage = template.seal ? await storeGeneratedFile(ctx, db, as, '集团公章.png', template.seal, { extName: 'png', contentType: 'image/png' }) : null;
    templateIds.push(await insertRow(ctx, templateEntity, {
      templateName: template.name, docType: template.docType, templateFile: await file(`${template.name}.docx`, template.bytes), sealImage, enabled: 1, remark: template.remark,
    }, as));
  }

  const common = { docWord: '华智发', issuingAuthority: '华东智联科技集团有限公司', issuingDept: dept('office'), drafter: clerkId, urgency: 'normal', secretLevel: 'internal' };
  await insertRow(ctx, send, {
    ...common, title: '关于开展2026年度安全生产大检查的通知', docType: 'notice', urgency: 'urgent',
    mainDepts: [dept('tech'), dept('admin')].join(','), copyDepts: dept('hr'), templateId: templateIds[0],
    bodyFile: await file('安全生产大检查通知（正文）.docx', demoBody(['为切实做好年度安全生产工作，经研究，决定于12月上旬在集团范围内开展安全生产大检查。', '各部门要高度重视，对照检查清单逐项自查，并于12月10日前将自查报告报送行政部。'])),
  }, as);
  // One waiting at the department head's review (核稿).
  const reviewing = await insertRow(ctx, send, {
    ...common, title: '关于召开2027年度工作会议的通知', docType: 'notice', mainDepts: [dept('hr'), dept('tech'), dept('finance')].join(','), templateId: templateIds[0],
    bodyFile: await file('年度工作会议通知（正文）.docx', demoBody(['集团定于2027年1月8日召开年度工作会议，请各部门负责人准时参加。'])),
  }, as);
  await submit('DocSend', 'docSend', reviewing, '关于召开2027年度工作会议的通知');

  const signed = await insertRow(ctx, send, {
    ...common, title: '关于调整总部办公区域的通知', docType: 'notice', mainDepts: [dept('admin'), dept('finance')].join(','),
    templateId: templateIds[0],
    bodyFile: await file('调整办公区域通知（正文）.docx', demoBody(['因业务发展需要，财务部自下周起迁至总部大楼五层办公。', '请行政部做好搬迁协调工作。'])),
  }, as);
  await signThroughProcess('DocSend', 'docSend', signed, '关于调整总部办公区域的通知', { signer: clerkId, signDate: addDays(-1) });
  await numberAndFill(signed);

  const distributed = await insertRow(ctx, send, {
    ...common, title: '关于印发《员工考勤管理办法》的通知', docType: 'notice', secretLevel: 'public',
    mainDepts: [dept('frontend'), dept('backend')].join(','), copyDepts: dept('hr'), templateId: templateIds[0],

    bodyFile: await file('员工考勤管理办法（正文）.docx', demoBody(['现将《员工考勤管理办法》印发给你们，请认真遵照执行。', '本办法自2026年12月1日起施行。'])),
  }, as);
  await signThroughProcess('DocSend', 'docSend', distributed, '关于印发《员工考勤管理办法》的通知', { signer: clerkId, signDate: addDays(-3) });
  await numberAndFill(distributed);
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom(send.table).selectAll().where(send.key, '=', distributed).executeTakeFirstOrThrow();
    await distributeDocument(ctx, trx, row, as);
    await trx.updateTable(send.table).set({ status: 'distributed' }).where(send.key, '=', distributed).execute();
  });
  // Two of the readers have opened it already.
  const receipts = ctx.registry.entities.get('DocReadReceipt')!;
  await db.updateTable(receipts.table).set({ readFlag: 1, readTime: nowText() }).where('sendId', '=', distributed)
    .where('userId', 'in', [user('liuyang'), user('zhangwei')]).execute();

  const receive = ctx.registry.entities.get('DocReceive')!;
  await insertRow(ctx, receive, {
    title: '关于做好2026年度企业数字化转型项目申报工作的通知', sourceUnit: '上海市经济和信息化委员会', sourceDocNo: '沪经信技〔2026〕318号',
    receiveDate: addDays(-2).slice(0, 10), receiveDept: dept('office'), docType: 'notice', urgency: 'urgent', secretLevel: 'public',
    bodyFile: await file('数字化转型项目申报通知.docx', demoBody(['各有关企业：', '为加快推进本市企业数字化转型，现将2026年度项目申报工作有关事项通知如下。'])),
  }, as);
  const letter = await insertRow(ctx, receive, {
    title: '关于商请协助开展软件著作权登记培训的函', sourceUnit: '浦东新区科技和经济委员会', sourceDocNo: '浦科经函〔2026〕45号',
    receiveDate: addDays(-6).slice(0, 10), receiveDept: dept('office'), docType: 'letter',
    bodyFile: await file('软件著作权登记培训函.docx', demoBody(['贵公司：', '我委拟于近期举办软件著作权登记实务培训，商请贵公司派员参加并分享经验。'])),
  }, as);
  // 拟办 named 杨磊 as the handler; the leader's instruction is pending.
  const letterRun = await submit('DocReceive', 'docReceive', letter, '关于商请协助开展软件著作权登记培训的函');
  await decide(letterRun, { handler: user('yanglei') });

  async function submit(entityName: string, processKey: string, id: string, title: string): Promise<string> {
    const process = await db.selectFrom(ctx.registry.entities.get('BpmProcess')!.table).select(['processName', 'currentVersion'])
      .where('processKey', '=', processKey).executeTakeFirstOrThrow();
    const started = await startInstance(ctx, clerkActor, {
      processKey, processName: String(process.processName), version: Number(process.currentVersion), title, formData: {}, bizEntity: entityName, bizId: id,
    });
    return started.instance.instanceId;
  }
  /** 吴婷 agrees her pending task of the request (she is the office's head, reviewer and signer of the demo). */
  async function decide(instanceId: string, formData?: Record<string, unknown>): Promise<void> {
    const task = await db.selectFrom('bpm_task').select('taskId').where('instanceId', '=', instanceId).where('assignee', '=', clerkActor.userId)
      .where('status', '=', 'pending').where('kind', '=', 'todo').executeTakeFirstOrThrow();
    await actOnInstance(ctx, clerkActor, instanceId, () => ({ type: 'agree', actor: clerkActor.userId, taskId: String(task.taskId) }), { opinion: '同意', formData });
  }
  async function signThroughProcess(entityName: string, processKey: string, id: string, title: string, signing: Record<string, unknown>): Promise<void> {
    const instanceId = await submit(entityName, processKey, id, title);
    await decide(instanceId);
    await decide(instanceId);
    await decide(instanceId, signing);
  }

  async function numberAndFill(sendId: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom(send!.table).selectAll().where(send!.key, '=', sendId).executeTakeFirstOrThrow();
      await numberDocument(ctx, trx, row, demo.unitId);
    });
    await fillRedHeader(ctx, sendId, as);
  }
}
