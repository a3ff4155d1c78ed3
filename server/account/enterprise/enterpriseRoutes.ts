import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { EntityDef } from '../../../runtime/core/schema';
import type { CallHandler, CallRequest } from '../../calls/CallHandler';
import { hasAnyPermission, requirePermission } from '../../calls/requirePrincipal';
import type { ServerContext } from '../../context';
import type { Principal } from '../../auth/Principal';
import { hashToken } from '../../auth/sessions';
import { loadPrincipal } from '../../auth/loadPrincipal';
import { ApiError } from '../../http/ApiError';
import { readToken } from '../../http/readToken';
import { assertCleanParams, normaliseBody, readIdList } from '../../http/normaliseBody';
import { pickLanguage, translatorFor } from '../../http/serverI18n';
import { newId, nowText } from '../../http/newId';
import { rowScopeFor, type RowScope } from '../../entity/dataScope';
import { readListQuery } from '../../entity/listQuery';
import { listRows } from '../../entity/listRows';
import { loadScopedRow, readKey } from '../../entity/loadScopedRow';
import { rowToApi, valuesToColumns } from '../../entity/rowValues';
import { validatedValues } from '../../entity/validateInput';
import { checkStoredValues } from '../../entity/checkStoredValues';
import { dropAttachmentLinks, syncAttachmentLinks } from '../../files/attachmentLinks';
import { insertNewRow } from '../../entity/insertNewRow';
import { recordFlowStep } from '../../entity/flowLog';
import { attachDisplayNames } from '../../entity/displayNames';
import { transitionCall } from '../../entity/flowCalls';
import { viewCall } from '../../entity/readCalls';
import { checkOwnAttachments, discardStoredFile, recordLicenceAttachment, storeLicenceFile, type StoredFile } from './licenceAttachment';

export const ENTERPRISE_ENTITY = 'Enterprise';
const STATUS = 'auditStatus';
const LICENCE_FIELD = 'licenseAttach';

interface RouteInput {
  request: CallRequest;
  principal: Principal;
  /** The licence file of a multipart request, already on disk. */
  file?: StoredFile;
}

type RouteHandler = (input: RouteInput) => Promise<unknown>;

/**
 * Reads a request's fields — query, form or JSON body, or multipart with at most one file — the
 * file streamed to disk on arrival (the multipart stream must be consumed in order).
 */
async function readInput(ctx: ServerContext, raw: FastifyRequest): Promise<{ params: Record<string, unknown>; file?: StoredFile }> {
  const params: Record<string, unknown> = { ...normaliseBody(raw.query) };
  if (!raw.isMultipart()) {
    if (raw.method === 'POST') Object.assign(params, normaliseBody(raw.body));
    return { params };
  }
  let file: StoredFile | undefined;
  try {
    for await (const part of raw.parts({ limits: { fileSize: ctx.config.maxUploadBytes, files: 1, fields: 50 } })) {
      if (part.type === 'file') file = await storeLicenceFile(ctx, part as MultipartFile);
      else if (typeof part.value === 'string') params[part.fieldname.replace(/\[\]$/, '')] = part.value;
    }
    assertCleanParams(params);
  } catch (error) {
    await discardStoredFile(ctx, file);
    throw error;
  }
  return { params, file };
}

/**
 * One enterprise route: the same contract as a /capi call — Bearer session (401 without),
 * envelope {code, message, data}, refusals through ApiError and the shared error handler —
 * for paths the spec places outside /get and /set.
 */
function route(ctx: ServerContext, handler: RouteHandler) {
  return async (raw: FastifyRequest, reply: FastifyReply) => {
    const lang = pickLanguage(raw.headers);
    const t = translatorFor(ctx.i18n, lang);
    reply.header('Cache-Control', 'no-store');
    const token = readToken(raw);
    const principal = token ? await loadPrincipal(ctx, hashToken(token)) : undefined;
    if (!principal) throw ApiError.unauthenticated();
    const { params, file } = await readInput(ctx, raw);
    const request: CallRequest = { ctx, principal, params, lang, t, raw, reply };
    try {
      const data = await handler({ request, principal, file });
      return reply.send({ code: 200, message: t('common.success'), data: data ?? null });
    } catch (error) {
      // A refused save must not leave its licence file behind.
      await discardStoredFile(ctx, file);
      throw error;
    }
  };
}

export function enterpriseEntity(ctx: ServerContext): EntityDef {
  const entity = ctx.registry.entities.get(ENTERPRISE_ENTITY);
  if (!entity) throw new Error(`the schema ${ENTERPRISE_ENTITY} is missing from schemas/system/`);
  return entity;
}

