import fs from 'node:fs';
import path from 'node:path';
import type { ServerContext } from '../../context';
import { newId, nowText } from '../../http/newId';
import { valuesToColumns } from '../../entity/rowValues';
import { recordAttachment, storedPathFor } from '../../files/attachmentStore';
import { syncAttachmentLinks } from '../../files/attachmentLinks';
import { insertRow } from '../../seed/insertRow';
import type { DemoOrganisation } from '../ServerModule';
import { insertCopies, type NewCopy } from './copies';
import { mailEntity } from './mailEntities';
import { secretBoxFor } from '../../security/secretBox';

/** The demo's text files, stored like uploads so they download and preview. */
const FILES: Record<string, { name: string; text: string }> = {
  plan: { name: '门户改版排期.csv', text: '阶段,开始,结束,负责人\n需求评审,2026-11-02,2026-11-06,李娜\n开发,2026-11-09,2026-11-27,刘洋\n验收,2026-11-30,2026-12-04,杨磊\n' },
  budget: { name: '2027年度研发预算草案.csv', text: '项目,金额(万元)\n服务器扩容,45\n安全测评,12\n培训,8\n' },
  minutes: { name: '技术评审纪要.txt', text: '一、接口统一走网关；二、数据库索引按列表排序设计；三、下周三前提交设计稿。\n' },
};

/**
 * [subject, sender, to, cc, bcc, days before 2026-11-25, hour, importance, file key, content].
 * Among lina, zhangwei and yanglei mostly, so each of their inboxes looks lived in.
 */
type DemoMail = [string, string, string[], string[], string[], number, number, string, string | null, string];
const MAILS: DemoMail[] = [
  ['门户改版排期确认', 'yanglei', ['lina', 'liuyang'], ['zhoujie'], [], 12, 9, 'important', 'plan', '<p>李娜、刘洋：</p><p>附件是门户改版的排期，请在周五前确认各自节点，有冲突直接回复本邮件。</p><p>杨磊</p>'],
  ['Re: 门户改版排期确认', 'lina', ['yanglei'], ['liuyang'], [], 11, 14, 'normal', null, '<p>杨总，前端节点没问题，组件库升级需要多两天，已在排期中标注。</p>'],
  ['11月考勤异常说明', 'zhangwei', ['lina'], [], [], 10, 10, 'normal', null, '<p>李娜你好：</p><p>系统显示你11月6日上午缺卡，如为外出办事请补填外出登记，谢谢。</p><p>人力资源部 张伟</p>'],
  ['Re: 11月考勤异常说明', 'lina', ['zhangwei'], [], [], 10, 15, 'normal', null, '<p>张老师，当天在客户现场联调，已补外出登记，请查收。</p>'],
  ['2027年度研发预算草案', 'yanglei', ['chenjing'], ['zhangwei'], ['huangqiang'], 9, 11, 'urgent', 'budget', '<p>陈静：</p><p>研发中心2027年度预算草案见附件，请财务部先行审核，下周一前反馈。</p>'],
  ['年终述职安排通知', 'zhangwei', ['lina', 'yanglei', 'liuyang', 'zhoujie', 'chenjing'], [], [], 8, 9, 'important', null, '<p>各位同事：</p><p>年终述职定于12月15日至17日进行，请于12月10日前提交述职材料至人力资源部。</p>'],
  ['技术评审纪要', 'yanglei', ['lina', 'liuyang', 'zhoujie'], [], [], 7, 17, 'normal', 'minutes', '<p>各位，今天技术评审的纪要见附件，按分工推进。</p>'],
  ['周五团建报名', 'wuting', ['lina', 'zhangwei', 'yanglei'], [], [], 6, 10, 'normal', null, '<p>本周五下午组织团建（室内攀岩），请回复是否参加，方便订场。</p>'],
  ['新员工入职培训讲师邀请', 'zhangwei', ['yanglei'], ['zhaomin'], [], 5, 16, 'normal', null, '<p>杨总：</p><p>下周新员工入职培训想请您讲一节《研发流程与规范》，时长一小时，时间您定。</p>'],
  ['Re: 新员工入职培训讲师邀请', 'yanglei', ['zhangwei'], [], [], 5, 18, 'normal', null, '<p>可以，安排在周三下午两点吧。</p>'],
  ['接口文档更新', 'liuyang', ['lina'], ['yanglei'], [], 4, 11, 'normal', null, '<p>李娜，订单接口新增了分页参数，文档已更新，前端请同步调整。</p>'],
  ['办公用品申领提醒', 'huangqiang', ['lina', 'zhangwei', 'yanglei', 'liuyang'], [], [], 3, 9, 'normal', null, '<p>12月办公用品集中申领截止到本月28日，请在系统内提交申请。</p>'],
  ['季度绩效自评表', 'zhangwei', ['lina', 'liuyang'], [], [], 2, 10, 'important', null, '<p>请于本周内在系统中完成第四季度绩效自评。</p>'],
  ['服务器扩容方案', 'yanglei', ['liuyang', 'zhoujie'], [], ['zhangwei'], 2, 15, 'normal', null, '<p>双十二前需完成扩容，方案请刘洋牵头，周四评审。</p>'],
  ['客户演示环境准备', 'lina', ['yanglei', 'liuyang'], [], [], 1, 9, 'urgent', null, '<p>明天上午客户来访演示，演示环境今天下班前需要准备好，数据已导入。</p>'],
  ['Re: 客户演示环境准备', 'yanglei', ['lina'], ['liuyang'], [], 1, 10, 'normal', null, '<p>收到，我下午过一遍演示脚本。</p>'],
  ['元旦值班安排征求意见', 'wuting', ['zhangwei', 'yanglei'], [], [], 0, 9, 'normal', null, '<p>元旦值班表初稿已出，请各部门负责人确认本部门人员。</p>'],
  ['设计稿评审邀请', 'lina', ['yanglei', 'zhangwei'], [], [], 0, 10, 'normal', null, '<p>门户首页设计稿已完成，邀请二位今天下午四点参加评审。</p>'],
];

