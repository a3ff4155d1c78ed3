import { callKey, type CallTable } from '../../calls/CallHandler';
import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import type { TransitionEffect } from '../../entity/transitionEffects';
import type { OutcomeHook } from '../bpm/binding/outcomeHooks';
import type { ServerContext } from '../../context';
import type { DemoOrganisation } from '../ServerModule';
import { allocateAppliedAsset, allocateAsset, checkAssetApply, logAssetWrite, recoverAsset, repairAsset } from './assetLedger';
import { approvalExamTestCall, getMyExamTestListCall, startExamTestCall, submitExamTestCall, sumPaperScores } from './examCalls';
import { getVehicleOccupancyCall, refuseVehicleClash } from './vehicleDispatch';
import { createBpmByLicenceRecordRule } from './licenceBorrow';
import { lendApprovedLicence, refuseLicenceClash, returnOfficeLicenceBorrowCall } from './licenceLending';
import { dutyCalls } from './dutyCalls';
import { seedDutyDemoData, seedLicenceDemoData } from './licenceDutyDemoData';
import { seedExamDemoData } from './examDemoData';
import { seedAssetDemoData, seedFleetDemoData } from './fleetAssetDemoData';

/**
 * 行政办公, part A: licences, duty, exams, vehicles (info, drivers, oil cards, dispatchers,
 * repairs, dispatch with its clash check) and fixed assets — what their schemas cannot say.
 */
export const administrationHooks: Record<string, BeforeWriteHook> = {
  OfficeAsset: logAssetWrite,
  OfficeAssetApply: checkAssetApply,
  OfficeAssetAllocation: allocateAsset,
  OfficeAssetRecovery: recoverAsset,
  OfficeAssetRepair: repairAsset,
  OfficeExamTest: sumPaperScores,
  OfficeLicenceBorrow: refuseLicenceClash,
};

export const administrationEffects: Record<string, TransitionEffect> = { refuseVehicleClash, allocateAppliedAsset };

/** The ends of bound requests (the workflow engine's outcome hooks): a licence borrowing approved lends the licence. */
export const administrationOutcomes: Record<string, OutcomeHook> = { OfficeLicenceBorrow: lendApprovedLicence };

export function registerAdministrationCalls(table: CallTable): void {
  table.set(callKey('get', 'office', 'getMyExamTestList'), getMyExamTestListCall);
  table.set(callKey('set', 'office', 'startExamTest'), startExamTestCall);
  table.set(callKey('set', 'office', 'submitExamTest'), submitExamTestCall);
  // Replaces the generic transition call of OfficeExamGrade's 阅卷: marking carries a score per essay answer.
  table.set(callKey('set', 'office', 'approvalExamTest'), approvalExamTestCall);
  table.set(callKey('get', 'office', 'getVehicleOccupancy'), getVehicleOccupancyCall);
  table.set(callKey('set', 'office', 'createBpmByLicenceRecordRule'), createBpmByLicenceRecordRule(table));
  table.set(callKey('set', 'office', 'returnOfficeLicenceBorrow'), returnOfficeLicenceBorrowCall);
  for (const [name, handler] of Object.entries(dutyCalls(table))) table.set(callKey('get', 'office', name), handler);
}

export async function seedAdministration(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  await seedLicenceDemoData(ctx, demo);
  await seedDutyDemoData(ctx, demo);
  await seedExamDemoData(ctx, demo);
  await seedFleetDemoData(ctx, demo);
  await seedAssetDemoData(ctx, demo);
}
