import type { ServerContext } from '../../context';
import { insertRow } from '../../seed/insertRow';
import { addDays } from '../../seed/demoDays';
import type { DemoOrganisation } from '../ServerModule';
import { requireEntity } from './requireEntity';

/**
 * [title, parent index (-1 = top), type, start day, end day (from today), progress, leader,
 * leader's department, members, status]: the 协同办公平台二期 project broken down into phases
 * and tasks, as the Gantt chart shows it.
 */
const TASKS: [string, number, string, number, number, number, string, string, string[], string][] = [
  ['协同办公平台二期', -1, 'summary', -20, 40, 35, 'yanglei', 'tech', ['lina', 'liuyang', 'zhoujie'], 'doing'],
  ['需求调研与评审', 0, 'task', -20, -8, 100, 'lina', 'frontend', ['yanglei'], 'finished'],
  ['数据库与接口设计', 0, 'task', -7, 5, 60, 'liuyang', 'backend', ['zhoujie'], 'doing'],
  ['移动端页面开发', 0, 'task', 3, 25, 0, 'lina', 'frontend', [], 'doing'],
  ['上线验收', 0, 'milestone', 40, 40, 0, 'yanglei', 'tech', [], 'doing'],
  ['机房 UPS 更换', -1, 'task', -3, 10, 20, 'zhoujie', 'backend', ['liuyang'], 'held'],
];

/** [source index, target index, type]: design after research, development after design, acceptance after development. */
const LINKS: [number, number, string][] = [[1, 2, 'e2s'], [2, 3, 'e2s'], [3, 4, 'e2s']];

/** Tasks with their breakdown, progress reports and Gantt links. */
export async function seedTaskDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const tasks = requireEntity(ctx, 'OfficeTask');
  const user = (account: string) => demo.userIds.get(account) ?? '';
  const ids: string[] = [];
  for (const [sort, [title, parent, taskType, start, end, progress, leader, dept, members, status]] of TASKS.entries()) {
    ids.push(await insertRow(ctx, tasks, {
      parentId: parent < 0 ? null : ids[parent], title, taskType, startDate: addDays(start), endDate: addDays(end), progress,
      leader: user(leader), members: members.map(user).join(','), priority: sort === 0 ? 'high' : 'medium', sort, status,
      content: `${title}：按项目计划推进，每周五更新进度`, holdReason: status === 'held' ? '等待供应商到货，预计下周三到' : null,
    }, demo.as(leader, dept)));
  }
  const links = requireEntity(ctx, 'OfficeGanttLink');
  for (const [source, target, linkType] of LINKS) {
    await insertRow(ctx, links, { source: ids[source], target: ids[target], linkType }, demo.as('yanglei', 'tech'));
  }
  const process = requireEntity(ctx, 'OfficeTaskProcess');
  await insertRow(ctx, process, { task: ids[1], progress: 100, content: '需求说明书已评审通过，共 46 个功能点', reporter: user('lina') }, demo.as('lina', 'frontend'));
  await insertRow(ctx, process, { task: ids[2], progress: 60, content: '表结构已定稿，接口文档完成 3/5', reporter: user('liuyang') }, demo.as('liuyang', 'backend'));
  await insertRow(ctx, process, { task: ids[5], progress: 20, content: '旧 UPS 已拆除，新设备未到货', reporter: user('zhoujie') }, demo.as('zhoujie', 'backend'));
}
