import fs from 'node:fs';
import path from 'node:path';
import type { ServerContext } from '../../context';
import type { RowOwner } from '../../entity/insertNewRow';
import { newId, nowText } from '../../http/newId';
import { extensionOf } from '../../../runtime/core/constants';
import { recordAttachment, storedPathFor } from '../../files/attachmentStore';
import { insertRow } from '../../seed/insertRow';
import type { DemoOrganisation } from '../ServerModule';
import { fileEntity } from './fileEntities';
import { docxFile, pngFile, xlsxFile } from './demoFileBytes';
import { hashShareCode, storeShareCode } from './shareCodes';

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A generated file stored like an upload of `owner` (same layout and metadata row). */
async function storeDemoFile(ctx: ServerContext, owner: RowOwner, name: string, bytes: Buffer, module: string) {
  const attachId = newId();
  const storedPath = storedPathFor(attachId);
  const absolute = path.join(ctx.config.dataDir, storedPath);
  await fs.promises.mkdir(path.dirname(absolute), { recursive: true });
  await fs.promises.writeFile(absolute, bytes);
  const extName = extensionOf(name);
  await recordAttachment(ctx.database.db, owner, { attachId, name, extName, fileSize: bytes.length, storedPath, contentType: CONTENT_TYPES[extName] ?? null }, module);
  return { attachId, extName, fileSize: bytes.length };
}

const daysFromNow = (days: number) => nowText(new Date(Date.now() + days * 86_400_000));

async function demoBytes(name: string): Promise<Buffer> {
  switch (extensionOf(name)) {
    case 'docx': return docxFile(name.includes('纪要') || name.includes('笔记')
      ? [name.replace(/\.docx$/, ''), '2026-11-18 部门周会', '1. 本周迭代进度正常，门户首页已提测。', '2. 下周重点：消息中心联调、性能优化。', '3. 请各位在周五前提交周报。']
      : [name.replace(/\.docx$/, ''), '一、总则', '为规范日常工作，提高协作效率，特制定本文件。', '二、适用范围', '适用于集团各部门全体员工。', '三、附则', '本文件自发布之日起施行。']);
    case 'xlsx': return xlsxFile('Sheet1', [['序号', '事项', '负责人', '截止日期', '状态'], [1, '首页改版方案评审', '李娜', '2026-11-20', '已完成'], [2, '组件库升级', '刘洋', '2026-11-28', '进行中'], [3, '移动端适配', '周杰', '2026-12-05', '未开始']]);
    case 'png': return pngFile(320, 200, [22, 119, 255], [235, 245, 255]);
    default: throw new Error(`no demo content for ${name}`);
  }
}

/** [account, dept, path of folders, file name or null (a folder), recycled] */
const DISK: [string, string, string[], string | null, boolean][] = [
  ['lina', 'frontend', ['工作文档'], null, false],
  ['lina', 'frontend', ['项目资料', '门户改版'], null, false],
  ['lina', 'frontend', ['个人'], null, false],
  ['lina', 'frontend', ['工作文档'], '前端开发规范.docx', false],
  ['lina', 'frontend', ['工作文档'], '部门周会纪要.docx', false],
  ['lina', 'frontend', ['项目资料', '门户改版'], '迭代计划.xlsx', false],
  ['lina', 'frontend', ['项目资料', '门户改版'], '首页设计稿.png', false],
  ['lina', 'frontend', ['个人'], '读书笔记.docx', false],
  ['lina', 'frontend', [], '旧版说明.docx', true],
  ['zhangwei', 'hr', ['招聘资料'], null, false],
  ['zhangwei', 'hr', ['制度草稿'], null, false],
  ['zhangwei', 'hr', ['招聘资料'], '面试评估表.xlsx', false],
  ['zhangwei', 'hr', ['招聘资料'], '新员工入职指引.docx', false],
  ['zhangwei', 'hr', ['制度草稿'], '考勤管理办法（修订稿）.docx', false],
];

