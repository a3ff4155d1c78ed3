import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type Answer, type TestServer } from '../support/testServer';

const databases = await databasesUnderTest();

/**
 * Every call in the call table — generic and named, present and future — is swept with no
 * session, with a plain user's session and with the administrator's, once with no parameters
 * and once with malformed ones. Whatever a call does with them, it must answer with a status
 * below 500 and a message that is not a stack trace; a session call must refuse a request
 * without a session (401). A new call that forgets either fails here without a test of its own.
 */
const MALFORMED: Record<string, unknown> = {
  id: "x' OR '1'='1", ids: 'not-a-list', page: '-3', limit: 'lots', prop: 'no_such_column;', order: 'sideways',
  filterObj: '{broken json', keyword: '%_\\', parentId: '../../etc', status: '9999', userId: '0', email: 'not-an-email',
  date: '2026-13-45', startTime: 'yesterday', cron: '* * *', file: 'C:\\windows\\system.ini',
};

function describeAnswer(call: string, res: Answer): string {
  return `${call} → HTTP ${res.status}, code ${res.body.code}: ${String(res.body.message).slice(0, 200)}`;
}

function expectClean(call: string, res: Answer): void {
  const summary = describeAnswer(call, res);
  expect(res.status, summary).toBeLessThan(500);
  expect(res.status === 503 || res.body.code !== 500, summary).toBe(true);
  // A stack trace or an SQL error text in a message is an internal error leaking out.
  expect(String(res.body.message ?? ''), summary).not.toMatch(/\n\s+at |SQLITE_|syntax error at or near|TypeError|ReferenceError/);
}

describe.each(databases)('every call answers cleanly on $name', (database) => {
  let s: TestServer;
  let calls: { key: string; path: string; method: 'get' | 'set'; auth: 'public' | 'session' }[];
  beforeAll(async () => {
    s = await startTestServer(database);
    calls = [...s.server.calls.entries()].map(([key, handler]) => {
      const [method, base, name] = key.split(':') as ['get' | 'set', string, string];
      return { key, path: `/${method}/${base}/${name}`, method, auth: handler.auth };
    }).sort((a, b) => a.key.localeCompare(b.key));
  });
  afterAll(async () => { await s.stop(); });

  const send = (token: string | undefined, call: { method: 'get' | 'set'; path: string }, params: Record<string, unknown>) =>
    call.method === 'get' ? s.get(token, call.path, params) : s.post(token, call.path, params);

  it('refuses every session call without a session, and answers public calls cleanly', async () => {
    expect(calls.length).toBeGreaterThan(100);
    for (const call of calls) {
      const res = await send(undefined, call, {});
      if (call.auth === 'session') expect(res.status, describeAnswer(call.path, res)).toBe(401);
      else expectClean(call.path, res);
    }
  }, 300_000);

  it.each([
    ['a plain user', 'lina'],
    ['the administrator', 'admin'],
    ['the security administrator', 'secadmin'],
  ])('answers %s cleanly, with no and with malformed parameters', async (_who, accountId) => {
    let token = await s.login(accountId);
    for (const call of calls) {
      for (const params of [{}, MALFORMED]) {
        let res = await send(token, call, params);
        // A sweep may sign itself out (logout, kicks, password changes): sign in again and go on.
        if (res.status === 401 && call.auth === 'session') {
          token = await s.login(accountId);
          res = await send(token, call, params);
          if (res.status === 401) continue;
        }
        expectClean(call.path, res);
      }
    }
    // Maintenance mode is not left on by a sweep's parameters (its call needs an explicit value).
    const admin = await s.login('admin');
    await s.post(admin, '/set/system/setMaintenanceMode', { on: 0 });
  }, 300_000); // every call of the suite (about 900) twice: minutes on a loaded machine
});
