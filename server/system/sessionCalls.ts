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
import { admitPasswordAttempt } from '../account/loginThrottle';
import { verifyAgainstDecoy } from '../account/decoyPassword';
import { holdsDutyRole } from '../security/dutySeparation';
import { markFreshSession } from '../http/sessionCookie';

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
    // A login-as session is made from the caller's own session and ends with it.
    parentTokenHash: loginAs ? request.principal?.tokenHash : undefined,
  });
  const principal = await buildPrincipal(ctx, user, session.tokenHash, loginAs);
  // Marked for the HTTP layer, which sets the browser's HttpOnly cookie from it (server/http/sessionCookie.ts).
  return markFreshSession({
    token: session.token,
    userInfo: userInfoOf(principal),
    permissions: [...principal.permissions].sort().join(','),
    msgtime: MESSAGE_POLL_SECONDS,
    ...sessionWatermark((await readSystemSettings(ctx)).waterMark, principal),
    // The online-shop session fields: no shop is connected, so they are present and empty.
    accessToken: '', refreshToken: '', uid: '', username: '', face: '', role_id: '', founder: '', seller_id: '',
    department: principal.deptName,
  }, session);
}

/** A credential as sent: text (or a number from a JSON body); anything else — an object, a list — counts as missing. */
function credentialText(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

const loginCall: CallHandler = {
  auth: 'public',
  async handle(request) {
    const accountId = credentialText(request.params.accountId ?? request.params.username).trim();
    const password = credentialText(request.params.password);
    if (!accountId || !password) throw ApiError.business('login.missingCredentials');
    // Throttled per account and client address; refused unchecked while locked (server/account/loginThrottle.ts).
    const attempt = await admitPasswordAttempt(request, accountId);
    const user = await loadUserByAccount(request.ctx, accountId);
    const credential = user ? await request.ctx.database.db.selectFrom('sys_credential').select('passwordHash')
      .where('userId', '=', user.userId).executeTakeFirst() : undefined;
    const valid = credential ? await verifyPassword(password, String(credential.passwordHash)) : await verifyAgainstDecoy(password);
    // One message for unknown account and wrong password: no account enumeration.
    if (!user || !valid) {
      await recordLogin(request.ctx.database.db, systemEntity(request.ctx, 'SysLoginLog').table, {
        accountId, userId: user?.userId ?? null, method: 'password', result: 'failed', ip: request.raw.ip, userAgent: String(request.raw.headers['user-agent'] ?? ''),
      });
      await attempt.failed();
      throw ApiError.business('login.badCredentials');
    }
    await attempt.succeeded();
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
    // Three-role security: signed in as the auditor or the security administrator, the
    // superuser would read the logs or approve its own grants.
    if (await holdsDutyRole(request.ctx, user.roleIds)) throw ApiError.business('dutySeparation.loginAs', { accountId });
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
