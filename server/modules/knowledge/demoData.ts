import type { ServerContext } from '../../context';
import { insertRow } from '../../seed/insertRow';
import { nowText } from '../../http/newId';
import type { DemoOrganisation } from '../ServerModule';
import { docxOf, storeDemoFile, xlsxOf } from './demoFiles';
import { knowledgeEntity } from './knowledgeReaders';

type Visibility = { visibility: 'all' } | { visibility: 'depts'; depts: string[] } | { visibility: 'users'; users: string[] };

interface DemoDoc {
  sort: string;
  title: string;
  author: [account: string, dept: string];
  tags: string[];
  summary: string;
  paragraphs: string[];
  status?: 'draft' | 'published';
  see?: Visibility;
  file?: 'docx' | 'xlsx';
}

const DOCS: DemoDoc[] = [
  { sort: 'admin', title: '员工考勤管理制度（2026 修订版）', author: ['huangqiang', 'admin'], tags: ['考勤', '制度'], summary: '规定工作时间、打卡方式、迟到早退与请假的处理办法。',
    paragraphs: ['第一条 公司实行标准工时制，工作时间为周一至周五 9:00—18:00，午休 12:00—13:00。', '第二条 员工须通过移动端在办公地点 500 米范围内打卡，外勤人员以外出登记为准。', '第三条 每月迟到累计超过三次的，按事假半天处理；因公外出须提前提交外出申请。'], file: 'docx' },
  { sort: 'admin', title: '会议室预约与使用规范', author: ['wuting', 'office'], tags: ['会议', '行政'], summary: '会议室预约流程、使用时长和设备归还要求。',
    paragraphs: ['会议室通过 OA 系统「会议管理」预约，同一时段不可重复预约。', '会议结束后请关闭投影仪与空调，白板擦拭干净。', '超过 30 分钟未签到的预约将自动释放。'] },
  { sort: 'hr', title: '差旅费报销管理办法', author: ['chenjing', 'finance'], tags: ['报销', '差旅', '财务'], summary: '出差审批、交通住宿标准和报销时限。',
    paragraphs: ['员工出差须提前在系统提交出差申请，经部门负责人审批后方可预订交通与住宿。', '一线城市住宿标准为每晚 500 元以内，其他城市 350 元以内。', '报销须在出差结束后 15 个工作日内提交，逾期需说明原因。'], file: 'xlsx' },
  { sort: 'hr', title: '新员工入职指引', author: ['zhangwei', 'hr'], tags: ['入职', '人事'], summary: '入职第一周要完成的事项清单。',
    paragraphs: ['入职当天到人力资源部办理手续，领取工牌与办公用品。', '第一周完成信息安全培训与企业文化课程，并在知识库阅读《员工手册》。', '试用期为三个月，期满前两周由直属上级发起转正评估。'] },
  { sort: 'dev', title: '前端代码规范（React + TypeScript）', author: ['lina', 'frontend'], tags: ['前端', '规范', 'React'], summary: '组件命名、状态管理与代码评审的约定。',
    paragraphs: ['组件文件以组件名命名，使用 PascalCase；一个文件只导出一个页面级组件。', '所有用户可见文案必须经过 i18next 国际化，禁止在组件内硬编码中文。', '提交合并请求前须通过 tsc 类型检查与单元测试，至少一名同事评审。'] },
  { sort: 'dev', title: '接口设计与错误码约定', author: ['liuyang', 'backend'], tags: ['后端', '接口'], summary: '统一的调用路径、返回包与错误码。',
    paragraphs: ['所有调用走 /capi/{get|set}/{base}/{call}，返回 {code, message, data}。', '业务校验失败返回 code 100 并给出本地化提示，权限不足返回 403。', '分页参数统一为 pageNo 与 pageSize，最大 500 条。'] },
  { sort: 'dev', title: '数据库迁移操作手册', author: ['liuyang', 'backend'], tags: ['数据库', 'PostgreSQL'], summary: '上线前的数据库迁移、备份和回滚步骤。',
    paragraphs: ['迁移前在预发布环境完成全量备份，并记录备份文件的校验值。', '表结构变更只增不删，新增列须给出默认值，避免锁表。', '回滚时从备份恢复并重启服务，恢复后执行全文索引重建。'], see: { visibility: 'depts', depts: ['tech'] } },
  { sort: 'ops', title: '机房巡检与 UPS 维护规程', author: ['zhoujie', 'backend'], tags: ['运维', '机房'], summary: '每日巡检项目与 UPS 电池维护周期。',
    paragraphs: ['每日上午十点巡检机房温湿度，温度应保持在 18—27℃，湿度 40%—60%。', 'UPS 电池每半年做一次放电测试，发现鼓包立即更换。', '巡检记录在值班系统中登记，异常项当天通报技术研发部负责人。'] },
  { sort: 'ops', title: '生产环境发布检查清单', author: ['yanglei', 'tech'], tags: ['发布', '运维'], summary: '发布窗口、灰度策略与回滚预案。',
    paragraphs: ['常规发布窗口为每周二、周四晚 20:00 之后。', '先灰度 10% 流量观察 30 分钟，监控错误率与响应时间。', '出现严重故障时立即回滚，并在 24 小时内提交故障复盘报告。'], see: { visibility: 'users', users: ['lina', 'liuyang', 'zhoujie'] } },
  { sort: 'train', title: '信息安全意识培训讲义', author: ['zhangwei', 'hr'], tags: ['培训', '信息安全'], summary: '钓鱼邮件识别、密码管理和办公终端安全。',
    paragraphs: ['不要点击来历不明邮件中的链接，发现可疑邮件请转发给信息安全小组。', '密码至少 10 位，包含字母、数字和符号，每 90 天更换一次。', '离开工位时锁定电脑屏幕，涉密文件不得通过个人网盘传输。'] },
  { sort: 'train', title: '项目管理基础课程笔记', author: ['yanglei', 'tech'], tags: ['培训', '项目管理'], summary: '范围、进度、风险管理的要点与甘特图的使用。',
    paragraphs: ['项目启动时明确范围说明书，变更须走变更控制流程。', '使用甘特图跟踪任务进度，关键路径上的任务延期要立即预警。', '每周例会同步风险清单，并指定风险负责人。'] },
  { sort: 'faq', title: '忘记登录密码怎么办？', author: ['admin', 'office'], tags: ['常见问题', '账号'], summary: '通过手机验证码自助找回密码。',
    paragraphs: ['在登录页点击「忘记密码」，输入绑定的手机号获取验证码。', '验证通过后设置新密码，新密码不能与最近三次相同。', '手机号已变更的，请联系系统管理员重置。'] },
  { sort: 'faq', title: '如何申请使用公务车辆？', author: ['wangfang', 'fleet'], tags: ['常见问题', '车辆'], summary: '用车申请、调度与还车流程。',
    paragraphs: ['在「行政办公 › 用车申请」填写用车时间、目的地和乘车人。', '调度员审批后分配车辆与驾驶员，结果会通过站内消息通知。', '用车结束后登记还车里程，油卡使用须另行登记。'] },
  { sort: 'faq', title: 'VPN 远程办公常见问题', author: ['zhoujie', 'backend'], tags: ['常见问题', 'VPN'], summary: '客户端安装、连接失败和带宽限制。',
    paragraphs: ['VPN 客户端可在内网软件中心下载，首次登录需绑定动态口令。', '提示「证书过期」时请更新客户端到最新版本。', '视频会议请尽量不走 VPN，以免占用公司出口带宽。'] },
  { sort: 'dev', title: '知识库全文检索设计草稿', author: ['liuyang', 'backend'], tags: ['检索', '草稿'], summary: '三元组索引与权限过滤的初步方案（草稿，未发布）。',
    paragraphs: ['SQLite 使用 FTS5 trigram 分词器，PostgreSQL 使用 pg_trgm。', '检索结果按记录自身的读取规则过滤，无权查看的文档不出现在结果中。'], status: 'draft' },
];