async function reload(ctx: ServerContext, entity: EntityDef, id: string): Promise<Record<string, unknown>> {
  const row = rowToApi(entity, await ctx.database.db.selectFrom(entity.table).selectAll().where(entity.key, '=', id).executeTakeFirstOrThrow());
  await attachDisplayNames(ctx, entity, [row]);
  return row;
}

/** Administrators (list) see every record in their data scope; registrants (my) their own. */
async function readableScope(ctx: ServerContext, entity: EntityDef, principal: Principal): Promise<RowScope> {
  if (principal.permissions.has(entity.permissions.list)) return rowScopeFor(ctx, entity, principal, 'manage');
  if (principal.permissions.has(entity.permissions.my)) return rowScopeFor(ctx, entity, principal, 'my');
  throw ApiError.forbidden('error.noPermission', { permission: entity.permissions.my });
}

/** Insert: fields + licence (a file in the multipart body, or ids from uploadFile) → a pending record. */
function saveEnterprise(ctx: ServerContext, entity: EntityDef): RouteHandler {
  return async ({ request, principal, file }) => {
    requirePermission(principal, entity.permissions.insert);
    const params = { ...request.params };
    if (file) params[LICENCE_FIELD] = file.attachId;
    else await checkOwnAttachments(ctx, principal, params[LICENCE_FIELD]);
    const values = validatedValues(entity, params, request.t);
    await checkStoredValues(ctx, entity, values, request.t);
    const id = newId();
    await ctx.database.db.transaction().execute(async (trx) => {
      if (file) await recordLicenceAttachment(trx, principal, file);
      await insertNewRow(ctx, trx, entity, values, principal, request.t, id);
    });
    return reload(ctx, entity, id);
  };
}

/**
 * Update of a pending or rejected record (own, or in the administrator's scope). Editing a
 * rejected record submits it again: it returns to pending, logged as a resubmission.
 */
function editEnterprise(ctx: ServerContext, entity: EntityDef): RouteHandler {
  const flow = entity.flow!;
  return async ({ request, principal, file }) => {
    requirePermission(principal, entity.permissions.update);
    const id = readKey(entity, request.params);
    const scope = await rowScopeFor(ctx, entity, principal, 'manage');
    const existing = rowToApi(entity, await loadScopedRow(ctx, entity, id, scope));
    const state = String(existing[STATUS] ?? flow.initial);
    if (!flow.editableIn.includes(state)) throw ApiError.business('account.enterprise.notEditable');
    const params = { ...request.params };
    delete params[STATUS];
    if (file) params[LICENCE_FIELD] = file.attachId;
    else if (params[LICENCE_FIELD] !== undefined) await checkOwnAttachments(ctx, principal, params[LICENCE_FIELD], new Set(readIdList(existing[LICENCE_FIELD])));
    const values = validatedValues(entity, params, request.t, existing);
    await checkStoredValues(ctx, entity, values, request.t, id);
    const now = nowText();
    await ctx.database.db.transaction().execute(async (trx) => {
      if (file) await recordLicenceAttachment(trx, principal, file);
      const resubmit = state === 'rejected';
      const result = await trx.updateTable(entity.table)
        .set({ ...valuesToColumns(entity, values), ...(resubmit ? { [STATUS]: flow.initial } : {}), updateTime: now })
        .where(entity.key, '=', id).where(STATUS, '=', state).executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw ApiError.business('flow.changedMeanwhile');
      await syncAttachmentLinks(trx, entity, id, { ...existing, ...values });
      if (resubmit) {
        await recordFlowStep(trx, entity, { recordId: id, transition: 'resubmit', fromState: state, toState: flow.initial, userId: principal.userId, createTime: now });
      }
    });
    return reload(ctx, entity, id);
  };
}

const AUDIT_TRANSITIONS: Record<string, string> = { approved: 'approve', rejected: 'reject' };

/** `{id, auditStatus: approved|rejected, opinion}`: the flow's approve / reject, as the audit screen takes them. */
function auditEnterprise(entity: EntityDef): RouteHandler {
  const handlers = new Map<string, CallHandler>(entity.flow!.transitions.map((tr) => [tr.name, transitionCall(entity, tr)]));
  return async ({ request }) => {
    const wanted = String(request.params[STATUS] ?? request.params.status ?? '').trim();
    const transition = AUDIT_TRANSITIONS[wanted];
    if (!transition) throw ApiError.business('account.enterprise.badAuditStatus');
    return handlers.get(transition)!.handle(request);
  };
}

