import type { ServerModule } from '../ServerModule';
import { seedBpmDemoData } from './bpmDemoData';
import { publishBpmProcessEffect } from './processVersions';
import { registerBpmCalls } from './registerBpmCalls';
import { bpmDueTasks } from './binding/dueTasks';
import { relabelSeededProcesses } from './relabelSeededProcesses';

/**
 * 流程中心: the workflow engine's server side (docs/WORKFLOW.md). Definitions are the BpmProcess
 * entity (schemas/bpm); instances, tasks and audit are the engine's own tables (bpmTables.ts).
 */
export const bpmModule: ServerModule = {
  name: 'bpm',
  effects: { publishBpmProcess: publishBpmProcessEffect },
  registerCalls: (table) => registerBpmCalls(table),
  seedDemoData: seedBpmDemoData,
  jobs: { bpmDueTasks },
  // Overdue workflow tasks get their node's dueAction every five minutes (docs/WORKFLOW.md › Due time).
  schedules: { bpmDueTasks: { taskName: '流程超时处理', cron: '*/5 * * * *', enabled: 1 } },
  // A database seeded before the demo processes' names were language-pack keys gets the keys, once.
  upgradeData: relabelSeededProcesses,
};
