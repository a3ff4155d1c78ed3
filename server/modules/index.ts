import type { CallTable } from '../calls/CallHandler';
import type { ServerContext } from '../context';
import type { Registry } from '../../runtime/core/schema';
import type { DefaultSchedule, Job } from '../scheduler/jobs';
import { registerTransitionEffect } from '../entity/transitionEffects';
import { registerBeforeWrite } from '../entity/beforeWriteHooks';
import { registerBeforeDelete } from '../entity/beforeDeleteHooks';
import { registerOutcomeHook } from './bpm/binding/outcomeHooks';
import type { DemoOrganisation, ServerModule } from './ServerModule';
import { hrModule } from './hr';
import { officeModule } from './office';
import { bpmModule } from './bpm';
import { docModule } from './doc';
import { emailModule } from './email';
import { calendarModule } from './calendar';
import { galleryModule } from './gallery';
import { chatModule } from './chat';
import { knowledgeModule } from './knowledge';
import { infoModule } from './info';
import { communityModule } from './community';
import { fileModule } from './file';
import { infohubModule } from './infohub';
import { serviceModule } from './service';

/**
 * Every module's server code, the one place a module is added (docs/EXTENDING.md). A module
 * without server code needs no entry: its schemas are the whole module.
 */
export const SERVER_MODULES: readonly ServerModule[] = [hrModule, officeModule, bpmModule, docModule, calendarModule, galleryModule, chatModule, communityModule, infoModule, knowledgeModule, infohubModule, serviceModule, fileModule, emailModule];

/** Effects and hooks, before the schemas load (server/app.ts). */
export function registerModuleHooks(): void {
  for (const mod of SERVER_MODULES) {
    for (const [name, effect] of Object.entries(mod.effects ?? {})) registerTransitionEffect(name, effect);
    for (const [entity, hook] of Object.entries(mod.beforeWrite ?? {})) registerBeforeWrite(entity, hook);
    for (const [entity, hook] of Object.entries(mod.beforeDelete ?? {})) registerBeforeDelete(entity, hook);
    for (const [entity, hook] of Object.entries(mod.onOutcome ?? {})) registerOutcomeHook(entity, hook);
  }
}

/**
 * A hook for an entity its module's schemas do not declare (renamed, misspelt) would never run:
 * refuse to start. A module whose schema folder is absent (a test's reduced schemas) is skipped.
 */
export function checkModuleHooks(registry: Registry): void {
  for (const mod of SERVER_MODULES.filter((m) => registry.modules.has(m.name))) {
    for (const [kind, named] of [['before-write', mod.beforeWrite], ['before-delete', mod.beforeDelete]] as const) {
      const unknown = Object.keys(named ?? {}).filter((name) => registry.entities.get(name)?.module !== mod.name);
      if (unknown.length) throw new Error(`server/modules/${mod.name}: ${kind} hooks for ${unknown.join(', ')}, which schemas/${mod.name} does not declare`);
    }
    // An outcome hook waits for the engine: an entity not bound to a process (`workflow`) never ends a request.
    const unbound = Object.keys(mod.onOutcome ?? {}).filter((name) => registry.entities.get(name)?.module !== mod.name || !registry.entities.get(name)?.workflow);
    if (unbound.length) throw new Error(`server/modules/${mod.name}: outcome hooks for ${unbound.join(', ')}, which schemas/${mod.name} does not declare bound to a process (workflow)`);
  }
}

export function registerModuleCalls(table: CallTable, ctx: ServerContext): void {
  for (const mod of SERVER_MODULES) mod.registerCalls?.(table, ctx);
}

/** The modules' scheduled jobs by name; a name two modules give is a start-up error, not a silent winner. */
export function moduleJobs(): Record<string, Job> {
  const jobs: Record<string, Job> = {};
  for (const mod of SERVER_MODULES) {
    for (const [name, job] of Object.entries(mod.jobs ?? {})) {
      if (jobs[name]) throw new Error(`server module ${mod.name}: the job name "${name}" is taken by another module`);
      jobs[name] = job;
    }
  }
  return jobs;
}

/**
 * The default schedules of the modules whose schemas are loaded (ServerModule.schedules), by job
 * name. A schedule for a job its module does not give would add a task that only ever fails: a
 * start-up error.
 */
export function moduleSchedules(registry: Registry): [jobName: string, schedule: DefaultSchedule][] {
  return SERVER_MODULES.filter((mod) => registry.modules.has(mod.name)).flatMap((mod) => Object.entries(mod.schedules ?? {}).map(([name, schedule]): [string, DefaultSchedule] => {
    if (!mod.jobs?.[name]) throw new Error(`server module ${mod.name}: a default schedule for "${name}", which is none of its jobs`);
    return [name, schedule];
  }));
}

/** The modules' data upgrades (ServerModule.upgradeData), at start; a module whose schema folder is absent is skipped. */
export async function upgradeModuleData(ctx: ServerContext): Promise<void> {
  for (const mod of SERVER_MODULES) {
    if (ctx.registry.modules.has(mod.name)) await mod.upgradeData?.(ctx);
  }
}

export async function seedModuleDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  for (const mod of SERVER_MODULES) {
    if (ctx.registry.modules.has(mod.name)) await mod.seedDemoData?.(ctx, demo);
  }
}
