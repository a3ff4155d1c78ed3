import type { ServerContext } from '../../../context';
import type { RowOwner } from '../../../entity/insertNewRow';
import { insertRow } from '../../../seed/insertRow';

/**
 * The engine's message types (消息配置, notifyStep.ts): on the site by default; administrators add
 * channels or switch one off. `{title}` is the localised subject notifyStep composes
 * (【请假申请】李娜的年假申请 待您办理), `{processName}` / `{instanceTitle}` its parts.
 */
const BPM_MESSAGE_TYPES: [string, string, string, string, string][] = [
  ['bpmTodo', '流程待办', 'site', '{userName}，您有一条新的待办：{title}。', '{userName}, a new to-do is waiting for you: {title}.'],
  ['bpmCc', '流程抄送', 'site', '{userName}，{title}，请查阅。', '{userName}, {title}. Please have a look.'],
  ['bpmUrge', '流程催办', 'site', '{userName}，{title}。', '{userName}, {title}.'],
  ['bpmResult', '流程办结通知', 'site', '{userName}，您发起的「{instanceTitle}」有了结果：{title}。', '{userName}, your request "{instanceTitle}" has an outcome: {title}.'],
];

export async function seedBpmMessageTypes(ctx: ServerContext, owner: RowOwner): Promise<void> {
  const entity = ctx.registry.entities.get('MessageConfig');
  if (!entity) return;
  for (const [index, [msgTypeCode, msgTypeName, channels, template, templateEn]] of BPM_MESSAGE_TYPES.entries()) {
    const exists = await ctx.database.db.selectFrom(entity.table).select('msgTypeCode').where('msgTypeCode', '=', msgTypeCode).executeTakeFirst();
    if (!exists) await insertRow(ctx, entity, { msgTypeCode, msgTypeName, channels, template, templateEn, enabled: 1, sort: 30 + index, remark: '' }, owner);
  }
}