/** 知识库: a category tree, documents (two with a Word or Excel attachment whose text is searchable), comments, learning records and searches. */
export async function seedKnowledgeDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const admin = demo.as('zhangwei', 'hr');
  const sorts = knowledgeEntity(ctx, 'KnowledgeSort');
  const rules = await insertRow(ctx, sorts, { sortName: '制度规范', parentId: null, sort: 1 }, admin);
  const tech = await insertRow(ctx, sorts, { sortName: '技术文档', parentId: null, sort: 2 }, admin);
  const sortIds: Record<string, string> = {
    admin: await insertRow(ctx, sorts, { sortName: '行政制度', parentId: rules, sort: 1 }, admin),
    hr: await insertRow(ctx, sorts, { sortName: '人事财务制度', parentId: rules, sort: 2 }, admin),
    dev: await insertRow(ctx, sorts, { sortName: '开发规范', parentId: tech, sort: 1 }, admin),
    ops: await insertRow(ctx, sorts, { sortName: '运维手册', parentId: tech, sort: 2 }, admin),
    train: await insertRow(ctx, sorts, { sortName: '培训资料', parentId: null, sort: 3, remark: '入职培训、专业技能与安全培训的讲义' }, admin),
    faq: await insertRow(ctx, sorts, { sortName: '常见问题', parentId: null, sort: 4 }, admin),
  };
  const documents = knowledgeEntity(ctx, 'Knowledge');
  const user = (account: string) => demo.userIds.get(account) ?? '';
  const ids: string[] = [];
  for (const [i, doc] of DOCS.entries()) {
    const owner = demo.as(...doc.author);
    let attachments: string | null = null;
    if (doc.file === 'docx') attachments = await storeDemoFile(ctx, owner, `${doc.title}.docx`, await docxOf([doc.title, ...doc.paragraphs, '附则：本制度由行政部负责解释，自 2026 年 12 月 1 日起施行。']));
    if (doc.file === 'xlsx') {
      attachments = await storeDemoFile(ctx, owner, '差旅住宿标准对照表.xlsx', await xlsxOf('住宿标准', [
        ['城市类别', '城市', '住宿上限（元/晚）'], ['一线城市', '北京 上海 广州 深圳', 500], ['省会城市', '杭州 南京 成都 武汉', 400], ['其他城市', '其他地级市', 350],
      ]));
    }
    const see = doc.see ?? { visibility: 'all' as const };
    ids.push(await insertRow(ctx, documents, {
      sortId: sortIds[doc.sort], title: doc.title, tags: doc.tags.join(','), summary: doc.summary,
      content: doc.paragraphs.map((p) => `<p>${p}</p>`).join(''), attachments, author: owner.userId,
      status: doc.status ?? 'published', visibility: see.visibility,
      visibleDepts: see.visibility === 'depts' ? see.depts.map((d) => demo.deptIds.get(d) ?? '').join(',') : null,
      visibleUsers: see.visibility === 'users' ? see.users.map(user).join(',') : null,
      viewCount: [36, 18, 52, 41, 27, 22, 9, 12, 15, 33, 19, 64, 28, 45, 0][i] ?? 0,
    }, owner));
  }
  const comments = knowledgeEntity(ctx, 'KnowledgeComment');
  const commentRows: [number, string, string, string][] = [
    [0, 'lina', 'frontend', '外勤人员的打卡范围能否放宽到 1 公里？'],
    [0, 'huangqiang', 'admin', '外勤请使用外出登记，不受打卡范围限制。'],
    [2, 'liuyang', 'backend', '高铁二等座是否可以直接报销，不用单独审批？'],
    [4, 'zhoujie', 'backend', '建议补充一节关于表单校验的约定。'],
    [11, 'chenjing', 'finance', '按步骤操作已找回，谢谢！'],
  ];
  for (const [doc, account, dept, content] of commentRows) {
    const owner = demo.as(account, dept);
    await insertRow(ctx, comments, { knowledge: ids[doc], content, commenter: owner.userId }, owner);
  }
  const learn = knowledgeEntity(ctx, 'KnowledgeLearnRecord');
  const learnRows: [number, string, string, number, number][] = [
    [0, 'lina', 'frontend', 1, 320], [0, 'liuyang', 'backend', 1, 180], [3, 'zhoujie', 'backend', 2, 600],
    [9, 'lina', 'frontend', 3, 1500], [9, 'chenjing', 'finance', 3, 1260], [4, 'liuyang', 'backend', 4, 420], [11, 'wangfang', 'fleet', 5, 95],
  ];
  for (const [doc, account, dept, daysAgo, duration] of learnRows) {
    const owner = demo.as(account, dept);
    await insertRow(ctx, learn, { knowledge: ids[doc], learner: owner.userId, startTime: nowText(new Date(Date.now() - daysAgo * 86_400_000)), duration }, owner);
  }
  const keywords = knowledgeEntity(ctx, 'KnowledgeSearchKeyword');
  const searches: [string, string, string, number][] = [
    ['考勤', 'lina', 'frontend', 2], ['考勤', 'liuyang', 'backend', 2], ['考勤', 'chenjing', 'finance', 2], ['报销', 'chenjing', 'finance', 1],
    ['报销', 'zhoujie', 'backend', 1], ['VPN', 'lina', 'frontend', 1], ['会议室', 'wangfang', 'fleet', 1], ['密码', 'xuming', 'fleet', 1],
  ];
  for (const [keyword, account, dept, resultCount] of searches) {
    const owner = demo.as(account, dept);
    await insertRow(ctx, keywords, { keyword, searcher: owner.userId, resultCount }, owner);
  }
}
