import type { CallHandler, CallRequest, CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import { verifyPassword } from '../auth/passwords';
import { createSession, purgeExpiredSessions, revokeSession } from '../auth/sessions';
import { buildPrincipal, loadUserByAccount, type UserRecord } from '../auth/loadPrincipal';
import type { Principal } from '../auth/Principal';
import { sessionWatermark } from '../shell/watermark';
import { readSystemSettings } from '../sysConfig';
import { recordLogin, type LoginEvent } from '../audit/recordLogin';
import { systemEntity } from '../context';
import { assertLoginAllowed } from './maintenance';
import { refuseInitialPasswordSignIn } from '../people/initialPassword';

/** Seconds between message polls in the browser (MSG_TIME). */
const MESSAGE_POLL_SECONDS = 60;
export const LOGIN_AS_ACCOUNT = 'admin';

export function userInfoOf(principal: Principal) {
  return {
    userId: principal.userId,
    accountId: principal.accountId,
    userName: principal.userName,
    deptId: principal.deptId,
    deptName: principal.deptName,
    unitId: principal.unitId,
    unitName: principal.unitName,
    roles: principal.roles,
    language: principal.language,
    theme: principal.theme,
  };
}

/** The shape spec/shell.md §7 gives for loginOtherAccount, shared by login and the SMS sign-in (server/account). */
export async function sessionAnswer(request: CallRequest, user: UserRecord, loginAs: string | null, method: LoginEvent['method'] = 'password') {
  const { ctx } = request;
  await recordLogin(ctx.database.db, systemEntity(ctx, 'SysLoginLog').table, {
    accountId: user.accountId, userId: user.userId, method: loginAs ? 'loginAs' : method, result: 'success', loginAs,
    ip: request.raw.ip, userAgent: String(request.raw.headers['user-agent'] ?? ''),
  });
  await purgeExpiredSessions(ctx.database.db);
  const session = await createSession(ctx.database.db, user.userId, ctx.config.sessionSeconds, {
    ip: request.raw.ip, userAgent: String(request.raw.headers['user-agent'] ?? ''), loginAs: loginAs ?? undefined,
  });
  const principal = await buildPrincipal(ctx, user, session.tokenHash, loginAs);
  return {
    token: session.token,
    userInfo: userInfoOf(principal),
    permissions: [...principal.permissions].sort().join(','),
    msgtime: MESSAGE_POLL_SECONDS,
    ...sessionWatermark((await readSystemSettings(ctx)).waterMark, principal),
    // The online-shop session fields: no shop is connected, so they are present and empty.
    accessToken: '', refreshToken: '', uid: '', username: '', face: '', role_id: '', founder: '', seller_id: '',
    department: principal.deptName,
  };
}

const loginCall: CallHandler = {
  auth: 'public',
  async handle(request) {
    const accountId = String(request.params.accountId ?? request.params.username ?? '').trim();
    const password = String(request.params.password ?? '');
    if (!accountId || !password) throw ApiError.business('login.missingCredentials');
    const user = await loadUserByAccount(request.ctx, accountId);
    const credential = user ? await request.ctx.database.db.selectFrom('sys_credential').select('passwordHash')
      .where('userId', '=', user.userId).executeTakeFirst() : undefined;
    const valid = credential ? await verifyPassword(password, String(credential.passwordHash)) : false;
    // One message for unknown account and wrong password: no account enumeration.
    if (!user || !valid) {
      await recordLogin(request.ctx.database.db, systemEntity(request.ctx, 'SysLoginLog').table, {
        accountId, userId: user?.userId ?? null, method: 'password', result: 'failed', ip: request.raw.ip, userAgent: String(request.raw.headers['user-agent'] ?? ''),
      });
      throw ApiError.business('login.badCredentials');
    }
    if (Number(user.status) !== 1) throw ApiError.business('login.disabled');
    await assertLoginAllowed(request.ctx, user);
    // A password the system issued must be replaced before it opens a session (server/people).
    await refuseInitialPasswordSignIn(request, user, String(credential!.passwordHash));
    return sessionAnswer(request, user, null);
  },
};

const logoutCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    await revokeSession(request.ctx.database.db, principal.tokenHash);
    await recordLogin(request.ctx.database.db, systemEntity(request.ctx, 'SysLoginLog').table, {
      accountId: principal.accountId, userId: principal.userId, method: 'logout', result: 'success', loginAs: principal.loginAs,
      ip: request.raw.ip, userAgent: String(request.raw.headers['user-agent'] ?? ''),
    });
    return null;
  },
};

const loginOtherAccountCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    // The spec reserves this to the account named admin, not to a role: a delegated
    // administrator must not be able to become anybody.
    if (principal.accountId !== LOGIN_AS_ACCOUNT || principal.loginAs) throw ApiError.forbidden('login.onlyAdminMayLoginAs');
    const accountId = String(request.params.accountId ?? '').trim();
    const user = accountId ? await loadUserByAccount(request.ctx, accountId) : undefined;
    if (!user) throw ApiError.business('login.accountNotFound', { accountId });
    if (Number(user.status) !== 1) throw ApiError.business('login.disabled');
    return sessionAnswer(request, user, principal.accountId);
  },
};

const userInfoCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    return { ...userInfoOf(principal), permissions: [...principal.permissions].sort().join(','), loginAs: principal.loginAs };
  },
};

export function registerSessionCalls(table: CallTable): void {
  // A POST despite its /get path, as the spec's client sends it.
  table.set(callKey('get', 'system', 'login'), loginCall);
  table.set(callKey('set', 'system', 'logout'), logoutCall);
  table.set(callKey('set', 'system', 'loginOtherAccount'), loginOtherAccountCall);
  table.set(callKey('get', 'system', 'getUserInfo'), userInfoCall);
}
