/**
 * Small helpers shared by the API specifications (not a test file itself). Everything here reads
 * through the same HTTP calls or the server's own Kysely handle; nothing is mocked.
 */
import { answer, formBody, type Answer, type TestServer } from '../support/testServer';

export interface DemoUser { userId: string; accountId: string; deptId: string; unitId: string; userName: string }

/** The demo users by account id, read from the database (ids are random per server). */
export async function demoUsers(s: TestServer): Promise<Record<string, DemoUser>> {
  const rows = await s.server.ctx.database.db.selectFrom('sys_user')
    .select(['userId', 'accountId', 'deptId', 'unitId', 'userName']).execute();
  return Object.fromEntries(rows.map((r) => [String(r.accountId), {
    userId: String(r.userId), accountId: String(r.accountId), deptId: String(r.deptId), unitId: String(r.unitId), userName: String(r.userName),
  }]));
}

/** Department ids by name (the demo tree: 行政部 > 车辆调度组, 技术研发部 > 前端开发组 …). */
export async function deptIds(s: TestServer): Promise<Record<string, string>> {
  const rows = await s.server.ctx.database.db.selectFrom('sys_dept').select(['deptId', 'deptName']).execute();
  return Object.fromEntries(rows.map((r) => [String(r.deptName), String(r.deptId)]));
}

/** A request with extra headers (X-Lang, Content-Type) and a raw body, for what the harness does not cover. */
export async function rawCall(
  s: TestServer, token: string | undefined, method: 'GET' | 'POST', call: string,
  init: { headers?: Record<string, string>; body?: BodyInit; query?: Record<string, string> } = {},
): Promise<Answer> {
  const query = init.query ? `?${new URLSearchParams(init.query)}` : '';
  return answer(await fetch(`${s.baseUrl}/capi${call}${query}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) },
    body: init.body,
  }));
}

/** Form-data POST in English (X-Lang: en), arrays as name[] like the harness. */
export async function postEn(s: TestServer, token: string, call: string, data: Record<string, unknown>): Promise<Answer> {
  return rawCall(s, token, 'POST', call, { headers: { 'X-Lang': 'en' }, body: formBody(data) });
}

export function sortedIds(rows: Record<string, unknown>[], key: string): string[] {
  return rows.map((r) => String(r[key])).sort();
}

/**
 * A stored attachment's metadata row under a chosen id, owned by `userId` (no file on disk): for
 * specifications about id matching, where an upload's random id would not do. A file field only
 * takes ids of attachments its writer may read.
 */
export async function registerAttachment(s: TestServer, attachId: string, userId: string): Promise<void> {
  await s.server.ctx.database.db.insertInto('sys_attach').values({
    attachId, name: `${attachId}.pdf`, extName: 'pdf', fileSize: 0, storedPath: `attachments/none/${attachId}`,
    module: 'test', contentType: null, createUser: userId, unitId: null, createTime: '2026-01-01 00:00:00',
  }).execute();
}
