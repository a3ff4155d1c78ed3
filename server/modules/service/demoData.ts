import type { ServerContext } from '../../context';
import { insertRow } from '../../seed/insertRow';
import { addDays } from '../../seed/demoDays';
import type { DemoOrganisation } from '../ServerModule';
import { requireEntity } from '../infohub/requireEntity';

/** The message type Feedback's reply sends to the submitter. */
export const FEEDBACK_REPLY_TYPE = 'serviceFeedbackReply';

/** 服务与反馈's demo rows (schemas/service): security reports, feedback with replies, demands with their logs. */
export async function seedServiceDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const user = (account: string) => demo.userIds.get(account) ?? '';
  const wuting = demo.as('wuting', 'office');

  const security: [string, string, string, string, string, string, string, string | null][] = [
    ['lina', 'frontend', '3 号楼消防通道堆放纸箱', 'fire', 'important', '5 层东侧消防通道堆放大量快递纸箱，影响疏散。', 'handled', '已通知物业清理，并在楼层群提醒'],
    ['zhoujie', 'backend', '测试环境数据库端口对公网开放', 'network', 'urgent', '安全扫描发现测试库 5432 端口可从公网访问。', 'handled', '已关闭安全组规则，改为堡垒机访问'],
    ['xuming', 'fleet', '地下车库出口照明损坏', 'traffic', 'normal', 'B2 出口坡道两盏照明灯不亮，夜间视线差。', 'reported', null],
    ['chenjing', 'finance', '收到冒充领导的转账诈骗邮件', 'network', 'urgent', '邮件冒充总经理要求紧急转账，发件地址为外部邮箱。', 'reported', null],
    ['liuyang', 'backend', '机房 UPS 电池老化', 'hazard', 'important', 'UPS 自检提示电池容量低于 60%。', 'reported', null],
  ];
  const securityInfo = requireEntity(ctx, 'SecurityInfo');
  for (const [account, dept, title, infoType, level, content, status, handleRemark] of security) {
    const owner = demo.as(account, dept);
    await insertRow(ctx, securityInfo, { title, infoType, level, content, reporter: owner.userId, status, handleRemark }, owner);
  }

  const feedback: [string, string, string, string, string, string | null][] = [
    ['lina', 'frontend', 'suggestion', '希望移动端能增加便签同步功能，方便外出时查看。', '13800000003', '感谢建议，已列入二期需求，预计 12 月上线。'],
    ['liuyang', 'backend', 'bug', '导出请假记录时，部门列显示为编号而不是名称。', '', '问题已修复，请刷新后重试。'],
    ['chenjing', 'finance', 'complaint', '食堂午餐排队时间过长，建议错峰就餐。', '', null],
    ['zhoujie', 'backend', 'suggestion', '建议共享网址增加常用开发工具分类。', 'zhoujie@example.com', null],
    ['xuming', 'fleet', 'other', '车辆调度组希望增加一台充电桩。', '13800000011', null],
  ];
  const feedbackEntity = requireEntity(ctx, 'Feedback');
  for (const [index, [account, dept, feedbackType, content, contact, reply]] of feedback.entries()) {
    const owner = demo.as(account, dept);
    await insertRow(ctx, feedbackEntity, {
      feedbackType, content, contact: contact || null, submitter: owner.userId, status: reply ? 'replied' : 'pending',
      replyContent: reply, replier: reply ? wuting.userId : null, replyTime: reply ? `${addDays(-index - 1)} 16:20:00` : null,
    }, owner);
  }

  const demands: [string, string, string, string, string, string, string, number][] = [
    ['yanglei', 'tech', '采购 GPU 服务器 2 台用于模型训练', 'purchase', '用于知识库检索模型训练，显存不低于 80GB。', '杨磊 13800000006', 'processing', 14],
    ['huangqiang', 'admin', '会议室视频会议系统升级', 'technology', '现有设备不支持 4K 与无线投屏，需升级 3 间会议室。', '黄强 13800000008', 'open', 6],
    ['chenjing', 'finance', '财务共享中心外包服务', 'service', '寻找具备资质的代理记账服务商，负责子公司账务。', '陈静 13800000005', 'done', 21],
    ['lina', 'frontend', '与高校共建前端实训基地', 'cooperation', '面向同济、华师大计算机学院，每年接收实习生 10 名。', '李娜 13800000003', 'open', 3],
    ['zhangwei', 'hr', '员工体检机构年度招标', 'service', '覆盖 200 人，含入职体检与年度体检。', '张伟 13800000001', 'closed', 9],
  ];
  const demandEntity = requireEntity(ctx, 'DemandInfo');
  const logs = requireEntity(ctx, 'DemandLog');
  for (const [account, dept, title, demandType, content, contact, demandStatus, viewCount] of demands) {
    const owner = demo.as(account, dept);
    const id = await insertRow(ctx, demandEntity, { title, demandType, content, contact, publisher: owner.userId, demandStatus, viewCount }, owner);
    await insertRow(ctx, logs, { demand: id, action: 'view', operator: user('wuting') }, wuting);
    if (demandStatus !== 'open') {
      await insertRow(ctx, logs, { demand: id, action: 'status', operator: user('wuting'), fromStatus: 'open', toStatus: demandStatus, remark: '按需求评审结果调整' }, wuting);
    }
  }

  const messageTypes = ctx.registry.entities.get('MessageConfig');
  if (messageTypes) await insertRow(ctx, messageTypes, {
    msgTypeCode: FEEDBACK_REPLY_TYPE, msgTypeName: '意见反馈回复', channels: 'site', enabled: 1, sort: 41, remark: '',
    template: '您提交的意见反馈已回复：{replyContent}', templateEn: 'Your feedback has a reply: {replyContent}',
  }, wuting);
}
