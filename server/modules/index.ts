import type { CallTable } from '../calls/CallHandler';
import type { ServerContext } from '../context';
import type { Registry } from '../../runtime/core/schema';
import type { Job } from '../scheduler/jobs';
import { registerTransitionEffect } from '../entity/transitionEffects';
import { registerBeforeWrite } from '../entity/beforeWriteHooks';
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
  }
}

/**
 * A hook for an entity its module's schemas do not declare (renamed, misspelt) would never run:
 * refuse to start. A module whose schema folder is absent (a test's reduced schemas) is skipped.
 */
export function checkModuleHooks(registry: Registry): void {
  for (const mod of SERVER_MODULES.filter((m) => registry.modules.has(m.name))) {
    const unknown = Object.keys(mod.beforeWrite ?? {}).filter((name) => registry.entities.get(name)?.module !== mod.name);
    if (unknown.length) throw new Error(`server/modules/${mod.name}: before-write hooks for ${unknown.join(', ')}, which schemas/${mod.name} does not declare`);
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

export async function seedModuleDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  for (const mod of SERVER_MODULES) {
    if (ctx.registry.modules.has(mod.name)) await mod.seedDemoData?.(ctx, demo);
  }
}
