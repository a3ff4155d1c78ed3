import path from 'node:path';

/** Everything the server reads from the environment, in one place (documented in README). */
export interface ServerConfig {
  port: number;
  host: string;
  /** Folder for the SQLite file and uploaded attachments. */
  dataDir: string;
  /** `postgres://…` switches from the embedded SQLite database to PostgreSQL. */
  databaseUrl?: string;
  /** Where the product schemas live. */
  schemaDir: string;
  /** Built browser app served at /; absent in API-only tests. */
  staticDir?: string;
  adminPassword: string;
  /** Password of the demo users other than admin. */
  demoPassword: string;
  /** Seconds a session lives (TOKEN cookie lifetime in the spec). */
  sessionSeconds: number;
  /** Largest attachment accepted, bytes (spec: 100 MB). */
  maxUploadBytes: number;
  /** Fill an empty database with the demo organisation. */
  seedDemoData: boolean;
  /** Days the operation log is kept (the purgeOperationLog job removes older lines). */
  operationLogRetentionDays: number;
  /** Run scheduled tasks in this process (several processes may; a database lock runs each once). */
  schedulerEnabled: boolean;
  logger: boolean;
}

export const DEFAULT_ADMIN_PASSWORD = 'Admin@123';
export const DEFAULT_DEMO_PASSWORD = 'Demo@123';

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = process.cwd();
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    schemaDir: path.resolve(root, env.SCHEMA_DIR ?? 'schemas'),
    staticDir: path.resolve(root, env.STATIC_DIR ?? 'dist'),
    adminPassword: env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
    demoPassword: env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    sessionSeconds: Number(env.SESSION_SECONDS ?? 86400),
    maxUploadBytes: Number(env.MAX_UPLOAD_MB ?? 100) * 1024 * 1024,
    seedDemoData: env.SEED_DEMO_DATA !== '0',
    operationLogRetentionDays: Number(env.OPLOG_RETENTION_DAYS ?? 180),
    schedulerEnabled: env.SCHEDULER !== '0',
    logger: env.LOG_REQUESTS === '1',
  };
}
