import type { ServerContext } from '../../context';
import { insertRow } from '../../seed/insertRow';
import type { DemoOrganisation } from '../ServerModule';

/** [name, app, owner, members, state, chat id] */
const GROUPS: [string, string, string, string[], string, string | null][] = [
  ['技术研发部', 'dingtalk', 'yanglei', ['lina', 'liuyang', 'zhoujie'], 'open', 'dev-chat-dingtalk-tech'],
  ['门户改版项目群', 'dingtalk', 'lina', ['yanglei', 'zhoujie', 'wuting'], 'open', 'dev-chat-dingtalk-portal'],
  ['人力资源部', 'wxwork', 'zhangwei', ['zhaomin'], 'open', 'dev-chat-wxwork-hr'],
  ['2026 年会筹备', 'wxwork', 'wuting', ['huangqiang', 'chenjing', 'zhangwei'], 'pending', null],
  ['车辆调度值班', 'dingtalk', 'wangfang', ['xuming'], 'stopped', 'dev-chat-dingtalk-fleet'],
];

/** [account, app, login allowed] — one binding stopped, so the refusal can be tried. */
const ACCOUNTS: [string, string, number][] = [
  ['lina', 'dingtalk', 1], ['yanglei', 'dingtalk', 1], ['liuyang', 'dingtalk', 1], ['zhoujie', 'dingtalk', 0],
  ['zhangwei', 'wxwork', 1], ['zhaomin', 'wxwork', 1], ['wuting', 'wxwork', 1], ['wangfang', 'dingtalk', 1],
];

/** [title key, app, path, icon] — what the chat apps' workbench offers. */
const FUNCTIONS: [string, string, string, string][] = [
  ['chat.function.todo', 'all', '/app/todo', 'CheckSquareOutlined'],
  ['chat.function.calendar', 'all', '/calendar/schedule', 'CalendarOutlined'],
  ['chat.function.meeting', 'all', '/office/meeting', 'TeamOutlined'],
  ['chat.function.vehicle', 'dingtalk', '/office/vehicle/apply', 'CarOutlined'],
  ['chat.function.attendance', 'wxwork', '/app/attendance', 'ClockCircleOutlined'],
];

/** Chat groups in each state, account bindings and the workbench functions. */
export async function seedChatDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const groups = ctx.registry.entities.get('ChatGroup');
  const accounts = ctx.registry.entities.get('ChatAccount');
  const functions = ctx.registry.entities.get('ChatWorkbenchFunction');
  if (!groups || !accounts || !functions) return;
  const admin = demo.as('admin', 'office');
  const id = (account: string) => demo.userIds.get(account);
  for (const [groupName, app, owner, members, groupStatus, chatId] of GROUPS) {
    await insertRow(ctx, groups, { groupName, app, owner: id(owner), members: members.map(id).join(','), groupStatus, chatId, remark: null }, admin);
  }
  for (const [account, app, loginAllowed] of ACCOUNTS) {
    await insertRow(ctx, accounts, { userId: id(account), app, externalId: `${app === 'dingtalk' ? 'dd' : 'wx'}_${account}`, loginAllowed, remark: null }, admin);
  }
  for (const [index, [title, app, path, icon]] of FUNCTIONS.entries()) {
    await insertRow(ctx, functions, { title, app, path, icon, enabled: 1, sort: index + 1, remark: null }, admin);
  }
}
