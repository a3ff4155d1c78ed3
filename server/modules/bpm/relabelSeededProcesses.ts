import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { nextRowVersion } from '../../entity/rowVersion';
import { joinNodeNames, splitNodeNames } from '../../../runtime/core/bpm';

const MIGRATION_TABLE = 'sys_migration';
const STEP = 'relabel seeded process names as language-pack keys';

/** One demo process as the Chinese pack reads it (locales/parts/bpm-names.zh-cn.json): key → Chinese text. */
interface SeededProcess {
  processKey: string;
  name: [key: string, text: string] | undefined;
  /** Node id → [key, text]. */
  nodes: Map<string, [string, string]>;
  /** `<from>-<to>` → [key, text]. */
  edges: Map<string, [string, string]>;
}

type Texts = { name?: unknown; node?: Record<string, unknown>; edge?: Record<string, unknown> };

function seededProcesses(ctx: ServerContext): SeededProcess[] {
  const group = ctx.i18n.getResource('zh-cn', 'translation', 'bpm.process') as Record<string, Texts> | undefined;
  const entries = (prefix: string, texts: Record<string, unknown> | undefined) => new Map(Object.entries(texts ?? {})
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([id, text]) => [id, [`${prefix}.${id}`, text] as [string, string]]));
  return Object.entries(group ?? {}).map(([processKey, texts]) => ({
    processKey,
    name: typeof texts.name === 'string' ? [`bpm.process.${processKey}.name`, texts.name] : undefined,
    nodes: entries(`bpm.process.${processKey}.node`, texts.node),
    edges: entries(`bpm.process.${processKey}.edge`, texts.edge),
  }));
}

/** The key when `text` is the seeded Chinese text, else the text as it was. */
const keyFor = (text: unknown, seeded: [string, string] | undefined): unknown => (seeded && text === seeded[1] ? seeded[0] : text);

/** A stored definition with its seeded names as keys, or undefined when nothing in it was the seeded text. */
function relabelDefinition(text: string, process: SeededProcess): string | undefined {
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (!doc || typeof doc !== 'object' || !Array.isArray(doc.nodes)) return undefined;
  type Item = Record<string, unknown>;
  const next = {
    ...doc,
    ...('name' in doc ? { name: keyFor(doc.name, process.name) } : {}),
    nodes: (doc.nodes as Item[]).map((node) => (node && typeof node === 'object' ? { ...node, name: keyFor(node.name, process.nodes.get(String(node.id))) } : node)),
    ...(Array.isArray(doc.edges) ? {
      edges: (doc.edges as Item[]).map((edge) => (edge && typeof edge === 'object' && 'label' in edge
        ? { ...edge, label: keyFor(edge.label, process.edges.get(`${String(edge.from)}-${String(edge.to)}`)) } : edge)),
    } : {}),
  };
  const relabelled = JSON.stringify(next);
  return relabelled === JSON.stringify(doc) ? undefined : relabelled;
}

/** Definitions (drafts and published versions) and names of one entity's rows of the process. */
async function relabelDefinitions(ctx: ServerContext, trx: Db, entityName: 'BpmProcess' | 'BpmProcessVersion', process: SeededProcess): Promise<void> {
  const entity = ctx.registry.entities.get(entityName);
  if (!entity) return;
  if (process.name) {
    await trx.updateTable(entity.table).set({ processName: process.name[0], ...nextRowVersion() })
      .where('processKey', '=', process.processKey).where('processName', '=', process.name[1]).execute();
  }
  const rows = await trx.selectFrom(entity.table).select([entity.key, 'definition']).where('processKey', '=', process.processKey).execute();
  for (const row of rows) {
    const definition = relabelDefinition(String(row.definition ?? ''), process);
    if (definition) await trx.updateTable(entity.table).set({ definition, ...nextRowVersion() }).where(entity.key, '=', row[entity.key]).execute();
  }
}

/** What the engine copied from the definition when requests were started and stepped. */
async function relabelRequests(trx: Db, process: SeededProcess): Promise<void> {
  const { processKey, name } = process;
  if (name) {
    for (const table of ['bpm_instance', 'bpm_task', 'bpm_draft']) {
      await trx.updateTable(table).set({ processName: name[0] }).where('processKey', '=', processKey).where('processName', '=', name[1]).execute();
    }
  }
  const ofProcess = trx.selectFrom('bpm_instance').select('instanceId').where('processKey', '=', processKey);
  for (const [nodeId, [key, text]] of process.nodes) {
    await trx.updateTable('bpm_task').set({ nodeName: key }).where('processKey', '=', processKey).where('nodeId', '=', nodeId).where('nodeName', '=', text).execute();
    await trx.updateTable('bpm_audit').set({ nodeName: key }).where('instanceId', 'in', ofProcess).where('nodeId', '=', nodeId).where('nodeName', '=', text).execute();
  }
  // The current steps are stored as joined names, without their ids: each name that is one of the process's seeded texts.
  const byText = new Map([...process.nodes.values()].map(([key, text]) => [text, key]));
  const joined = await trx.selectFrom('bpm_instance').select('currentNodes').distinct().where('processKey', '=', processKey).execute();
  for (const { currentNodes } of joined) {
    const before = String(currentNodes ?? '');
    const after = joinNodeNames(splitNodeNames(before).map((text) => byText.get(text) ?? text));
    if (after !== before) await trx.updateTable('bpm_instance').set({ currentNodes: after }).where('processKey', '=', processKey).where('currentNodes', '=', before).execute();
  }
}

/**
 * A database seeded before the demo processes' names were language-pack keys holds their Chinese
 * texts (请假申请, 部门负责人审批, 人事): once, each such text becomes its key — in the process
 * records, their drafts and published versions, and what the engine copied onto requests, tasks,
 * drafts and the history — so an English reader reads them in English. Only a text equal to the
 * seeded one of that process (and node, edge) changes; a name an author typed stays as typed.
 * Categories follow seed/relabelSeededTexts.ts: any process whose category is a seeded text.
 */
export async function relabelSeededProcesses(ctx: ServerContext): Promise<void> {
  const { db } = ctx.database;
  const done = await db.selectFrom(MIGRATION_TABLE).select('migrationId').where('migrationId', '=', STEP).executeTakeFirst();
  if (done) return;
  const processes = seededProcesses(ctx);
  const categories = ctx.i18n.getResource('zh-cn', 'translation', 'bpm.category') as Record<string, unknown> | undefined;
  await db.transaction().execute(async (trx) => {
    for (const process of processes) {
      await relabelDefinitions(ctx, trx, 'BpmProcess', process);
      await relabelDefinitions(ctx, trx, 'BpmProcessVersion', process);
      await relabelRequests(trx, process);
    }
    const entity = ctx.registry.entities.get('BpmProcess');
    for (const [code, text] of Object.entries(categories ?? {})) {
      if (entity && typeof text === 'string') {
        await trx.updateTable(entity.table).set({ category: `bpm.category.${code}`, ...nextRowVersion() }).where('category', '=', text).execute();
      }
    }
    await trx.insertInto(MIGRATION_TABLE).values({ migrationId: STEP, appliedAt: new Date().toISOString() })
      .onConflict((oc) => oc.column('migrationId').doNothing()).execute();
  });
}
