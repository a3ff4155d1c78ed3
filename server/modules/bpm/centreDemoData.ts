import type { ServerContext } from '../../context';
import { newId, nowText } from '../../http/newId';
import { insertRow } from '../../seed/insertRow';
import type { DemoOrganisation } from '../ServerModule';

/** [account, dept key] of the demo users who keep common phrases, with theirs. */
const DEMO_PHRASES: [string, string, string[]][] = [
  ['yanglei', 'tech', ['同意', '同意，注意工作交接', '请补充说明后再提交']],
  ['zhangwei', 'hr', ['同意', '已核对考勤，同意', '请附上证明材料']],
  ['zhaomin', 'hr', ['同意', '已阅']],
  ['lina', 'frontend', ['请领导审批', '已按要求补充']],
];

/**
 * The workflow centre's own demo rows: a few common phrases (常用语, BpmPhrase, personal) and a
 * start form lina saved as a draft before submitting it.
 */
export async function seedCentreDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const phrase = ctx.registry.entities.get('BpmPhrase')!;
  for (const [account, dept, contents] of DEMO_PHRASES) {
    for (const [sort, content] of contents.entries()) await insertRow(ctx, phrase, { content, sort }, demo.as(account, dept));
  }
  const lina = demo.userIds.get('lina');
  if (!lina) return;
  const now = nowText();
  await ctx.database.db.insertInto('bpm_draft').values({
    draftId: newId(), userId: lina, processKey: 'seal', processName: 'bpm.process.seal.name', title: '李娜的公章用印申请（草稿）',
    formData: JSON.stringify({ sealType: 'official', copies: 1 }), createTime: now, updateTime: now,
  }).execute();
}
