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

/** Role code → name, data scope and the permissions it is granted ('*' = every action of the entity). */
export const DEMO_ROLES: { code: string; name: string; dataScope: string; grants: string[] }[] = [
  { code: 'admin', name: '系统管理员', dataScope: '5', grants: [] },
  { code: 'hr', name: '人事专员', dataScope: '4', grants: ['hr:HrContract:*', 'system:User:list', 'system:User:view', 'system:Dept:list', 'system:Dept:view'] },
  { code: 'dispatcher', name: '车辆调度员', dataScope: '4', grants: ['office:OfficeVehicleApply:list', 'office:OfficeVehicleApply:view', 'office:OfficeVehicleApply:approve', 'office:OfficeVehicleApply:reject', 'office:OfficeVehicleApply:giveBack', 'office:OfficeVehicleApply:my', 'office:OfficeVehicleApply:insert'] },
  { code: 'secadmin', name: '安全管理员', dataScope: '1', grants: ['system:SecurityEvent:list', 'system:SecurityEvent:view', 'system:SecurityEvent:approve', 'system:SecurityEvent:reject', 'system:SecurityConfig:*', 'system:SysLoginLock:*', 'system:SysMessage:my'] },
  { code: 'auditor', name: '安全审计员', dataScope: '1', grants: ['system:SysOperationLog:*', 'system:SysLoginLog:*', 'system:SysRunLog:*', 'system:SecurityEvent:list', 'system:SecurityEvent:view', 'system:SecurityEvent:export', 'system:SecurityConfig:list', 'system:SecurityConfig:view', 'system:SysMessage:my'] },
  { code: 'staff', name: '普通员工', dataScope: '1', grants: ['system:SysMessage:my', 'system:PersonalGroup:*', 'hr:HrContract:my', 'office:OfficeVehicleApply:my', 'office:OfficeVehicleApply:view', 'office:OfficeVehicleApply:insert', 'office:OfficeVehicleApply:update', 'office:OfficeVehicleApply:delete', 'office:OfficeVehicleApply:giveBack'] },
];

/** [accountId, name, dept key, role codes, sex, phone] */
export const DEMO_USERS: [string, string, string, string[], string, string][] = [
  ['admin', '系统管理员', 'office', ['admin'], '1', '13800000000'],
  ['zhangwei', '张伟', 'hr', ['hr', 'staff'], '1', '13800000001'],
  ['wangfang', '王芳', 'fleet', ['dispatcher', 'staff'], '2', '13800000002'],
  ['lina', '李娜', 'frontend', ['staff'], '2', '13800000003'],
  ['liuyang', '刘洋', 'backend', ['staff'], '1', '13800000004'],
  ['chenjing', '陈静', 'finance', ['staff'], '2', '13800000005'],
  ['yanglei', '杨磊', 'tech', ['staff'], '1', '13800000006'],
  ['zhaomin', '赵敏', 'hr', ['hr', 'staff'], '2', '13800000007'],
  ['huangqiang', '黄强', 'admin', ['staff'], '1', '13800000008'],
  ['zhoujie', '周杰', 'backend', ['staff'], '1', '13800000009'],
  ['wuting', '吴婷', 'office', ['staff'], '2', '13800000010'],
  ['xuming', '徐明', 'fleet', ['dispatcher', 'staff'], '1', '13800000011'],
  // The three-role security administrators besides admin (the system administrator).
  ['secadmin', '安全管理员', 'office', ['secadmin'], '2', '13800000020'],
  ['auditor', '安全审计员', 'office', ['auditor'], '1', '13800000021'],
];

/** Dictionary code → [label, value, tagType]. */
export const DEMO_DICTIONARIES: { code: string; label: string; items: [string, string, string][] }[] = [
  { code: 'sex', label: '性别', items: [['男', '1', 'processing'], ['女', '2', 'error']] },
  { code: 'hrContractType', label: '合同类型', items: [['固定期限劳动合同', 'fixed', 'processing'], ['无固定期限劳动合同', 'open', 'success'], ['劳务合同', 'service', 'warning'], ['实习协议', 'intern', 'default']] },
  { code: 'officeVehicleType', label: '车辆类型', items: [['轿车', 'sedan', 'processing'], ['商务车', 'mpv', 'success'], ['货车', 'truck', 'warning'], ['大巴', 'bus', 'default']] },
];

/** Contract numbers HT-2026-0001…: the demo contracts are numbered by it too. */
export const DEMO_CODE_RULE = { ruleCode: 'hrContractNo', ruleName: '劳动合同编号', prefix: 'HT', datePattern: 'YYYY', separator: '-', seqLength: 4, resetCycle: 'year' };

/** The maintenance jobs every installation wants, enabled. */
export const DEMO_SCHEDULED_TASKS = [
  { taskName: '清理过期会话', jobName: 'purgeExpiredSessions', cron: '0 3 * * *', enabled: 1 },
  { taskName: '清理过期操作日志', jobName: 'purgeOperationLog', cron: '30 3 * * *', enabled: 1 },
  { taskName: '清理过期登录日志', jobName: 'purgeLoginLog', cron: '35 3 * * *', enabled: 1 },
  { taskName: '清理过期运行日志', jobName: 'purgeRunLog', cron: '40 3 * * *', enabled: 1 },
  { taskName: '劳动合同到期提醒', jobName: 'remindExpiringContracts', cron: '0 8 * * *', enabled: 1 },
  { taskName: '清理无主附件', jobName: 'purgeUnlinkedAttachments', cron: '50 3 * * *', enabled: 1 },
];
