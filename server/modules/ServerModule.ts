import type { CallTable } from '../calls/CallHandler';
import type { ServerContext } from '../context';
import type { Job } from '../scheduler/jobs';
import type { RowOwner } from '../seed/insertRow';
import type { TransitionEffect } from '../entity/transitionEffects';
import type { BeforeWriteHook } from '../entity/beforeWriteHooks';

/** The demo organisation a module's demo data refers to (server/seed/seedDemoData.ts makes it). */
export interface DemoOrganisation {
  unitId: string;
  /** Account → user id (lina → …). */
  userIds: ReadonlyMap<string, string>;
  /** Department key of DEMO_DEPTS → department id. */
  deptIds: ReadonlyMap<string, string>;
  /** The owner columns of a row made by `account` in department `dept`. */
  as(account: string, dept: string): RowOwner;
}

/**
 * The server code of one module (`schemas/<name>/`): whatever its schemas cannot say. A module
 * lives in server/modules/<name>/index.ts and is listed once in server/modules/index.ts; the
 * server's start-up (server/app.ts) never names a module.
 */
export interface ServerModule {
  /** The module's folder under schemas/. */
  name: string;
  /**
   * Transition effects by the name a schema's `transition.effect` gives, registered
   * (registerTransitionEffect) before the schemas load: a schema naming an effect nobody
   * registered stops the start with file and JSON pointer.
   */
  effects?: Record<string, TransitionEffect>;
  /** Before-write hooks by entity name (registerBeforeWrite): checks and effects before a generic insert or update. */
  beforeWrite?: Record<string, BeforeWriteHook>;
  /** Named calls besides the generic ones; registered after them, so a named call may replace one. */
  registerCalls?(table: CallTable, ctx: ServerContext): void;
  /** Jobs a scheduled task may name (ScheduledTask.jobName), by name. */
  jobs?: Record<string, Job>;
  /** Rows for a new, empty database, after the demo organisation exists. */
  seedDemoData?(ctx: ServerContext, demo: DemoOrganisation): Promise<void>;
}
