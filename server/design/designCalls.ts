import type { Principal } from '../auth/Principal';
import type { CallHandler, CallRequest, CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import { recordOperation } from '../audit/recordOperation';
import { ApiError } from '../http/ApiError';
import { isUniqueViolation } from '../db/uniqueViolation';
import type { DesignService, DesignProblem } from './DesignService';
import { addVersion, deleteDraft, listVersions, readBaseFile, readDraft, readVersion, saveDraft } from './designStore';
import { mergeDocuments } from './mergeDocuments';
import { designedMessages } from './designedMessages';
import { newEntityDocument, readNewDesign } from './newDesign';

/**
 * The online designer's calls (docs/DESIGNER.md › Storage). Reading needs the design list's
 * permission, every write the designer's (`system:SysDesign:insert`, the 新建与设计 button):
 *
 *   GET  /get/design/getDesignList, getDesignById {name}, getDesignVersions {name}, getDesignVersion {name, version},
 *        exportDesign {name}
 *   POST /set/design/createDesign {name, module, title, titleEn?}, saveDesignDraft {name, schema, revision},
 *        publishDesign {name, comment?}, rollbackDesign {name, version}, resetDesign {name},
 *        rebaseDesign {name} (the file changed under a customised entity: a three-way merge into the draft)
 *   GET  /get/system/getDesignedMessages — the designed entities' texts, for every signed-in user's language pack
 */
const READ = 'system:SysDesign:list';
const WRITE = 'system:SysDesign:insert';

function allowed(request: CallRequest, permission: string): Principal {
  const principal = requirePrincipal(request);
  requirePermission(principal, permission);
  return principal;
}

function readName(request: CallRequest): string {
  const name = String(request.params.name ?? '');
  if (!/^[A-Z][A-Za-z0-9]{0,59}$/.test(name)) throw ApiError.business('design.error.badName');
  return name;
}

function readDoc(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch (error) {
    throw ApiError.business('design.error.badJson', { reason: (error as Error).message });
  }
}

/** The draft, or what runs, of a known design; 404 for a name that is neither an entity nor a draft. */
async function currentDesign(service: DesignService, request: CallRequest, name: string) {
  const draft = await readDraft(request.ctx.database.db, name);
  const running = request.ctx.registry.entities.get(name);
  if (!draft && !running) throw ApiError.notFound('design.error.unknown', { name });
  const published = service.publishedDoc(name);
  const file = service.fileSource(name);
  const module = draft?.module ?? running!.module;
  const schema = draft ? JSON.parse(draft.schema) as unknown : published?.doc ?? file?.doc;
  return { draft, running, published, file, module, schema };
}

function refuseWithProblems(problems: DesignProblem[]): never {
  const first = problems[0];
  throw ApiError.business('design.error.refused', { pointer: first.pointer || '/', message: first.message, count: problems.length }, { problems });
}

export function registerDesignCalls(table: CallTable, service: DesignService): void {
  const get = (name: string, handler: CallHandler['handle']) => table.set(callKey('get', 'design', name), { auth: 'session', handle: handler });
  const set = (name: string, handler: CallHandler['handle']) => table.set(callKey('set', 'design', name), { auth: 'session', handle: handler });

  get('getDesignList', async (request) => {
    allowed(request, READ);
    return { list: await service.rows() };
  });

  get('getDesignById', async (request) => {
    allowed(request, READ);
    const name = readName(request);
    const { draft, running, published, file, module, schema } = await currentDesign(service, request, name);
    const row = (await service.rows()).find((r) => r.name === name)!;
    return {
      name, module, origin: file ? 'file' : 'designed', status: row.status,
      schema, revision: draft?.revision ?? 0, publishedVersion: published?.version ?? null,
      versions: await listVersions(request.ctx.database.db, name),
      fileChanged: row.fileChanged,
      ...(file && published ? { fileSchema: file.doc } : {}),
      problems: draft ? service.problems(name, module, schema, request.t) : [],
      running: Boolean(running),
    };
  });

  get('getDesignVersions', async (request) => {
    allowed(request, READ);
    return { list: await listVersions(request.ctx.database.db, readName(request)) };
  });

  get('getDesignVersion', async (request) => {
    allowed(request, READ);
    const name = readName(request);
    const version = Number(request.params.version);
    const stored = Number.isInteger(version) ? await readVersion(request.ctx.database.db, name, version) : undefined;
    if (!stored) throw ApiError.notFound('design.error.noVersion', { name, version: String(request.params.version ?? '') });
    return { version, schema: stored.schema ? JSON.parse(stored.schema) as unknown : service.fileSource(name)?.doc ?? null };
  });

  get('exportDesign', async (request) => {
    allowed(request, READ);
    const name = readName(request);
    const { schema } = await currentDesign(service, request, name);
    return { fileName: `${name}.json`, content: `${JSON.stringify(schema, null, 2)}\n` };
  });

  const create: CallHandler['handle'] = async (request) => {
    const principal = allowed(request, WRITE);
    const design = readNewDesign(request, service);
    const doc = newEntityDocument(design);
    const problems = service.problems(design.name, design.module, doc, request.t);
    if (problems.length > 0) refuseWithProblems(problems);
    const revision = await saveDraft(request.ctx.database.db, { name: design.name, module: design.module, schema: JSON.stringify(doc), userId: principal.userId }, 0);
    if (revision === null) throw ApiError.business('design.error.nameTaken', { name: design.name });
    await service.refreshRows();
    return { name: design.name, revision };
  };
  set('createDesign', create);
  // The design list's 新增 is this call: a new entity's first draft, not a bare row.
  table.set(callKey('set', 'system', 'insertSysDesign'), { auth: 'session', handle: create });

  set('saveDesignDraft', async (request) => {
    const principal = allowed(request, WRITE);
    const name = readName(request);
    const doc = readDoc(request.params.schema);
    const revision = Number(request.params.revision ?? 0);
    if (!Number.isInteger(revision) || revision < 0) throw ApiError.business('design.error.badRevision');
    const { module } = await currentDesign(service, request, name);
    const saved = await saveDraft(request.ctx.database.db, { name, module, schema: JSON.stringify(doc), userId: principal.userId }, revision);
    if (saved === null) {
      const now = await readDraft(request.ctx.database.db, name);
      throw ApiError.business('design.error.stale', {}, { conflict: 'revision', revision: now?.revision ?? 0 });
    }
    await service.refreshRows();
    return { revision: saved, problems: service.problems(name, module, doc, request.t) };
  });

  /** Adds a version and puts it in force; the refusal of a concurrent publish of the same number is a retry. */
  const publish = async (request: CallRequest, principal: Principal, name: string, module: string, schema: string, comment: string) => {
    let version: number;
    try {
      version = await addVersion(request.ctx.database.db, {
        name, module, schema, fileHash: service.fileHash(name), comment, userId: principal.userId, userName: principal.userName,
        fileSchema: service.fileSource(name) ? JSON.stringify(service.fileSource(name)!.doc) : null,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw ApiError.business('design.error.publishRace');
      throw error;
    }
    await service.reload();
    const sysDesign = request.ctx.registry.entities.get('SysDesign')!;
    await recordOperation(request.ctx.database.db, principal, {
      entity: sysDesign, action: 'update', recordId: name, detail: `${schema ? 'publish' : 'reset'} v${version}${comment ? `: ${comment}` : ''}`.slice(0, 200),
    }, request.raw.ip);
    return version;
  };

  set('publishDesign', async (request) => {
    const principal = allowed(request, WRITE);
    const name = readName(request);
    const { draft, module } = await currentDesign(service, request, name);
    if (!draft) throw ApiError.business('design.error.noDraft');
    const doc = JSON.parse(draft.schema) as unknown;
    const problems = service.problems(name, module, doc, request.t);
    if (problems.length > 0) refuseWithProblems(problems);
    const comment = String(request.params.comment ?? '').trim().slice(0, 200);
    return { version: await publish(request, principal, name, module, JSON.stringify(doc), comment) };
  });

  set('rollbackDesign', async (request) => {
    const principal = allowed(request, WRITE);
    const name = readName(request);
    const wanted = Number(request.params.version);
    const stored = Number.isInteger(wanted) ? await readVersion(request.ctx.database.db, name, wanted) : undefined;
    if (!stored) throw ApiError.notFound('design.error.noVersion', { name, version: String(request.params.version ?? '') });
    const { draft, module } = await currentDesign(service, request, name);
    if (stored.schema) {
      const problems = service.problems(name, module, JSON.parse(stored.schema), request.t);
      if (problems.length > 0) refuseWithProblems(problems);
    }
    const comment = request.t('design.rollbackComment', { version: wanted });
    const version = await publish(request, principal, name, module, stored.schema, comment);
    // The draft becomes what now runs, so the next edit starts from it.
    const runningDoc = stored.schema || JSON.stringify(service.fileSource(name)?.doc ?? {});
    if (draft) await saveDraft(request.ctx.database.db, { name, module, schema: runningDoc, userId: principal.userId }, draft.revision);
    await service.refreshRows();
    return { version };
  });

  set('resetDesign', async (request) => {
    const principal = allowed(request, WRITE);
    const name = readName(request);
    if (!service.fileSource(name)) throw ApiError.business('design.error.resetDesigned');
    const { module } = await currentDesign(service, request, name);
    await deleteDraft(request.ctx.database.db, name);
    const version = service.publishedDoc(name) ? await publish(request, principal, name, module, '', request.t('design.resetComment')) : null;
    await service.refreshRows();
    return { version };
  });

  set('rebaseDesign', async (request) => {
    const principal = allowed(request, WRITE);
    const name = readName(request);
    const file = service.fileSource(name);
    if (!file) throw ApiError.business('design.error.resetDesigned');
    const { draft, module, schema } = await currentDesign(service, request, name);
    const base = await readBaseFile(request.ctx.database.db, name);
    if (base === undefined) throw ApiError.business('design.error.nothingToRebase');
    const { merged, conflicts } = mergeDocuments(base, schema, file.doc);
    const revision = await saveDraft(request.ctx.database.db, { name, module, schema: JSON.stringify(merged), userId: principal.userId }, draft?.revision ?? 0);
    if (revision === null) throw ApiError.business('design.error.stale', {}, { conflict: 'revision' });
    await service.refreshRows();
    return { revision, conflicts, problems: service.problems(name, module, merged, request.t) };
  });

  table.set(callKey('get', 'system', 'getDesignedMessages'), {
    auth: 'session',
    async handle(request) {
      requirePrincipal(request);
      return designedMessages(request.ctx.registry);
    },
  });
}
