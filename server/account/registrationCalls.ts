import type { EntityDef } from '../../runtime/core/schema';
import { checkTransition } from '../../runtime/core/flow';
import { coerceRecord, validateRecord } from '../../runtime/core/validation';
import type { CallHandler, CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import { systemEntity, type ServerContext } from '../context';
import { ApiError } from '../http/ApiError';
import { newId, nowText } from '../http/newId';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/connect';
import { insertNewRow } from '../entity/insertNewRow';
import { recordFlowStep } from '../entity/flowLog';
import { readKey } from '../entity/loadScopedRow';
import { rowToApi } from '../entity/rowValues';
import { refuseIssues } from '../entity/validateInput';
import { attachDisplayNames } from '../entity/displayNames';
import { uniqueViolationField } from '../entity/checkStoredValues';
import { normalisePhone } from './phone';
import { clientIp } from './clientIp';
import { admitSend } from './throttle';
import { checkNewPassword } from './passwordPolicy';
import { assertAgreementGiven } from '../sysConfig';

export const REGISTRATION_ENTITY = 'SysUserRegistration';
const CREDENTIALS = 'sys_registration_credential';
const MAX_OPINION = 1000;

export function registrationEntity(ctx: ServerContext): EntityDef {
  const entity = ctx.registry.entities.get(REGISTRATION_ENTITY);
  if (!entity) throw new Error(`the schema ${REGISTRATION_ENTITY} is missing from schemas/system/`);
  return entity;
}

/** Passwords of registrations that are no longer pending (approved, rejected, deleted) are of no use: dropped. */
async function dropStaleCredentials(db: Db, entity: EntityDef): Promise<void> {
  await db.deleteFrom(CREDENTIALS)
    .where('registrationId', 'not in', db.selectFrom(entity.table).select(entity.key).where('status', '=', 'pending'))
    .execute();
}

/** Is the account id taken by a user or claimed by a registration still waiting for a decision? */
async function accountTaken(ctx: ServerContext, entity: EntityDef, accountId: string): Promise<boolean> {
  const { db } = ctx.database;
  const user = await db.selectFrom(systemEntity(ctx, 'User').table).select('userId').where('accountId', '=', accountId).executeTakeFirst();
  if (user) return true;
  const pending = await db.selectFrom(entity.table).select(entity.key).where('accountId', '=', accountId).where('status', '=', 'pending').executeTakeFirst();
  return Boolean(pending);
}

/**
 * A phone number or e-mail address another user already has: a user's phone and e-mail are
 * unique (they sign in by SMS and recover passwords with them). Undefined when both are free.
 */
async function contactTaken(db: Db, users: EntityDef, values: Record<string, unknown>): Promise<'phone' | 'email' | undefined> {
  for (const field of ['phone', 'email'] as const) {
    const value = values[field];
    if (value === null || value === undefined || value === '') continue;
    if (await db.selectFrom(users.table).select(users.key).where(field, '=', String(value)).executeTakeFirst()) return field;
  }
  return undefined;
}

/**
 * `POST /set/system/register {accountId, userName, phone, email, password, password2, agree}`: a
 * registration waiting for an administrator (系统管理 › 注册审核), not a user yet. `agree=1` is
 * the applicant's agreement to the configured service protocol and user notice. The password
 * is kept as a hash apart from the registration (never readable through the generic calls) and
 * becomes the user's when the registration is approved.
 */
const registerCall: CallHandler = {
  auth: 'public',
  async handle(request) {
    const { ctx, params, t } = request;
    const entity = registrationEntity(ctx);
    await assertAgreementGiven(ctx, params.agree);
    const password = checkNewPassword(params.password, params.password2 ?? '');
    const phone = normalisePhone(params.phone);
    const submitted = {
      accountId: String(params.accountId ?? '').trim(),
      userName: String(params.userName ?? '').trim(),
      phone,
      email: String(params.email ?? '').trim() || null,
    };
    const { values, issues } = coerceRecord(entity, submitted);
    if (issues.length) refuseIssues(entity, issues, t);
    const problems = validateRecord(entity, values, { mode: 'insert' });
    if (problems.length) refuseIssues(entity, problems, t);
    const accountId = String(values.accountId);
    // Counted before anything is looked up, and one answer for every clash — account, phone or
    // e-mail — so probing which of them exist costs a registration of the per-address budget
    // each and never says which one (README "Registration").
    await admitSend(ctx.database.db, ctx.config.account, 'register', accountId, clientIp(request.raw));
    if (await accountTaken(ctx, entity, accountId) || await contactTaken(ctx.database.db, systemEntity(ctx, 'User'), values)) {
      throw ApiError.business('account.register.unavailable');
    }

    const passwordHash = await hashPassword(password);
    const registrationId = newId();
    await ctx.database.db.transaction().execute(async (trx) => {
      await insertNewRow(ctx, trx, entity, values, { userId: '', deptId: '', unitId: '' }, t, registrationId);
      await trx.insertInto(CREDENTIALS).values({ registrationId, passwordHash, createTime: nowText() }).execute();
    });
    await dropStaleCredentials(ctx.database.db, entity);
    return { registrationId, accountId, status: 'pending' };
  },
};

/**
 * `GET /get/system/getRegStatus?accountId&phone`: where a registration stands. Both must match,
 * so nobody learns about another person's registration from an account id alone.
 */
const regStatusCall: CallHandler = {
  auth: 'public',
  async handle(request) {
    const { ctx, params, t } = request;
    const entity = registrationEntity(ctx);
    const accountId = String(params.accountId ?? '').trim();
    if (!accountId) throw ApiError.business('account.register.accountRequired');
    const phone = normalisePhone(params.phone);
    const row = await ctx.database.db.selectFrom(entity.table).selectAll()
      .where('accountId', '=', accountId).where('phone', '=', phone)
      .orderBy('createTime', 'desc').orderBy(entity.key, 'desc').executeTakeFirst();
    if (!row) throw ApiError.business('account.register.notFound');
    const status = String(row.status ?? 'pending');
    const state = entity.flow?.states.find((s) => s.name === status);
    // The administrator's last decision: steps that are not transitions ($submit) decide nothing.
    const decision = await ctx.database.db.selectFrom('sys_flow_log').select(['opinion', 'createTime'])
      .where('entity', '=', entity.name).where('recordId', '=', String(row[entity.key]))
      .where('transition', 'not like', '$%')
      .orderBy('createTime', 'desc').orderBy('logId', 'desc').executeTakeFirst();
    return {
      accountId: row.accountId, userName: row.userName, status, statusLabel: state ? t(state.label) : status,
      opinion: decision?.opinion ?? '', createTime: row.createTime, decisionTime: decision?.createTime ?? null,
    };
  },
};

/** The department a registration joins when the administrator picked none: the top of the tree. */
async function defaultDeptId(ctx: ServerContext, db: Db): Promise<string | undefined> {
  const dept = systemEntity(ctx, 'Dept');
  const root = await db.selectFrom(dept.table).select('deptId').where('parentId', 'is', null)
    .orderBy('sort', 'asc').orderBy('deptId', 'asc').executeTakeFirst();
  return root ? String(root.deptId) : undefined;
}

async function defaultRoleIds(ctx: ServerContext, db: Db): Promise<string | null> {
  const code = ctx.config.account.registerDefaultRole;
  if (!code) return null;
  const role = await db.selectFrom(systemEntity(ctx, 'Role').table).select('roleId').where('roleCode', '=', code).where('status', '=', 1).executeTakeFirst();
  return role ? String(role.roleId) : null;
}

/**
 * The approve transition of SysUserRegistration, replacing the generic one: besides moving the
 * state it creates the user (department and roles as the administrator set them on the
 * registration, else the top department and the default role) with the password the applicant
 * chose — state change, user, credential and flow log in one transaction, the state change
 * conditional on the state read so a double click cannot create two users.
 */
export function approveRegistrationCall(entity: EntityDef): CallHandler {
  const transition = entity.flow!.transitions.find((tr) => tr.name === 'approve')!;
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      requirePermission(principal, entity.permissions[transition.name]);
      const { ctx, params } = request;
      const { db } = ctx.database;
      const id = readKey(entity, params);
      const stored = await db.selectFrom(entity.table).selectAll().where(entity.key, '=', id).executeTakeFirst();
      if (!stored) throw ApiError.notFound('error.recordNotFound');
      const row = rowToApi(entity, stored);
      const opinion = typeof params.opinion === 'string' ? params.opinion.trim() : '';
      if (opinion.length > MAX_OPINION) throw ApiError.business('flow.opinionTooLong', { max: MAX_OPINION });
      const check = checkTransition(entity, row, { userId: principal.userId, roles: principal.roles }, transition.name, { opinion });
      if (!check.ok) {
        if (check.reason === 'roleNotAllowed') throw ApiError.forbidden(check.message);
        throw ApiError.business(check.message, { state: String(row.status ?? '') });
      }
      const accountId = String(row.accountId);
      const userEntity = systemEntity(ctx, 'User');
      const deptEntity = systemEntity(ctx, 'Dept');
      const now = nowText();
      const userId = newId();
      await db.transaction().execute(async (trx) => {
        const credential = await trx.selectFrom(CREDENTIALS).select('passwordHash').where('registrationId', '=', id).executeTakeFirst();
        if (!credential) throw ApiError.business('account.register.noPassword');
        const taken = await trx.selectFrom(userEntity.table).select('userId').where('accountId', '=', accountId).executeTakeFirst();
        if (taken) throw ApiError.business('account.register.accountTaken', { accountId });
        const contact = await contactTaken(trx, userEntity, row);
        if (contact) throw ApiError.business(`account.register.${contact}Taken`);
        const deptId = (row.deptId ? String(row.deptId) : undefined) ?? await defaultDeptId(ctx, trx);
        if (!deptId) throw ApiError.business('account.register.noDepartment');
        const dept = await trx.selectFrom(deptEntity.table).select(['deptId', 'unitId']).where('deptId', '=', deptId).executeTakeFirst();
        if (!dept) throw ApiError.business('account.register.noDepartment');
        const roleIds = row.roleIds ? String(row.roleIds) : await defaultRoleIds(ctx, trx);

        const moved = await trx.updateTable(entity.table).set({ status: check.to, userId, updateTime: now })
          .where(entity.key, '=', id).where('status', '=', String(row.status)).executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw ApiError.business('flow.changedMeanwhile');
        await insertNewRow(ctx, trx, userEntity, {
          accountId, userName: row.userName, phone: row.phone, email: row.email, deptId, roleIds, status: 1, language: 'zh-cn', sort: 0,
        }, { userId: principal.userId, deptId, unitId: String(dept.unitId ?? principal.unitId) }, undefined, userId).catch((error: unknown) => {
          // Two approvals racing past the checks above: the unique indexes decide.
          const field = uniqueViolationField(userEntity, error);
          if (field === 'accountId') throw ApiError.business('account.register.accountTaken', { accountId });
          if (field === 'phone' || field === 'email') throw ApiError.business(`account.register.${field}Taken`);
          throw error;
        });
        await trx.insertInto('sys_credential').values({ userId, passwordHash: credential.passwordHash, updateTime: now }).execute();
        await trx.deleteFrom(CREDENTIALS).where('registrationId', '=', id).execute();
        await recordFlowStep(trx, entity, {
          recordId: id, transition: transition.name, fromState: String(row.status || entity.flow!.initial), toState: check.to, userId: principal.userId, opinion, createTime: now,
        });
      });
      const updated = rowToApi(entity, await db.selectFrom(entity.table).selectAll().where(entity.key, '=', id).executeTakeFirstOrThrow());
      await attachDisplayNames(ctx, entity, [updated]);
      return updated;
    },
  };
}

export function registerRegistrationCalls(table: CallTable): void {
  table.set(callKey('set', 'system', 'register'), registerCall);
  table.set(callKey('get', 'system', 'getRegStatus'), regStatusCall);
}