async function seedDisks(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const items = fileEntity(ctx, 'NetDiskItem');
  const shares = fileEntity(ctx, 'NetDiskShare');
  const folders = new Map<string, string>();
  const files = new Map<string, string>();
  const folderOf = async (owner: RowOwner, account: string, names: string[]): Promise<string | null> => {
    let parent: string | null = null;
    for (let i = 0; i < names.length; i += 1) {
      const key = `${account}/${names.slice(0, i + 1).join('/')}`;
      let id = folders.get(key);
      if (!id) {
        id = await insertRow(ctx, items, { name: names[i], itemType: 'folder', parentId: parent, fileSize: 0, recycled: false }, owner);
        folders.set(key, id);
      }
      parent = id;
    }
    return parent;
  };
  for (const [account, dept, names, fileName, recycled] of DISK) {
    const owner = demo.as(account, dept);
    const parentId = await folderOf(owner, account, names);
    if (!fileName) continue;
    const stored = await storeDemoFile(ctx, owner, fileName, await demoBytes(fileName), 'netDisk');
    files.set(`${account}/${fileName}`, await insertRow(ctx, items, {
      name: fileName, itemType: 'file', parentId, attachId: stored.attachId, extName: stored.extName, fileSize: stored.fileSize,
      recycled, recycleTime: recycled ? daysFromNow(-2) : null,
    }, owner));
  }
  // HR keeps scanned personnel files: zhangwei's disk holds twice the default.
  await insertRow(ctx, fileEntity(ctx, 'NetDiskQuota'), { userId: demo.userIds.get('zhangwei'), quotaMb: 2048, remark: '人事档案扫描件较多' }, demo.as('huangqiang', 'admin'));
  // lina's links: one with an access code (kept hashed, as every code is), one that has expired, and a folder.
  const lina = demo.as('lina', 'frontend');
  const spec = await insertRow(ctx, shares, { item: files.get('lina/前端开发规范.docx'), shareTitle: '前端开发规范.docx', token: 'demo-spec-7f3a9c2e41', expireTime: daysFromNow(7), hasCode: true, accessCount: 3, failCount: 0 }, lina);
  await storeShareCode(ctx.database.db, spec, await hashShareCode('ab12'));
  await insertRow(ctx, shares, { item: files.get('lina/部门周会纪要.docx'), shareTitle: '部门周会纪要.docx', token: 'demo-notes-2b8e5d0c97', expireTime: daysFromNow(-3), hasCode: false, accessCount: 5, failCount: 0 }, lina);
  await insertRow(ctx, shares, { item: folders.get('lina/项目资料'), shareTitle: '项目资料', token: 'demo-project-5e2b8c1f30', expireTime: daysFromNow(30), hasCode: false, accessCount: 2, failCount: 0 }, lina);
  await insertRow(ctx, shares, { item: files.get('zhangwei/新员工入职指引.docx'), shareTitle: '新员工入职指引.docx', token: 'demo-onboard-9c1d4e7a55', expireTime: null, hasCode: false, accessCount: 12, failCount: 0 }, demo.as('zhangwei', 'hr'));
}

async function seedPersonalCabinets(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const folders = ctx.registry.entities.get('PersonalFolder');
  const files = ctx.registry.entities.get('PersonalFile');
  if (!folders || !files) return;
  const cabinet: [string, string, string, [string, string, string][]][] = [
    ['lina', 'frontend', '证书资料', [['英语六级证书扫描件', '英语六级证书.png', '证书']]],
    ['lina', 'frontend', '学习资料', [['React 18 升级笔记', 'React升级笔记.docx', '学习,前端']]],
    ['zhangwei', 'hr', '劳动合同模板', [['固定期限劳动合同模板', '固定期限劳动合同.docx', '合同,模板'], ['实习协议模板', '实习协议.docx', '合同']]],
  ];
  for (const [account, dept, folderName, entries] of cabinet) {
    const owner = demo.as(account, dept);
    const folder = await insertRow(ctx, folders, { folderName, sort: 0 }, owner);
    for (const [title, name, keywords] of entries) {
      const stored = await storeDemoFile(ctx, owner, name, await demoBytes(name), 'personalCabinet');
      await insertRow(ctx, files, { title, folder, files: stored.attachId, keywords }, owner);
    }
  }
}

