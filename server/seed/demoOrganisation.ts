/**
 * The demo organisation filled into an empty database on first start: enough people, roles
 * and records to try every screen. Names are fictional.
 */

export const DEMO_UNIT = { unitName: '华东智联科技集团有限公司', shortName: '华东智联', unitType: 1, creditCode: '91310000MA1FL8XQ3A', address: '上海市浦东新区张江路 88 号', sort: 1 };

/** [key, name, parent key] in tree order. */
export const DEMO_DEPTS: [string, string, string | null][] = [
  ['root', '华东智联科技集团', null],
  ['office', '总经理办公室', 'root'],
  ['hr', '人力资源部', 'root'],
  ['admin', '行政部', 'root'],
  ['fleet', '车辆调度组', 'admin'],
  ['tech', '技术研发部', 'root'],
  ['frontend', '前端开发组', 'tech'],
  ['backend', '后端开发组', 'tech'],
  ['finance', '财务部', 'root'],
];

/**
 * Role code → data scope and the permissions it is granted ('*' = every action of the entity).
 * The name is the key `role.<code>.name`. The modules' own roles (HR staff, dispatcher, outing
 * approver) are in their module.json and made at every start (server/seed/syncModuleRoles.ts).
 */
export const DEMO_ROLES: { code: string; dataScope: string; grants: string[] }[] = [
  { code: 'admin', dataScope: '5', grants: [] },
  { code: 'secadmin', dataScope: '1', grants: ['system:SecurityEvent:list', 'system:SecurityEvent:view', 'system:SecurityEvent:approve', 'system:SecurityEvent:reject', 'system:SecurityConfig:*', 'system:SysLoginLock:*', 'system:SysMessage:my'] },
  { code: 'auditor', dataScope: '1', grants: ['system:SysOperationLog:*', 'system:SysLoginLog:*', 'system:SysRunLog:*', 'system:SecurityEvent:list', 'system:SecurityEvent:view', 'system:SecurityEvent:export', 'system:SecurityConfig:list', 'system:SecurityConfig:view', 'system:SysMessage:my'] },
  { code: 'staff', dataScope: '1', grants: ['system:SysMessage:my', 'system:PersonalGroup:*', 'hr:HrContract:my',
    // The workflow centre with one's delegation rules and common phrases; one's exams and the task Gantt chart.
    'menu:bpmCentre', 'bpm:BpmDelegation:*', 'bpm:BpmPhrase:*', 'menu:officeExamMine', 'menu:officeTaskGantt',
    // One's own personnel file, payslips, benefits, evaluations, KPI plans and scores, training and hiring requests;
    // 我的考核打分 for the leaders a KPI plan names as its scorer (its call answers only the sheets one scores).
    'menu:hrKpiScoring', 'hr:HrUser:my', 'hr:SalaryRecord:my', 'hr:WelfareRecord:my', 'hr:Evaluate:my', 'hr:KpiPlan:my', 'hr:KpiScore:my', 'hr:TrainRecord:my', 'hr:TrainRecord:insert', 'hr:TrainRecord:update', 'hr:TrainRecord:delete', 'hr:RecruitNeeds:my', 'hr:RecruitNeeds:insert', 'hr:RecruitNeeds:update', 'hr:RecruitNeeds:delete', 'hr:RecruitTask:my',
    // One's own HR records, and the applications an employee files (title evaluation, reinstatement, leaving).
    'hr:CareRecord:my', 'hr:TitleEvaluation:my', 'hr:Reinstatement:my', 'hr:LeaveRecord:my', 'hr:PersonnelTransfer:my', 'hr:WorkSkills:my', 'hr:Incentive:my', 'hr:WorkRecord:my', 'hr:LearnRecord:my', 'hr:Licence:my', 'hr:TitleEvaluation:insert', 'hr:TitleEvaluation:update', 'hr:TitleEvaluation:delete', 'hr:Reinstatement:insert', 'hr:Reinstatement:update', 'hr:Reinstatement:delete', 'hr:LeaveRecord:insert', 'hr:LeaveRecord:update', 'hr:LeaveRecord:delete', 'office:OfficeVehicleApply:my', 'office:OfficeVehicleApply:view', 'office:OfficeVehicleApply:insert', 'office:OfficeVehicleApply:update', 'office:OfficeVehicleApply:delete', 'office:OfficeVehicleApply:giveBack',
    'office:OfficeMeeting:my', 'office:OfficeMeeting:view', 'office:OfficeMeeting:insert', 'office:OfficeMeeting:update', 'office:OfficeMeeting:delete', 'office:OfficeMeeting:cancel',
    // The rooms' occupancy, diaries shared with one and one's department's (for its leader), the plans one holds or supervises, one's year of clock-ins, one's trips.
    'menu:officeMeetingOccupancy', 'menu:officeDiaryShared', 'menu:officeDiarySubordinate', 'menu:officeWorkPlanHeld', 'menu:officeWorkPlanSupervised', 'menu:officeAttendanceYear',
    'office:OfficeTravel:my', 'office:OfficeTravel:view', 'office:OfficeTravel:insert', 'office:OfficeTravel:update', 'office:OfficeTravel:delete', 'office:OfficeTravel:cancel',
    // One's own tasks and plans with their reports, diaries, clock-ins, leave, overtime, supplies and visits.
    'office:OfficeTask:my', 'office:OfficeTask:view', 'office:OfficeTask:insert', 'office:OfficeTask:update', 'office:OfficeTask:hold', 'office:OfficeTask:resume', 'office:OfficeTask:finish',
    'office:OfficeTaskProcess:my', 'office:OfficeTaskProcess:view', 'office:OfficeTaskProcess:insert', 'office:OfficeGanttLink:list', 'office:OfficeGanttLink:view', 'office:OfficeGanttLink:insert', 'office:OfficeGanttLink:delete',
    'office:OfficeMeetingNotes:my', 'office:OfficeMeetingNotes:view', 'office:OfficeMeetingNotes:insert', 'office:OfficeMeetingNotes:update',
    'office:OfficeSuppliesApply:my', 'office:OfficeSuppliesApply:view', 'office:OfficeSuppliesApply:insert', 'office:OfficeSuppliesApply:update', 'office:OfficeSuppliesApply:delete',
    'office:OfficeDiary:my', 'office:OfficeDiary:view', 'office:OfficeDiary:insert', 'office:OfficeDiary:update', 'office:OfficeDiary:delete', 'office:OfficeDiaryComment:my', 'office:OfficeDiaryComment:view', 'office:OfficeDiaryComment:insert', 'office:OfficeDiaryComment:delete',
    'office:OfficeAttendance:my', 'office:OfficeAttendance:view', 'office:OfficeAttendance:insert', 'office:OfficeLeave:my', 'office:OfficeLeave:view', 'office:OfficeLeave:insert', 'office:OfficeLeave:update', 'office:OfficeLeave:delete',
    'office:OfficeOvertime:my', 'office:OfficeOvertime:view', 'office:OfficeOvertime:insert', 'office:OfficeOvertime:update', 'office:OfficeOvertime:delete',
    'office:OfficeWorkPlan:my', 'office:OfficeWorkPlan:view', 'office:OfficeWorkPlan:insert', 'office:OfficeWorkPlan:update', 'office:OfficeWorkPlan:finish', 'office:OfficeWorkPlan:cancel', 'office:OfficeWorkPlanProcess:my', 'office:OfficeWorkPlanProcess:view', 'office:OfficeWorkPlanProcess:insert',
    'office:OfficeHospitality:my', 'office:OfficeHospitality:view', 'office:OfficeHospitality:insert', 'office:OfficeHospitality:update', 'office:OfficeHospitality:delete',
    // One's own licence borrowings, duty rosters, exams and asset requests.
    'office:OfficeLicenceBorrow:my', 'office:OfficeLicenceBorrow:view', 'office:OfficeLicenceBorrow:insert', 'office:OfficeLicenceBorrow:update', 'office:OfficeLicenceBorrow:delete',
    'office:OfficeDutyRecord:my', 'office:OfficeDutyRecord:view', 'office:OfficeDutyRecord:insert', 'office:OfficeDutyRecord:update', 'office:OfficeDutyRecord:delete',
    'office:OfficeExamGrade:my', 'office:OfficeExamGrade:view',
    'office:OfficeAssetApply:my', 'office:OfficeAssetApply:view', 'office:OfficeAssetApply:insert', 'office:OfficeAssetApply:update', 'office:OfficeAssetApply:delete',
    // @staff-grants-info
    // News and notices are read on 新闻中心 and 我的通知; 新闻管理 and 通知公告管理 show to their managers only.
    'info:News:my', 'info:News:view', 'info:Notice:my', 'info:Notice:view', 'menu:infoNewsReader', 'menu:infoNoticeMine',
    // @staff-grants-community
    // Staff read the feed and the boards on their pages (动态, 讨论区: menu:communityFeed, menu:communityForum) and
    // write there through the buttons below; the pages under 互动管理 are the community administrators' (their
    // manage lists), so staff hold no list permission of those entities.
    'community:DynamicsRecord:my', 'community:DynamicsRecord:view', 'community:DynamicsRecord:insert', 'community:DynamicsRecord:update', 'community:DynamicsRecord:delete',
    'community:DynamicsComment:my', 'community:DynamicsComment:view', 'community:DynamicsComment:insert', 'community:DynamicsComment:delete',
    'community:DiscussPost:my', 'community:DiscussPost:view', 'community:DiscussPost:insert', 'community:DiscussPost:update', 'community:DiscussPost:delete',
    'community:DiscussReply:my', 'community:DiscussReply:view', 'community:DiscussReply:insert', 'community:DiscussReply:delete',
    'community:LeaderMailbox:my', 'community:LeaderMailbox:view', 'community:LeaderMailbox:insert',
    'community:DataUploadInfo:my', 'community:DataUploadInfo:view', 'community:DataUploadInfo:insert', 'community:DataUploadInfo:update', 'community:DataUploadInfo:delete',
    'menu:communityFeed', 'menu:communityForum', 'menu:communityMyVote',
    // @staff-grants-contacts
    // One's own address book, bookmarks and notes; open information, leaders' public activities; emergencies, security reports, feedback and demands one files.
    'infohub:AddressBook:*', 'infohub:Bookmark:*', 'infohub:StickyNote:*', 'menu:infohubDirectory',
    'infohub:OpenInfo:my', 'infohub:OpenInfo:view', 'infohub:LeaderActivity:my', 'infohub:LeaderActivity:view',
    'infohub:ShareWebsite:my', 'infohub:ShareWebsite:view', 'infohub:BigStory:my', 'infohub:BigStory:view', 'menu:infohubBigStoryTimeline',
    'infohub:Emergency:my', 'infohub:Emergency:view', 'infohub:Emergency:insert',
    'service:SecurityInfo:my', 'service:SecurityInfo:view', 'service:SecurityInfo:insert',
    'service:Feedback:my', 'service:Feedback:view', 'service:Feedback:insert',
    'service:DemandInfo:my', 'service:DemandInfo:view', 'service:DemandInfo:insert', 'service:DemandInfo:update', 'service:DemandInfo:delete',
    // @staff-grants-knowledge
    'menu:knowledgeHome', 'menu:knowledgeSearch', 'knowledge:Knowledge:my', 'knowledge:Knowledge:view', 'knowledge:Knowledge:insert', 'knowledge:Knowledge:update', 'knowledge:Knowledge:delete',
    'knowledge:KnowledgeComment:my', 'knowledge:KnowledgeComment:view', 'knowledge:KnowledgeComment:insert', 'knowledge:KnowledgeComment:delete', 'knowledge:KnowledgeLearnRecord:my', 'knowledge:KnowledgeLearnRecord:view',
    // @staff-grants-email
    'menu:emailMailbox', 'email:Email:*', 'email:EmailBox:*', 'email:EmailForwardConfig:*', 'email:EmailConfig:*',
    // @staff-grants-file
    'file:NetDiskItem:*', 'file:NetDiskShare:*', 'file:PersonalFolder:*', 'file:PersonalFile:*', 'menu:filePublicCabinet', 'menu:fileRegulationRead',
    // @staff-grants-calendar
    'calendar:CalendarEntry:*', 'menu:calendarSchedule',
    'menu:galleryAlbums', 'gallery:FileMapSort:list', 'gallery:FileMapSort:view', 'gallery:FileMapItem:list', 'gallery:FileMapItem:view', 'menu:galleryFileMap', 'gallery:FileMapRecord:list', 'gallery:FileMapRecord:view',
    // @staff-grants-portal
  ] },
];

