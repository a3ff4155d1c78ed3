import type { ServerModule } from '../ServerModule';
import { remindExpiringContracts } from './contractReminders';
import { seedHrDemoData } from './hrDemoData';
import { seedHrRecordsDemoData } from './hrRecordsDemoData';
import { ALL_GENERIC_KINDS, registerSpecCallNames } from './specCallNames';
import { registerAnalysisCalls } from './analysisCalls';
import { getExpiringContractListCall } from './expiringContractsCall';
import { callKey } from '../../calls/CallHandler';
// Personnel files, departments, HR dictionary, pay, KPI, training and recruitment.
import { registerPersonnelCalls } from './personnelCalls';
import { registerHrDicCalls } from './hrDicCalls';
import { checkSalarySlip, registerSalaryCalls } from './salarySlip';
import { checkKpiPlanWeights, checkKpiScoreSheet, createKpiScores } from './kpiPlans';
import { registerKpiCalls } from './kpiCalls';
import { registerApprovedLists } from './approvedLists';
import { seedHrPersonnelDemoData } from './personnelDemoData';
import { PERSONNEL_EFFECTS } from './personnelEffects';

/** 人力资源: contracts (schemas/hr). */
export const hrModule: ServerModule = {
  name: 'hr',
  jobs: { remindExpiringContracts },
  schedules: { remindExpiringContracts: { taskName: '劳动合同到期提醒', cron: '0 8 * * *', enabled: 1 } },
  // Approvals that act: a plan in effect makes its score sheets; 离职, 调动 and 复职 update the personnel file.
  effects: { createKpiScores, ...PERSONNEL_EFFECTS },
  beforeWrite: { SalaryRecord: checkSalarySlip, KpiPlan: checkKpiPlanWeights, KpiScore: checkKpiScoreSheet },
  registerCalls(table) {
    // The spec's Contract call names, the 33 analysis calls, the desk's expiring contracts.
    registerSpecCallNames(table, 'hr', 'HrContract', 'Contract', ALL_GENERIC_KINDS);
    registerAnalysisCalls(table);
    table.set(callKey('get', 'hr', 'getExpiringContractList'), getExpiringContractListCall);
    // The spec's User/Dic names, named reads, payslip privacy, KPI scoring, approved lists.
    registerPersonnelCalls(table);
    registerHrDicCalls(table);
    registerSalaryCalls(table);
    registerKpiCalls(table);
    registerApprovedLists(table);
  },
  async seedDemoData(ctx, demo) {
    // First: the personnel files the other HR records and the base-info analysis read.
    await seedHrPersonnelDemoData(ctx, demo);
    await seedHrDemoData(ctx, demo);
    await seedHrRecordsDemoData(ctx, demo);
  },
};