/** Deletes pending or rejected records only; an approved enterprise stays (it is referenced by what followed). */
function deleteEnterprise(ctx: ServerContext, entity: EntityDef): RouteHandler {
  const flow = entity.flow!;
  return async ({ request, principal }) => {
    requirePermission(principal, entity.permissions.delete);
    const ids = [...new Set(request.params.ids !== undefined ? readIdList(request.params.ids) : [readKey(entity, request.params)])];
    if (ids.length === 0) throw ApiError.business('error.missingId', { key: entity.key });
    if (ids.length > 1000) throw ApiError.business('error.tooManyIds', { max: 1000 });
    const scope = await rowScopeFor(ctx, entity, principal, 'manage');
    const deleted = await ctx.database.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom(entity.table).selectAll().where(entity.key, 'in', ids).execute();
      if (rows.length !== ids.length) throw ApiError.notFound('error.recordNotFound');
      if (!rows.every((r) => scope.allows(r))) throw ApiError.forbidden('error.outOfScope');
      const locked = rows.find((r) => !flow.editableIn.includes(String(r[STATUS] ?? flow.initial)));
      if (locked) throw ApiError.business('account.enterprise.approvedNotDeletable', { name: String(locked.enterpriseName ?? '') });
      const result = await trx.deleteFrom(entity.table).where(entity.key, 'in', ids)
        .where(STATUS, 'in', flow.editableIn).executeTakeFirst();
      if (Number(result.numDeletedRows) !== ids.length) throw ApiError.business('flow.changedMeanwhile');
      await dropAttachmentLinks(trx, entity, ids);
      return Number(result.numDeletedRows);
    });
    return { deleted };
  };
}

/** Paged list in the caller's scope; `auditStatus` narrows it to one state. */
function pageEnterprise(ctx: ServerContext, entity: EntityDef): RouteHandler {
  const states = new Set(entity.flow!.states.map((s) => s.name));
  return async ({ request, principal }) => {
    const scope = await readableScope(ctx, entity, principal);
    const query = readListQuery(entity, request.params);
    const status = String(request.params[STATUS] ?? '').trim();
    if (status) {
      if (!states.has(status)) throw ApiError.business('account.enterprise.badAuditStatus');
      query.predicates.push({ field: STATUS, fieldType: 'status', filterType: 'select', operator: 'eq', value: [status] });
    }
    return listRows(ctx, entity, scope, query);
  };
}

/** One record by id (with the transitions the caller may take), or without id the caller's latest own record (null if none). */
function getEnterpriseInfo(ctx: ServerContext, entity: EntityDef): RouteHandler {
  const view = viewCall(entity);
  return async ({ request, principal }) => {
    if (request.params.id !== undefined || request.params[entity.key] !== undefined) return view.handle(request);
    if (!hasAnyPermission(principal, [entity.permissions.my, entity.permissions.list, entity.permissions.view])) {
      throw ApiError.forbidden('error.noPermission', { permission: entity.permissions.my });
    }
    const own = await ctx.database.db.selectFrom(entity.table).select(entity.key).where('createUser', '=', principal.userId)
      .orderBy('createTime', 'desc').orderBy(entity.key, 'desc').executeTakeFirst();
    if (!own) return null;
    return view.handle({ ...request, params: { ...request.params, id: String(own[entity.key]) } });
  };
}

/**
 * The enterprise registration calls of the spec under `/capi/{ENTERPRISE_PREFIX}/enterprise/`
 * (default prefix `ent`), backed by the Enterprise entity whose generic screen is the audit
 * screen (企业管理 › 企业信息).
 */
export function registerEnterpriseRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const entity = enterpriseEntity(ctx);
  const base = `/capi/${ctx.config.account.enterprisePrefix}/enterprise`;
  const add = (method: 'GET' | 'POST' | ('GET' | 'POST')[], name: string, handler: RouteHandler) => {
    app.route({ method, url: `${base}/${name}`, handler: route(ctx, handler) });
  };
  add('POST', 'saveEnterprise', saveEnterprise(ctx, entity));
  add(['GET', 'POST'], 'page', pageEnterprise(ctx, entity));
  add('POST', 'editEnterprise', editEnterprise(ctx, entity));
  add('POST', 'audiEnterpriseInfo', auditEnterprise(entity));
  add('POST', 'deleteEnterpriseInfo', deleteEnterprise(ctx, entity));
  add(['GET', 'POST'], 'getEnterpriseInfo', getEnterpriseInfo(ctx, entity));
}