/** [owner, subject, to, content]: drafts, never sent. */
const DRAFTS: [string, string, string[], string][] = [
  ['lina', '组件库升级说明（草稿）', ['liuyang', 'zhoujie'], '<p>本次组件库升级到 antd 5，主要变化：</p><ul><li>主题改为 token</li></ul>'],
  ['yanglei', '2027年技术路线（草稿）', ['zhangwei'], '<p>一、平台化；二、数据治理；三、……</p>'],
  ['zhangwei', '春节假期安排（草稿）', ['lina', 'yanglei'], '<p>根据国务院办公厅通知，2027年春节放假安排如下：</p>'],
];

function at(daysBefore: number, hour: number): string {
  const date = new Date(2026, 10, 25 - daysBefore, hour, 12, 0);
  return nowText(date);
}

/**
 * A lived-in mailbox for lina, zhangwei and yanglei: about twenty mails among demo users, some
 * with files, read and unread, starred, a folder of one's own with mail in it, drafts and trash.
 */
export async function seedEmailDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  if (!ctx.registry.entities.has('Email')) return;
  const email = mailEntity(ctx, 'Email');
  const { db } = ctx.database;
  const id = (account: string) => demo.userIds.get(account) ?? '';
  const deptOf = new Map<string, string>();
  for (const row of await db.selectFrom('sys_user').select(['userId', 'deptId']).execute()) deptOf.set(String(row.userId), String(row.deptId ?? ''));

  const files = new Map<string, string>();
  for (const [key, file] of Object.entries(FILES)) {
    const attachId = newId();
    const storedPath = storedPathFor(attachId);
    const bytes = Buffer.from(file.text, 'utf8');
    await fs.promises.mkdir(path.dirname(path.join(ctx.config.dataDir, storedPath)), { recursive: true });
    await fs.promises.writeFile(path.join(ctx.config.dataDir, storedPath), bytes);
    const sender = MAILS.find((m) => m[8] === key)?.[1] ?? 'yanglei';
    await recordAttachment(db, { userId: id(sender), unitId: demo.unitId }, {
      attachId, name: file.name, extName: path.extname(file.name).slice(1), fileSize: bytes.length, storedPath, contentType: key === 'minutes' ? 'text/plain' : 'text/csv',
    }, 'email');
    files.set(key, attachId);
  }

  const messages: Record<string, unknown>[] = [];
  const copies: NewCopy[] = [];
  const now = nowText();
  for (const [index, [subject, from, to, cc, bcc, days, hour, importance, file, content]] of MAILS.entries()) {
    const emailId = newId();
    const sendTime = at(days, hour);
    const recipients = [...to, ...cc, ...bcc].map(id);
    messages.push({
      ...valuesToColumns(email, {
        subject, senderId: id(from), toIds: to.map(id).join(','), ccIds: cc.map(id).join(','), bccIds: bcc.map(id).join(','), externalTo: '',
        importance, content, attachments: file ? files.get(file) : '', mailState: 'sent', sendTime, deliveredTo: recipients.join(','), refEmailId: null,
      }),
      [email.key]: emailId, createUser: id(from), createDept: deptOf.get(id(from)) ?? '', unitId: demo.unitId, createTime: sendTime, updateTime: sendTime, rowVersion: 0,
    });
    copies.push({ emailId, ownerId: id(from), ownerDept: deptOf.get(id(from)) ?? '', folder: 'sent', mailRole: 'from', readFlag: 1, sortTime: sendTime });
    for (const [role, list] of [['to', to], ['cc', cc], ['bcc', bcc]] as const) {
      for (const account of list) {
        // Older mail is read; the newest four days partly unread; a few starred; one in the trash.
        const read = days > 4 || (index + account.length) % 3 === 0 ? 1 : 0;
        copies.push({
          emailId, ownerId: id(account), ownerDept: deptOf.get(id(account)) ?? '', mailRole: role, readFlag: read,
          starred: importance !== 'normal' && account !== 'zhoujie' ? 1 : 0, sortTime: sendTime,
          folder: subject === '周五团建报名' && account === 'yanglei' ? 'trash' : 'inbox',
        });
      }
    }
  }
  for (const [owner, subject, to, content] of DRAFTS) {
    const emailId = newId();
    messages.push({
      ...valuesToColumns(email, { subject, senderId: id(owner), toIds: to.map(id).join(','), ccIds: '', bccIds: '', externalTo: '', importance: 'normal', content, attachments: '', mailState: 'draft', sendTime: null, deliveredTo: '', refEmailId: null }),
      [email.key]: emailId, createUser: id(owner), createDept: deptOf.get(id(owner)) ?? '', unitId: demo.unitId, createTime: now, updateTime: now, rowVersion: 0,
    });
    copies.push({ emailId, ownerId: id(owner), ownerDept: deptOf.get(id(owner)) ?? '', folder: 'drafts', mailRole: 'from', readFlag: 1, sortTime: at(0, 8) });
  }
  await db.insertInto(email.table).values(messages).execute();
  for (const row of messages.filter((m) => m.attachments)) await syncAttachmentLinks(db, email, String(row[email.key]), row);

  // lina keeps the portal project's mail in a folder of her own.
  const box = mailEntity(ctx, 'EmailBox');
  const linaBox = await insertRow(ctx, box, { boxName: '门户改版项目', sort: 1, remark: '门户改版相关往来邮件' }, demo.as('lina', 'frontend'));
  await insertRow(ctx, box, { boxName: '人事通知', sort: 2 }, demo.as('lina', 'frontend'));
  await insertRow(ctx, box, { boxName: '预算', sort: 1 }, demo.as('yanglei', 'tech'));
  const portalIds = new Set(messages.filter((m) => String(m.subject).includes('门户改版排期')).map((m) => String(m[email.key])));
  for (const copy of copies) {
    if (copy.ownerId === id('lina') && copy.folder === 'inbox' && portalIds.has(copy.emailId)) {
      copy.folder = 'custom';
      copy.boxId = linaBox;
    }
  }
  const byUnit = copies.filter((c) => c.ownerId);
  await insertCopies(ctx, db, demo.unitId, byUnit);

  const forwards = mailEntity(ctx, 'EmailForwardConfig');
  await insertRow(ctx, forwards, { forwardTo: 'yanglei.home@example.com', enabled: 1, onlyImportant: 1, remark: '出差期间重要邮件转到私人邮箱' }, demo.as('yanglei', 'tech'));
  await insertRow(ctx, forwards, { forwardTo: 'lina.backup@example.com', enabled: 0, onlyImportant: 0 }, demo.as('lina', 'frontend'));
  const configs = mailEntity(ctx, 'EmailConfig');
  await insertRow(ctx, configs, { displayName: '李娜', signature: '李娜 | 前端开发组\n分机 8023', pageSize: 20, replyWithQuote: 1, notifyNewMail: 1, externalEnabled: 0 }, demo.as('lina', 'frontend'));
  // An outside account filled in but off: its servers are invented, and the demo's outside mail goes to the outbox.
  await insertRow(ctx, configs, {
    displayName: '杨磊', signature: '杨磊 | 技术研发部', pageSize: 30, replyWithQuote: 1, notifyNewMail: 1, externalEnabled: 0,
    externalAddress: 'yanglei@hdzl-tech.example.com', smtpHost: 'smtp.hdzl-tech.example.com', smtpPort: 465, smtpSsl: 1,
    imapHost: 'imap.hdzl-tech.example.com', imapPort: 993, imapSsl: 1, mailAccount: 'yanglei@hdzl-tech.example.com',
    mailPassword: secretBoxFor(ctx).seal('Demo#Mail2026'),
  }, demo.as('yanglei', 'tech'));
  await insertRow(ctx, configs, { displayName: '张伟', signature: '张伟 | 人力资源部', pageSize: 20, replyWithQuote: 0, notifyNewMail: 1, externalEnabled: 0 }, demo.as('zhangwei', 'hr'));
}
