import type { ServerContext } from '../../context';
import { insertRow } from '../../seed/insertRow';
import { seedFlowHistory } from '../../seed/seedFlowHistory';
import { addDays } from '../../seed/demoDays';
import type { DemoOrganisation } from '../ServerModule';

type Q = [sort: number, type: string, content: string, choices: [string, string][], answer: string, score: number, analysis: string];

/** The question bank: every type, in two categories. */
const QUESTIONS: Q[] = [
  [0, 'single', '员工因私外出需提前在系统中提交哪项申请？', [['A', '外出登记'], ['B', '用车申请'], ['C', '会议预约'], ['D', '证照借用']], 'A', 10, '因私外出须提交外出登记并经审批。'],
  [0, 'multiple', '以下哪些属于公司固定资产的变动类型？', [['A', '领用'], ['B', '调拨'], ['C', '回收'], ['D', '报销']], 'A,B,C', 10, '报销属于费用业务，不是资产变动。'],
  [0, 'judge', '公司证照原件可以不经审批直接借出。', [], 'false', 10, '证照借用须走证照借用流程。'],
  [1, 'single', '发现疑似钓鱼邮件时，正确的做法是？', [['A', '点击链接核实'], ['B', '转发给同事确认'], ['C', '报告信息安全部门并删除'], ['D', '回复发件人询问']], 'C', 10, ''],
  [1, 'fill', '公司办公电脑的锁屏快捷键是 Windows 键加字母____。', [], 'L|l', 10, 'Win + L 锁定计算机。'],
  [1, 'essay', '请简述你在日常工作中保护客户数据的三项做法。', [], '', 30, '从存储、传输、访问控制等方面作答即可。'],
];

/** 考试: categories, the bank, an exam open this week and last month's, graded. */
export async function seedExamDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const entities = ctx.registry.entities;
  const admin = demo.as('zhangwei', 'hr');
  const user = (account: string) => demo.userIds.get(account) ?? '';
  const testSort = entities.get('OfficeTestSort')!;
  const rules = await insertRow(ctx, testSort, { sortName: '规章制度', sort: 1 }, admin);
  const security = await insertRow(ctx, testSort, { sortName: '信息安全', sort: 2 }, admin);
  await insertRow(ctx, testSort, { sortName: '数据保护', parentId: security, sort: 1 }, admin);
  const examSort = entities.get('OfficeExamSort')!;
  const induction = await insertRow(ctx, examSort, { sortName: '入职培训考试', sort: 1 }, admin);
  const annual = await insertRow(ctx, examSort, { sortName: '年度合规考试', sort: 2 }, admin);
  await insertRow(ctx, examSort, { sortName: '信息安全季度测验', parentId: annual, sort: 1 }, admin);

  const questionIds: string[] = [];
  for (const [sort, questionType, content, choices, answer, score, analysis] of QUESTIONS) {
    questionIds.push(await insertRow(ctx, entities.get('OfficeExamQuestion')!, {
      testSort: sort === 0 ? rules : security, questionType, content, choices: choices.map(([choiceKey, choiceText]) => ({ choiceKey, choiceText })),
      answer: answer || null, score, analysis: analysis || null, difficulty: score > 10 ? 'hard' : 'normal',
    }, admin));
  }
  const lines = QUESTIONS.map((q, i) => ({ question: questionIds[i], score: q[5] }));
  const total = lines.reduce((s, l) => s + l.score, 0);
  const candidates = ['lina', 'liuyang', 'chenjing', 'zhoujie', 'huangqiang'].map(user).join(',');
  const tests = entities.get('OfficeExamTest')!;
  await insertRow(ctx, tests, {
    title: '2026 年度行政制度与信息安全考试', examSort: annual, questions: lines, totalScore: total, passScore: 60, durationMinutes: 30,
    startTime: `${addDays(-1)} 08:00:00`, endTime: `${addDays(7)} 20:00:00`, candidates, status: 'published',
    remark: '闭卷作答，共 6 题，满分 80 分；开考后 30 分钟内交卷，到时自动交卷。',
  }, admin);
  const pastLines = lines.slice(0, 3);
  const past = await insertRow(ctx, tests, {
    title: '新员工入职制度考试（10 月批次）', examSort: induction, questions: [...pastLines, lines[5]], totalScore: 60, passScore: 36, durationMinutes: 20,
    startTime: `${addDays(-40)} 09:00:00`, endTime: `${addDays(-33)} 18:00:00`, candidates: [user('lina'), user('liuyang')].join(','), status: 'closed',
  }, admin);

  // lina: marked; liuyang: objective part scored, the essay waits for marking.
  const grades = entities.get('OfficeExamGrade')!;
  const records = entities.get('OfficeExamQuestionRecord')!;
  const sheets: [string, string, string, string[], number | null, string][] = [
    ['lina', 'frontend', 'marked', ['A', 'A,B,C', 'true'], 24, '条理清晰，提到了最小权限和加密传输。'],
    ['liuyang', 'backend', 'submitted', ['A', 'A,B', 'false'], null, ''],
  ];
  for (const [account, dept, status, answers, essayScore, essay] of sheets) {
    const start = `${addDays(-35)} 10:00:00`;
    const objective = pastLines.reduce((s, l, i) => s + (answers[i] === QUESTIONS[i][4] ? l.score : 0), 0);
    const totalScore = essayScore === null ? null : objective + essayScore;
    const gradeId = await insertRow(ctx, grades, {
      test: past, candidate: user(account), startTime: start, deadline: `${addDays(-35)} 10:20:00`, submitTime: `${addDays(-35)} 10:16:42`,
      objectiveScore: objective, subjectiveScore: essayScore, totalScore, passed: totalScore === null ? null : totalScore >= 36 ? 1 : 0, status,
      marker: status === 'marked' ? user('zhangwei') : null, markRemark: status === 'marked' ? '良好' : null,
    }, demo.as(account, dept));
    for (const [i, line] of pastLines.entries()) {
      const correct = answers[i] === QUESTIONS[i][4];
      await insertRow(ctx, records, {
        grade: gradeId, test: past, question: line.question, seq: i + 1, questionType: QUESTIONS[i][1], answer: answers[i], correct: correct ? 1 : 0, score: correct ? line.score : 0, maxScore: line.score,
      }, demo.as(account, dept));
    }
    await insertRow(ctx, records, {
      grade: gradeId, test: past, question: lines[5].question, seq: 4, questionType: 'essay',
      answer: essay || '1. 客户资料只存放在公司网盘；2. 对外发送前加密压缩；3. 离开工位锁屏。', correct: essayScore === null ? null : 0, score: essayScore, maxScore: 30,
    }, demo.as(account, dept));
    // As submitExamTest and approvalExamTest write it: a paper with an essay is handed in, then marked by its marker.
    const steps = [{ transition: 'submit' }, ...(status === 'marked' ? [{ transition: 'mark', by: user('zhangwei') }] : [])];
    await seedFlowHistory(ctx, grades, gradeId, { steps });
  }
}