/** [accountId, name, dept key, role codes, sex, phone] */
export const DEMO_USERS: [string, string, string, string[], string, string][] = [
  ['admin', '系统管理员', 'office', ['admin'], '1', '13800000000'],
  ['zhangwei', '张伟', 'hr', ['hr', 'examAdmin', 'knowledgeAdmin', 'staff'], '1', '13800000001'],
  ['wangfang', '王芳', 'fleet', ['dispatcher', 'staff'], '2', '13800000002'],
  ['lina', '李娜', 'frontend', ['staff'], '2', '13800000003'],
  ['liuyang', '刘洋', 'backend', ['staff'], '1', '13800000004'],
  ['chenjing', '陈静', 'finance', ['staff'], '2', '13800000005'],
  ['yanglei', '杨磊', 'tech', ['taskManager', 'regulationApprover', 'staff'], '1', '13800000006'],
  ['zhaomin', '赵敏', 'hr', ['hr', 'hrPayroll', 'staff'], '2', '13800000007'],
  ['huangqiang', '黄强', 'admin', ['officeAdmin', 'assetAdmin', 'licenceAdmin', 'fileAdmin', 'galleryAdmin', 'infoNoticeApprover', 'infohubAdmin', 'staff'], '1', '13800000008'],
  ['zhoujie', '周杰', 'backend', ['staff'], '1', '13800000009'],
  ['wuting', '吴婷', 'office', ['meetingAdmin', 'dutyAdmin', 'communityAdmin', 'infoAdmin', 'serviceAdmin', 'staff'], '2', '13800000010'],
  ['xuming', '徐明', 'fleet', ['dispatcher', 'staff'], '1', '13800000011'],
  // The three-role security administrators besides admin (the system administrator).
  ['secadmin', '安全管理员', 'office', ['secadmin'], '2', '13800000020'],
  ['auditor', '安全审计员', 'office', ['auditor'], '1', '13800000021'],
];

