import { sql } from 'kysely';
import type { TFunction } from 'i18next';
import type { EntityDef } from '../../runtime/core/schema';
import type { ValidationIssue } from '../../runtime/core/validation';
import type { CallHandler } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import { systemEntity, type ServerContext } from '../context';
import { ApiError } from '../http/ApiError';
import { nowText } from '../http/newId';
import { recordOperation } from '../audit/recordOperation';
import { rowToApi, splitIds } from '../entity/rowValues';
import { checkStoredValues } from '../entity/checkStoredValues';
import { refuseIssues, validatedValues } from '../entity/validateInput';
import { pushDirectoryChanges } from './directorySync';
import { AVATAR_MODULE } from './avatarCalls';
import { syncAttachmentLinks, touchesFileFields } from '../files/attachmentLinks';
import { nextRowVersion } from '../entity/rowVersion';
import { translatedText } from '../entity/translatedText';
import type { Lang } from '../http/serverI18n';

/**
 * What a user may change about themselves: how to reach them, their picture and a line about
 * themselves. Name, account, department, roles and status are the organisation's facts, changed
 * by administrators in the user screen (the name is what approvals, signatures and the watermark
 * show, so it is not self-service either).
 */
export const MY_INFO_FIELDS = ['sex', 'phone', 'email', 'motto', 'avatar'] as const;

/** Parameters the transport adds, not fields. */
const TRANSPORT_PARAMS = new Set(['_t']);

/** The User entity cut down to the fields above: their types, rules and labels, nothing else writable. */
function myInfoEntity(users: EntityDef): EntityDef {
  return {
    ...users,
    fields: users.fields.filter((f) => (MY_INFO_FIELDS as readonly string[]).includes(f.name)),
    form: { layout: MY_INFO_FIELDS.map((field) => ({ kind: 'field' as const, field })) },
    flow: undefined,
  };
}

async function myInfo(ctx: ServerContext, userId: string, lang: Lang) {
  const users = systemEntity(ctx, 'User');
  const { db } = ctx.database;
  const row = await db.selectFrom(users.table).selectAll().where(users.key, '=', userId).executeTakeFirst();
  if (!row) throw ApiError.notFound('error.recordNotFound');
  const user = rowToApi(users, row);
  const [dept, unit, roles] = await Promise.all([
    user.deptId ? db.selectFrom(systemEntity(ctx, 'Dept').table).select('deptName').where('deptId', '=', String(user.deptId)).executeTakeFirst() : undefined,
    user.unitId ? db.selectFrom(systemEntity(ctx, 'Unit').table).select('unitName').where('unitId', '=', String(user.unitId)).executeTakeFirst() : undefined,
    splitIds(row.roleIds).length ? db.selectFrom(systemEntity(ctx, 'Role').table).select('roleName').where('roleId', 'in', splitIds(row.roleIds)).execute() : [],
  ]);
  return {
    userId: String(user.userId), accountId: String(user.accountId), userName: String(user.userName),
    deptName: String(dept?.deptName ?? ''), unitName: String(unit?.unitName ?? ''), roleNames: roles.map((r) => translatedText(ctx.i18n, lang, String(r.roleName))),
    ...Object.fromEntries(MY_INFO_FIELDS.map((f) => [f, user[f] ?? null])),
  };
}

/** GET /get/system/getMyInfo: the signed-in user's base info (read-only facts and the editable fields). */
export const getMyInfoCall: CallHandler = {
  auth: 'session',
  handle: async (request) => myInfo(request.ctx, requirePrincipal(request).userId, request.lang),
};

/**
 * Mobile numbers and e-mail addresses name one person: SMS sign-in and password recovery find the
 * account by them. Another user's number or address (case-insensitive) is refused.
 */
async function refuseTakenContacts(ctx: ServerContext, entity: EntityDef, userId: string, values: Record<string, unknown>, t: TFunction): Promise<void> {
  const users = systemEntity(ctx, 'User');
  const issues: ValidationIssue[] = [];
  for (const field of ['phone', 'email'] as const) {
    const value = values[field];
    if (typeof value !== 'string' || value === '') continue;
    const taken = await ctx.database.db.selectFrom(users.table).select(users.key)
      .where(sql`lower(${sql.ref(field)})`, '=', value.toLowerCase()).where(users.key, '<>', userId).executeTakeFirst();
    if (taken) issues.push({ field, reason: 'rule', message: 'validation.unique', params: { value } });
  }
  if (issues.length) refuseIssues(entity, issues, t);
}

/** A new picture comes from uploadAvatar; here it may only be kept or removed, or set to one of one's own uploads. */
async function refuseForeignAvatar(ctx: ServerContext, userId: string, current: unknown, value: unknown): Promise<void> {
  if (value === undefined || value === null || value === '' || value === current) return;
  const attach = await ctx.database.db.selectFrom('sys_attach').select(['createUser', 'module']).where('attachId', '=', String(value)).executeTakeFirst();
  if (!attach || attach.createUser !== userId || attach.module !== AVATAR_MODULE) throw ApiError.business('people.myInfo.badAvatar');
}

/**
 * POST /set/system/updateMyInfo {sex, phone, email, motto, avatar}: the signed-in user's own base
 * info. Any other parameter (userName, deptId, roleIds, accountId, status, …) is refused with
 * code 100 naming it, and nothing is written. Values are checked by the User schema's rules
 * (mobile number and e-mail patterns, the sex dictionary); a number or address another user has
 * is refused. Logged like an update of the user, and pushed to the chat apps that sync.
 */
export const updateMyInfoCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx, t } = request;
    const users = systemEntity(ctx, 'User');
    const entity = myInfoEntity(users);
    const foreign = Object.keys(request.params).map((k) => k.replace(/\[\]$/, ''))
      .filter((k) => !TRANSPORT_PARAMS.has(k) && !(MY_INFO_FIELDS as readonly string[]).includes(k));
    if (foreign.length > 0) throw ApiError.business('people.myInfo.notEditable', { fields: [...new Set(foreign)].join(', ').slice(0, 200) });
    const { db } = ctx.database;
    const stored = await db.selectFrom(users.table).selectAll().where(users.key, '=', principal.userId).executeTakeFirst();
    if (!stored) throw ApiError.notFound('error.recordNotFound');
    const existing = rowToApi(users, stored);
    const values = validatedValues(entity, request.params, t, existing);
    await checkStoredValues(ctx, entity, values, t, principal.userId);
    await refuseTakenContacts(ctx, entity, principal.userId, values, t);
    await refuseForeignAvatar(ctx, principal.userId, existing.avatar, values.avatar);
    const changed = Object.keys(values).filter((k) => JSON.stringify(values[k] ?? null) !== JSON.stringify(existing[k] ?? null));
    if (changed.length > 0) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable(users.table).set({ ...Object.fromEntries(changed.map((k) => [k, values[k] ?? null])), updateTime: nowText(), ...nextRowVersion() })
          .where(users.key, '=', principal.userId).execute();
        if (touchesFileFields(users, values)) await syncAttachmentLinks(trx, users, principal.userId, { ...existing, ...values });
        await recordOperation(trx, principal, { entity: users, action: 'update', recordId: principal.userId, before: existing, after: { ...existing, ...values }, detail: 'updateMyInfo' }, request.raw.ip);
      });
      if (changed.some((k) => k === 'phone' || k === 'email')) await pushDirectoryChanges(request, { upsertUsers: [principal.userId] });
    }
    return myInfo(ctx, principal.userId, request.lang);
  },
};
