import { bindingIssues, validateDefinition, type DefinitionIssue, type ProcessDefinition } from '../../../runtime/core/bpm';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/ApiError';
import { insertRow } from '../../seed/insertRow';
import type { RowOwner } from '../../entity/insertNewRow';
import type { EffectInput } from '../../entity/transitionEffects';

function entityOf(ctx: ServerContext, name: 'BpmProcess' | 'BpmProcessVersion') {
  const entity = ctx.registry.entities.get(name);
  if (!entity) throw new Error(`schemas/bpm/${name}.json is missing`);
  return entity;
}

// A published version never changes, so each server reads it once.
const versionCache = new WeakMap<ServerContext, Map<string, ProcessDefinition>>();

/** The definition an instance runs on: the version it started with, whatever was published since. */
export async function loadProcessVersion(ctx: ServerContext, db: Db, processKey: string, version: number): Promise<ProcessDefinition> {
  const cacheKey = `${processKey}@${version}`;
  const versions = versionCache.get(ctx) ?? new Map<string, ProcessDefinition>();
  versionCache.set(ctx, versions);
  const known = versions.get(cacheKey);
  if (known) return known;
  const row = await db.selectFrom(entityOf(ctx, 'BpmProcessVersion').table).select('definition')
    .where('processKey', '=', processKey).where('version', '=', version).executeTakeFirst();
  if (!row) throw new Error(`process ${processKey} has no version ${version}`);
  const definition = JSON.parse(String(row.definition)) as ProcessDefinition;
  versions.set(cacheKey, definition);
  return definition;
}

/** The stored draft as a definition document: key and name come from the record, not the JSON. */
export function definitionOfRecord(row: Record<string, unknown>): { doc: unknown; issues: DefinitionIssue[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(row.definition ?? ''));
  } catch (error) {
    return { doc: undefined, issues: [{ pointer: '/', code: 'format', params: { detail: (error as Error).message } }] };
  }
  const doc = parsed && typeof parsed === 'object' && !Array.isArray(parsed)
    ? { ...parsed, key: String(row.processKey), name: String(row.processName) } : parsed;
  return { doc, issues: validateDefinition(doc) };
}

/**
 * Publishing (the BpmProcess `publish` transition's effect): the draft must pass validation;
 * it becomes the next version, which new instances start on. Running instances keep theirs.
 */
export async function publishProcessVersion(ctx: ServerContext, db: Db, row: Record<string, unknown>, owner: RowOwner): Promise<number> {
  const { doc, issues: formatIssues } = definitionOfRecord(row);
  // A bound definition must name a bound entity's fields (docs/WORKFLOW.md › Binding).
  const bound = formatIssues.length === 0 ? (doc as ProcessDefinition).entity : undefined;
  const issues = bound ? [...formatIssues, ...bindingIssues(doc as ProcessDefinition, ctx.registry.entities.get(bound))] : formatIssues;
  if (issues.length > 0) {
    const first = issues[0];
    throw ApiError.business('bpm.error.definitionInvalid', { count: issues.length, pointer: first.pointer, code: first.code, ...first.params }, { issues });
  }
  const versionEntity = entityOf(ctx, 'BpmProcessVersion');
  const last = await db.selectFrom(versionEntity.table).select((eb) => eb.fn.max<number>('version').as('version'))
    .where('processKey', '=', String(row.processKey)).executeTakeFirst();
  const version = Number(last?.version ?? 0) + 1;
  await insertRow(ctx, versionEntity, { processKey: row.processKey, version, processName: row.processName, definition: JSON.stringify(doc) }, owner, db);
  const processEntity = entityOf(ctx, 'BpmProcess');
  await db.updateTable(processEntity.table).set({ currentVersion: version }).where(processEntity.key, '=', String(row[processEntity.key])).execute();
  return version;
}

export async function publishBpmProcessEffect({ ctx, trx, row, principal }: EffectInput): Promise<void> {
  await publishProcessVersion(ctx, trx, row, { userId: principal.userId, deptId: principal.deptId, unitId: principal.unitId });
}