/**
 * Dictionary code → its items' [value, tagType]. Labels are keys read in the user's language:
 * `dic.<code>.label` for the dictionary, `dic.<code>.item.<value>` for an item.
 */
export const DEMO_DICTIONARIES: { code: string; items: [string, string][] }[] = [
  { code: 'sex', items: [['1', 'processing'], ['2', 'error']] },
  { code: 'hrContractType', items: [['fixed', 'processing'], ['open', 'success'], ['service', 'warning'], ['intern', 'default']] },
  { code: 'officeVehicleType', items: [['sedan', 'processing'], ['mpv', 'success'], ['truck', 'warning'], ['bus', 'default']] },
  // The personnel file's, department's, evaluation's, benefit's, KPI's and training's choices.
  { code: 'hrNation', items: [['han', 'default'], ['hui', 'default'], ['manchu', 'default'], ['zhuang', 'default'], ['uygur', 'default'], ['other', 'default']] },
  { code: 'hrPolitical', items: [['cpc', 'default'], ['probationary', 'default'], ['league', 'default'], ['democratic', 'default'], ['masses', 'default']] },
  { code: 'hrEducation', items: [['doctor', 'default'], ['master', 'default'], ['bachelor', 'default'], ['college', 'default'], ['highSchool', 'default'], ['other', 'default']] },
  { code: 'hrDegree', items: [['doctor', 'default'], ['master', 'default'], ['bachelor', 'default'], ['none', 'default']] },
  { code: 'hrRank', items: [['p1', 'default'], ['p2', 'default'], ['p3', 'default'], ['p4', 'default'], ['m1', 'default'], ['m2', 'default'], ['m3', 'default']] },
  { code: 'hrEmploymentType', items: [['fullTime', 'default'], ['partTime', 'default'], ['intern', 'default'], ['outsourced', 'default'], ['rehired', 'default']] },
  { code: 'hrDeptType', items: [['management', 'default'], ['business', 'default'], ['support', 'default'], ['rnd', 'default']] },
  { code: 'hrEvaluateType', items: [['probation', 'default'], ['annual', 'default'], ['project', 'default'], ['peer', 'default']] },
  { code: 'hrWelfareType', items: [['holiday', 'default'], ['medical', 'default'], ['birthday', 'default'], ['subsidy', 'default'], ['teamBuilding', 'default']] },
  { code: 'hrKpiCategory', items: [['result', 'default'], ['ability', 'default'], ['attitude', 'default']] },
  { code: 'hrTrainType', items: [['onboarding', 'default'], ['skill', 'default'], ['management', 'default'], ['safety', 'default'], ['external', 'default']] },
  // The demo processes' forms (server/modules/bpm/processes).
  { code: 'bpmLeaveType', items: [['annual', 'processing'], ['personal', 'default'], ['sick', 'warning'], ['marriage', 'success'], ['maternity', 'success']] },
  { code: 'bpmExpenseType', items: [['travel', 'processing'], ['office', 'default'], ['entertainment', 'warning'], ['training', 'success']] },
  { code: 'bpmSealType', items: [['official', 'error'], ['contract', 'processing'], ['finance', 'warning'], ['legal', 'default']] },
  // 信息发布: news categories and notice types.
  { code: 'infoNewsType', items: [['company', 'processing'], ['industry', 'success'], ['media', 'warning'], ['party', 'error']] },
  { code: 'infoNoticeType', items: [['admin', 'processing'], ['personnel', 'warning'], ['rules', 'error'], ['meeting', 'success'], ['other', 'default']] },
  // 综合信息: the levels of an emergency (Ⅰ 特别重大 … Ⅳ 一般).
  { code: 'infoEmergencyLevel', items: [['level1', 'error'], ['level2', 'warning'], ['level3', 'processing'], ['level4', 'default']] },
];

/** The stored labels of the seeded dictionaries and roles: language-pack keys. */
export const dictionaryLabelKey = (code: string) => `dic.${code}.label`;
export const dictionaryItemKey = (code: string, value: string) => `dic.${code}.item.${value}`;
export const roleNameKey = (code: string) => `role.${code}.name`;

/** Contract numbers HT-2026-0001…: the demo contracts are numbered by it too. */
export const DEMO_CODE_RULE = { ruleCode: 'hrContractNo', ruleName: '劳动合同编号', prefix: 'HT', datePattern: 'YYYY', separator: '-', seqLength: 4, resetCycle: 'year' };
