import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildServer, type BuiltServer } from '../../server/app';
import { readConfig, DEFAULT_ADMIN_PASSWORD, DEFAULT_DEMO_PASSWORD } from '../../server/config';
import type { TestDatabase } from './databases';
import { copySeededTemplate, startsFromTemplate, type SeededCopy } from './seededTemplate';

export { DEFAULT_ADMIN_PASSWORD, DEFAULT_DEMO_PASSWORD };

export interface Envelope<T = any> { code: number; message: string; data: T }
export interface Answer<T = any> { status: number; body: Envelope<T>; headers: Headers }

export interface TestServer {
  baseUrl: string;
  server: BuiltServer;
  database: TestDatabase;
  dataDir: string;
  /** Signs in and returns the token. */
  login(accountId: string, password?: string): Promise<string>;
  get<T = any>(token: string | undefined, call: string, params?: Record<string, unknown>): Promise<Answer<T>>;
  /** Form-data POST as the spec's request layer sends it (arrays as name[], objects JSON). */
  post<T = any>(token: string | undefined, call: string, data?: Record<string, unknown>): Promise<Answer<T>>;
  postJson<T = any>(token: string | undefined, call: string, data?: unknown): Promise<Answer<T>>;
  upload<T = any>(token: string | undefined, call: string, file: { name: string; content: Buffer | string }, fields?: Record<string, string>): Promise<Answer<T>>;
  stop(): Promise<void>;
}

/** Form data as the spec's request layer sends it: arrays as name[], objects JSON-encoded. */
export function formBody(data: Record<string, unknown>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => body.append(`${key}[]`, String(v)));
    else if (value !== null && typeof value === 'object') body.append(key, JSON.stringify(value));
    else body.append(key, value === null ? '' : String(value));
  }
  return body;
}

/** Any HTTP answer as the envelope (a non-JSON body becomes code -1 with the text as message). */
export async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: Envelope;
  try {
    body = JSON.parse(text) as Envelope;
  } catch {
    body = { code: -1, message: text, data: null };
  }
  return { status: response.status, body, headers: response.headers };
}

/**
 * A real server on a free port with its own data folder and database: a copy of the run's seeded
 * demo database, or (settings that shape the first start) its own first start, in its own
 * PostgreSQL schema.
 */
export async function startTestServer(database: TestDatabase, env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-test-'));
  const copy: SeededCopy | undefined = startsFromTemplate(env)
    ? await copySeededTemplate(database, dataDir, env) : undefined;
  const pgSchema = database.name === 'postgres' && !copy ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const config = {
    // Scheduled tasks run when a test calls scheduler.tick(), not on a timer mid-test; permission
    // changes apply at once unless a test turns the security review on.
    ...readConfig({ SCHEDULER: '0', SECURITY_REVIEW: '0', ...env, DATA_DIR: dataDir }),
    databaseUrl: database.name === 'postgres' ? copy?.databaseUrl ?? database.url : undefined,
    staticDir: undefined,
  };
  const server = await buildServer(config, { pgSchema });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  // Plain JSON answers: /capi compression has its own tests (tests/api/assets.test.ts). With
  // compressed answers, a hostile request over Node's header limit (431, socket dropped) made
  // other keep-alive requests of the sweep fail with "other side closed" — an open finding.
  const headers = (token?: string): Record<string, string> => ({ 'Accept-Encoding': 'identity', ...(token ? { Authorization: `Bearer ${token}` } : {}) });

  const api: TestServer = {
    baseUrl, server, database, dataDir,
    async login(accountId, password) {
      const pw = password ?? (accountId === 'admin' ? DEFAULT_ADMIN_PASSWORD : DEFAULT_DEMO_PASSWORD);
      const res = await api.post(undefined, '/get/system/login', { accountId, password: pw });
      if (res.body.code !== 200) throw new Error(`login ${accountId} failed: ${res.body.message}`);
      return res.body.data.token as string;
    },
    async get(token, call, params = {}) {
      const query = new URLSearchParams();
      for (const [k, v] of Object.entries(params)) {
        if (v !== undefined) query.append(k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
      }
      return answer(await fetch(`${baseUrl}/capi${call}?${query}`, { headers: headers(token) }));
    },
    async post(token, call, data = {}) {
      return answer(await fetch(`${baseUrl}/capi${call}`, { method: 'POST', headers: headers(token), body: formBody(data) }));
    },
    async postJson(token, call, data = {}) {
      return answer(await fetch(`${baseUrl}/capi${call}`, {
        method: 'POST', headers: { ...headers(token), 'Content-Type': 'application/json' }, body: JSON.stringify(data),
      }));
    },
    async upload(token, call, file, fields = {}) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('file', new Blob([typeof file.content === 'string' ? file.content : new Uint8Array(file.content)]), file.name);
      return answer(await fetch(`${baseUrl}/capi${call}`, { method: 'POST', headers: headers(token), body: form }));
    },
    async stop() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await copy?.drop();
      if (database.name === 'postgres' && pgSchema) {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
        await client.end();
      }
    },
  };
  return api;
}
