import fs from 'node:fs';
import path from 'node:path';
import { systemEntity, type ServerContext } from '../../context';
import { newId, nowText } from '../../http/newId';
import { insertRow } from '../../seed/insertRow';
import { recordAttachment, storedPathFor } from '../../files/attachmentStore';
import type { DemoOrganisation } from '../ServerModule';
import { PHOTO_MODULE } from './createPhotoFileCall';
import { demoLandscapePng } from './demoImages';

/** [album, description, hue, visible to all, photo captions] — the second is for two roles only. */
const ALBUMS: [string, string, number, boolean, string[]][] = [
  ['2026 秋季团建·千岛湖', '技术研发部与行政部联合团建，10 月 18 日至 19 日', 200, true, ['湖边合影', '骑行环湖', '篝火晚会', '日出']],
  ['新办公楼启用', '张江路 88 号新办公楼启用仪式（仅管理层与行政人员可见）', 30, false, ['剪彩仪式', '前台大厅', '开放办公区']],
  ['年度优秀员工表彰', '2025 年度表彰大会现场', 330, true, ['颁奖现场', '优秀员工合影', '领导致辞', '晚宴']],
];

/** [sort name, parent index or null] then [sort index, title, description, link]. */
const SORTS: [string, number | null][] = [['公司制度', null], ['行政办公', 0], ['人事制度', 0], ['IT 服务', null]];
const ITEMS: [number, string, string, string][] = [
  [1, '会议室预约指南', '如何预约会议室、审批时限与取消规则', '/office/meeting'],
  [1, '用车申请流程', '公务用车申请、调度与还车说明', '/office/vehicle/apply'],
  [2, '员工手册（2026 版）', '考勤、休假、报销等日常制度汇总', '/hr/contract'],
  [2, '劳动合同续签说明', '到期提醒、续签材料与办理时间', '/hr/contract'],
  [3, 'VPN 使用说明', '远程办公接入方式与常见问题', 'https://vpn.example.com/help'],
  [3, '信息安全守则', '密码、终端与数据分级管理要求', '/calendar/schedule'],
];

/** Who opened which map entry: [account, department, entry index]. */
const READINGS: [string, string, number][] = [['lina', 'frontend', 2], ['liuyang', 'backend', 4], ['zhoujie', 'backend', 4], ['chenjing', 'finance', 0], ['lina', 'frontend', 5]];

async function storeDemoPhoto(ctx: ServerContext, owner: { userId: string; unitId: string }, name: string, png: Buffer): Promise<string> {
  const attachId = newId();
  const storedPath = storedPathFor(attachId);
  const absolute = path.join(ctx.config.dataDir, storedPath);
  await fs.promises.mkdir(path.dirname(absolute), { recursive: true });
  await fs.promises.writeFile(absolute, png);
  await recordAttachment(ctx.database.db, owner, { attachId, name: `${name}.png`, extName: 'png', fileSize: png.length, storedPath, contentType: 'image/png' }, PHOTO_MODULE);
  return attachId;
}

/** Three albums with generated pictures (one visible to the office and meeting administrators only), a small document map and who opened it. */
export async function seedGalleryDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const album = ctx.registry.entities.get('PhotoAlbum');
  const photo = ctx.registry.entities.get('PhotoFile');
  const sort = ctx.registry.entities.get('FileMapSort');
  const item = ctx.registry.entities.get('FileMapItem');
  if (!album || !photo || !sort || !item) return;
  const owner = demo.as('huangqiang', 'admin');
  const role = systemEntity(ctx, 'Role');
  const roles = await ctx.database.db.selectFrom(role.table).select(role.key).where('roleCode', 'in', ['officeAdmin', 'meetingAdmin', 'galleryAdmin']).execute();
  const roleIds = roles.map((r) => String(r[role.key])).join(',') || null;
  for (const [index, [albumName, description, hue, visibleAll, captions]] of ALBUMS.entries()) {
    const albumId = await insertRow(ctx, album, {
      albumName, description, visibleAll: visibleAll ? 1 : 0, visibleRoles: visibleAll ? null : roleIds, owner: owner.userId, sort: index + 1, cover: null,
    }, owner);
    for (const [n, caption] of captions.entries()) {
      const image = await storeDemoPhoto(ctx, owner, caption, demoLandscapePng(hue + n * 12, index * 7 + n));
      const taken = new Date(Date.now() - (30 * (index + 1) - n) * 86_400_000);
      await insertRow(ctx, photo, { album: albumId, image, caption, takenAt: nowText(taken) }, owner);
    }
  }
  const sortIds: string[] = [];
  for (const [index, [sortName, parent]] of SORTS.entries()) {
    sortIds.push(await insertRow(ctx, sort, { sortName, parentId: parent === null ? null : sortIds[parent], sort: index + 1, remark: null }, owner));
  }
  const itemIds: string[] = [];
  for (const [index, [sortIndex, title, description, link]] of ITEMS.entries()) {
    itemIds.push(await insertRow(ctx, item, { sortId: sortIds[sortIndex], title, description, link, attachment: null, sort: index + 1 }, owner));
  }
  const record = ctx.registry.entities.get('FileMapRecord');
  if (!record) return;
  for (const [n, [account, dept, itemIndex]] of READINGS.entries()) {
    const reader = demo.userIds.get(account);
    if (reader) await insertRow(ctx, record, { item: itemIds[itemIndex], reader, openTime: nowText(new Date(Date.now() - (n + 1) * 5_400_000)) }, demo.as(account, dept));
  }
}
