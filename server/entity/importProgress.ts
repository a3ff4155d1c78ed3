import type { EntityDef } from '../../runtime/core/schema';
import type { CallHandler } from '../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';

/**
 * How far an import is, for the browser's progress bar (docs/API-CONTRACT.md "Import progress").
 * The import call itself still answers when it is done, with the count or the row report; the
 * browser names the job (`importJob`, a random id it sends with the file) and polls
 * `get{E}ImportProgress?importJob=…` meanwhile. Only the job's owner may read it.
 */
export type ImportPhase = 'parsing' | 'checking' | 'writing' | 'done' | 'refused' | 'failed';

export interface ImportProgress {
  phase: ImportPhase;
  /**
   * Data rows read so far. The file is checked as it is read, a slice of rows at a time
   * (importCall.ts): phase `checking` begins with the first slice, while reading goes on.
   */
  parsed: number;
  /**
   * Percentage of the sheet's rows read, when the sheet declares how many it has (`<dimension>`,
   * written by Excel and WPS; streaming writers leave it out, and it stays 0 until the end).
   */
  read: number;
  checked: number;
  written: number;
  /** Rows inserted, once done; errors found, once refused. */
  inserted?: number;
  errors?: number;
}

interface Job extends ImportProgress { owner: string; entity: string; touched: number }

/** A finished job is kept this long for the last poll, then forgotten. */
const KEEP_MS = 10 * 60 * 1000;
const JOB_ID = /^[A-Za-z0-9_-]{8,64}$/;
const jobs = new Map<string, Job>();

function forgetOld(now: number): void {
  for (const [id, job] of jobs) if (now - job.touched > KEEP_MS) jobs.delete(id);
}

/** The job id a request names, if it names a well-formed one (a bad one is refused, code 100). */
export function importJobOf(params: Record<string, unknown>): string | undefined {
  const raw = params.importJob;
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' || !JOB_ID.test(raw)) throw ApiError.business('file.importJobInvalid');
  return raw;
}

/** Starts tracking a job; answers the function that moves it on (a no-op without a job id). */
export function trackImport(jobId: string | undefined, owner: string, entity: EntityDef): (change: Partial<ImportProgress>) => void {
  if (!jobId) return () => undefined;
  const now = Date.now();
  forgetOld(now);
  // A job id is the browser's: one already taken by someone else is not theirs to reuse.
  const taken = jobs.get(jobId);
  if (taken && taken.owner !== owner) throw ApiError.business('file.importJobInvalid');
  const job: Job = { owner, entity: entity.name, touched: now, phase: 'parsing', parsed: 0, read: 0, checked: 0, written: 0 };
  jobs.set(jobId, job);
  return (change) => { Object.assign(job, change); job.touched = Date.now(); };
}

/** `get{E}ImportProgress`: the phase and counts of one of the caller's imports of this entity. */
export function importProgressCall(entity: EntityDef): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      requirePermission(principal, entity.permissions.import);
      const jobId = importJobOf(request.params);
      if (!jobId) throw ApiError.business('file.importJobInvalid');
      const job = jobs.get(jobId);
      // Not started yet (the file is still on its way): the browser keeps polling.
      if (!job) return { phase: 'uploading', parsed: 0, read: 0, checked: 0, written: 0 };
      if (job.owner !== principal.userId || job.entity !== entity.name) throw ApiError.forbidden();
      return { phase: job.phase, parsed: job.parsed, read: job.read, checked: job.checked, written: job.written, inserted: job.inserted, errors: job.errors };
    },
  };
}