async function seedPublicCabinet(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const folders = fileEntity(ctx, 'PublicFolder');
  const files = fileEntity(ctx, 'PublicFile');
  const grants = fileEntity(ctx, 'PublicFolderGrant');
  const admin = demo.as('huangqiang', 'admin');
  const staffRole = await ctx.database.db.selectFrom('sys_role').select(['roleId', 'roleName']).where('roleCode', '=', 'staff').executeTakeFirst();
  const deptName = async (key: string) => String((await ctx.database.db.selectFrom('sys_dept').select('deptName').where('deptId', '=', demo.deptIds.get(key)!).executeTakeFirst())?.deptName ?? key);
  const userName = async (account: string) => String((await ctx.database.db.selectFrom('sys_user').select('userName').where('userId', '=', demo.userIds.get(account)!).executeTakeFirst())?.userName ?? account);
  /** [name, parent, manager, grants: [type, account/dept key/'staff', level], files: [title, name, uploader, dept]] */
  const tree: [string, string | null, string, [string, string, string][], [string, string, string, string][]][] = [
    ['公司制度汇编', null, 'huangqiang', [['role', 'staff', 'view']], [['员工手册（2026版）', '员工手册.docx', 'huangqiang', 'admin'], ['办公用品申领流程', '办公用品申领流程.docx', 'huangqiang', 'admin']]],
    ['行政表格', null, 'huangqiang', [['role', 'staff', 'view'], ['dept', 'admin', 'upload']], [['会议室预约登记表', '会议室预约登记表.xlsx', 'wuting', 'office'], ['差旅报销单', '差旅报销单.xlsx', 'huangqiang', 'admin']]],
    ['技术文档', null, 'yanglei', [['dept', 'tech', 'upload']], [['系统架构说明', '系统架构说明.docx', 'yanglei', 'tech']]],
    ['前端', '技术文档', 'yanglei', [['user', 'lina', 'manage']], [['组件库使用说明', '组件库使用说明.docx', 'lina', 'frontend'], ['页面原型', '页面原型.png', 'lina', 'frontend']]],
    ['财务资料', null, 'chenjing', [['dept', 'finance', 'upload'], ['user', 'huangqiang', 'view']], [['2026年度预算表', '年度预算表.xlsx', 'chenjing', 'finance']]],
  ];
  const ids = new Map<string, string>();
  let sort = 0;
  for (const [name, parent, manager, folderGrants, folderFiles] of tree) {
    const folderId = await insertRow(ctx, folders, { folderName: name, parentId: parent ? ids.get(parent) : null, manager: demo.userIds.get(manager), sort: sort += 1 }, admin);
    ids.set(name, folderId);
    for (const [type, subject, level] of folderGrants) {
      const [subjectId, subjectName] = type === 'role' ? [String(staffRole?.roleId ?? ''), String(staffRole?.roleName ?? 'role.staff.name')]
        : type === 'dept' ? [demo.deptIds.get(subject)!, await deptName(subject)] : [demo.userIds.get(subject)!, await userName(subject)];
      if (subjectId) await insertRow(ctx, grants, { folder: folderId, subjectType: type, subjectId, subjectName, level }, admin);
    }
    for (const [title, fileName, uploader, dept] of folderFiles) {
      const owner = demo.as(uploader, dept);
      const stored = await storeDemoFile(ctx, owner, fileName, await demoBytes(fileName), 'publicCabinet');
      await insertRow(ctx, files, { title, folder: folderId, files: stored.attachId, keywords: '' }, owner);
    }
  }
}

const REGULATION_SORTS: [string, string | null][] = [['行政管理', null], ['人事管理', null], ['财务管理', null], ['信息安全', '行政管理']];

