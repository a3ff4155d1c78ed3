import type { ServerModule } from '../ServerModule';
import { seedBpmDemoData } from './bpmDemoData';
import { publishBpmProcessEffect } from './processVersions';
import { registerBpmCalls } from './registerBpmCalls';
import { bpmDueTasks } from './binding/dueTasks';

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
};
