import type { CallTable } from '../calls/CallHandler';
import type { ServerContext } from '../context';
import type { DefaultSchedule, Job } from '../scheduler/jobs';
import type { RowOwner } from '../seed/insertRow';
import type { TransitionEffect } from '../entity/transitionEffects';
import type { BeforeWriteHook } from '../entity/beforeWriteHooks';
import type { OutcomeHook } from './bpm/binding/outcomeHooks';
import type { BeforeDeleteHook } from '../entity/beforeDeleteHooks';

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
  /**
   * Before-delete hooks by entity name (registerBeforeDelete): checks before a generic delete, and
   * the removal of dependent rows in the delete's transaction (a post's replies).
   */
  beforeDelete?: Record<string, BeforeDeleteHook>;
  /**
   * Outcome hooks by the name of an entity bound to a workflow process (`workflow` in its schema):
   * run in the engine's transaction of the request's last step (server/modules/bpm/binding/outcomeHooks.ts).
   */
  onOutcome?: Record<string, OutcomeHook>;
  /** Named calls besides the generic ones; registered after them, so a named call may replace one. */
  registerCalls?(table: CallTable, ctx: ServerContext): void;
  /** Jobs a scheduled task may name (ScheduledTask.jobName), by name. */
  jobs?: Record<string, Job>;
  /**
   * Default schedules of those jobs, by job name: each becomes a scheduled task once in the
   * database's life, on a new database and on one that existed before the job
   * (server/scheduler/defaultTasks.ts).
   */
  schedules?: Record<string, DefaultSchedule>;
  /** Rows for a new, empty database, after the demo organisation exists. */
  seedDemoData?(ctx: ServerContext, demo: DemoOrganisation): Promise<void>;
  /**
   * Brings rows an older version wrote up to date, at each start before the demo seed; a step
   * done once records itself in sys_migration (as server/seed/relabelSeededTexts.ts does).
   */
  upgradeData?(ctx: ServerContext): Promise<void>;
}