/** [title, number, sort, effective date, state, drafter, dept] */
const REGULATIONS: [string, string, string, string, string, string, string][] = [
  ['员工考勤管理办法', 'ZD-RS-2026-001', '人事管理', '2026-01-01', 'published', 'zhangwei', 'hr'],
  ['差旅费报销管理规定', 'ZD-CW-2026-001', '财务管理', '2026-03-01', 'published', 'huangqiang', 'admin'],
  ['办公用品管理制度', 'ZD-XZ-2026-002', '行政管理', '2026-05-15', 'published', 'huangqiang', 'admin'],
  ['信息系统账号与口令管理规范', 'ZD-XA-2026-001', '信息安全', '2026-09-01', 'published', 'huangqiang', 'admin'],
  ['会议室使用管理规定（2024版）', 'ZD-XZ-2024-003', '行政管理', '2024-06-01', 'abolished', 'huangqiang', 'admin'],
  ['员工培训管理办法', 'ZD-RS-2026-004', '人事管理', '2026-12-01', 'approving', 'zhangwei', 'hr'],
  ['固定资产管理办法', 'ZD-CW-2026-003', '财务管理', '2026-12-15', 'approving', 'huangqiang', 'admin'],
  ['远程办公管理办法（征求意见稿）', 'ZD-RS-2026-005', '人事管理', '2027-01-01', 'draft', 'zhangwei', 'hr'],
];

const regulationHtml = (title: string) => `<h2>${title}</h2><h3>第一章 总则</h3><p>第一条 为加强公司管理，规范员工行为，依据国家有关法律法规，结合公司实际，制定本办法。</p>`
  + '<p>第二条 本办法适用于集团总部及各分支机构全体员工。</p><h3>第二章 管理要求</h3><p>第三条 各部门负责人对本部门执行情况负责，<strong>行政部</strong>负责监督检查。</p>'
  + '<ul><li>按规定流程办理相关事项；</li><li>如实填写记录，妥善保管凭证；</li><li>发现问题及时报告。</li></ul><h3>第三章 附则</h3><p>第四条 本办法由行政部负责解释，自生效日期起施行。</p>';

async function seedRegulations(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const sorts = fileEntity(ctx, 'RegulationSort');
  const regulations = fileEntity(ctx, 'RegulationFile');
  const admin = demo.as('huangqiang', 'admin');
  const sortIds = new Map<string, string>();
  let sort = 0;
  for (const [name, parent] of REGULATION_SORTS) {
    sortIds.set(name, await insertRow(ctx, sorts, { sortName: name, parentId: parent ? sortIds.get(parent) : null, sort: sort += 1 }, admin));
  }
  for (const [title, fileNo, sortName, effectiveDate, status, drafter, dept] of REGULATIONS) {
    const owner = demo.as(drafter, dept);
    const attachment = status === 'published' ? await storeDemoFile(ctx, owner, `${title}.docx`, docxFromTitle(title), 'regulation') : null;
    await insertRow(ctx, regulations, {
      title, fileNo, sortId: sortIds.get(sortName), drafter: owner.userId, dept: owner.deptId, effectiveDate, content: regulationHtml(title),
      files: attachment?.attachId ?? null, status, approveRemark: status === 'published' || status === 'abolished' ? '同意发布' : null,
    }, owner);
  }
  const messageTypes = ctx.registry.entities.get('MessageConfig');
  if (messageTypes) await insertRow(ctx, messageTypes, {
    msgTypeCode: 'fileRegulationResult', msgTypeName: '规章制度审批结果', channels: 'site', enabled: 1, sort: 40, remark: '',
    template: '您起草的规章制度「{title}」审批结果：{result}。{opinion}',
    templateEn: 'Your regulation "{title}" is now {state}. {opinion}',
  }, admin);
}

const docxFromTitle = (title: string) => docxFile([title, '第一章 总则', '第一条 为加强公司管理，规范员工行为，制定本办法。', '第二条 本办法适用于集团全体员工。', '第二章 附则', '第三条 本办法自生效日期起施行。']);

/** Network disks of lina and zhangwei with links, their cabinets, the public cabinet with grants, regulation files in every state. */
export async function seedFileDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  await seedDisks(ctx, demo);
  await seedPersonalCabinets(ctx, demo);
  await seedPublicCabinet(ctx, demo);
  await seedRegulations(ctx, demo);
}
