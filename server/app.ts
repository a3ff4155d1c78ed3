import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { ServerConfig } from './config';
import type { ServerContext } from './context';
import { readSchemaSources } from './schema/loadRegistry';
import { DESIGN_TABLES } from './design/designTables';
import { readPublished } from './design/designStore';
import { buildDesignedRegistry } from './design/designSources';
import { addDesignedMessages } from './design/designedMessages';
import { DesignService } from './design/DesignService';
import { registerDesignCalls } from './design/designCalls';
import { superuserPermissions } from './design/swapRegistry';
import { connectDatabase } from './db/connect';
import { refreshStatistics, syncTables } from './db/syncTables';
import { SYSTEM_TABLES } from './db/systemTables';
import { tableSpecForEntity } from './db/tableSpecs';
import { createServerI18n, pickLanguage, translatorFor } from './http/serverI18n';
import { installErrorHandler } from './http/errorHandler';
import { installSecurityHeaders } from './http/securityHeaders';
import { installJsonCompression } from './http/jsonCompression';
import { registerStaticApp } from './http/staticApp';
import { registerCallRoute } from './http/registerCallRoute';
import type { CallTable } from './calls/CallHandler';
import { registerEntityCalls } from './entity/registerEntityCalls';
import { registerSecurityEffects } from './security/applySecurityEvent';
import { transitionEffectNames } from './entity/transitionEffects';
import { checkModuleHooks, registerModuleCalls, registerModuleHooks, upgradeModuleData } from './modules';
import { registerFileCalls } from './files/fileCalls';
import { registerGenericCalls } from './shell/genericCalls';
import { LINK_TABLE, backfillAttachmentLinks } from './files/attachmentLinks';
import { registerSessionCalls } from './system/sessionCalls';
import { registerMenuCalls } from './system/menuCalls';
import { registerSchemaCalls } from './system/schemaCalls';
import { registerDictionaryCalls } from './system/dictionaryCalls';
import { registerUserSettingCalls } from './system/userSettingCalls';
import { registerSavedFilterCalls } from './system/savedFilterCalls';
import { registerFlowLogCalls } from './system/flowLogCalls';
import { registerMessageCalls } from './messages/messageCalls';
import { registerMonitorCalls } from './system/monitorCalls';
import { registerPasswordCalls } from './system/passwordCalls';
import { registerRoleCalls } from './system/roleCalls';
import { registerSignatureCalls } from './signature/signatureCalls';
import { Scheduler } from './scheduler/Scheduler';
import { registerSchedulerCalls } from './scheduler/schedulerCalls';
import { registerAccountCalls, registerAccountRoutes } from './account/registerAccountCalls';
import { registerShellCalls } from './shell/registerShellCalls';
import { registerPreviewCalls } from './preview/registerPreviewCalls';
import { ensureSysConfig, registerSysConfigCalls } from './sysConfig';
import { registerGeoCalls } from './geo/registerGeoCalls';
import { ensureChatAppConfigs, registerPeopleCalls } from './people';
import { registerDeskCalls } from './desk/registerDeskCalls';
import { ensureSecurityConfig } from './audit/securityConfig';
import { registerSecurityConfigCalls } from './audit/securityConfigCalls';
import { recordRunLog } from './audit/recordRunLog';
import { VERSION_LABEL } from '../runtime/core/constants';
import { seedDemoData } from './seed/seedDemoData';
import { syncMenus } from './seed/syncMenus';
import { syncModuleRoles } from './seed/syncModuleRoles';
import { relabelSeededTexts } from './seed/relabelSeededTexts';
import { addDefaultTasks } from './scheduler/defaultTasks';
import { ClearableCaches } from './system/clearableCaches';

export interface BuiltServer {
  app: FastifyInstance;
  ctx: ServerContext;
  scheduler: Scheduler;
  /** Every registered call, by key (tests sweep it: each call answers without a 500). */
  calls: CallTable;
  close(): Promise<void>;
}

export interface BuildOptions {
  /** PostgreSQL schema to work in (tests give each run its own). */
  pgSchema?: string;
}

/** Start-up in order: schemas (refuse to start on a broken one), database, tables, data, routes. */
export async function buildServer(config: ServerConfig, options: BuildOptions = {}): Promise<BuiltServer> {
  // Effects and hooks first: a schema naming an effect nobody registered stops the load.
  registerSecurityEffects();
  registerModuleHooks();
  const fileSources = readSchemaSources(config.schemaDir);
  const registryOptions = { effects: transitionEffectNames() };
  const database = await connectDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, pgSchema: options.pgSchema });
  // The designs published online lay over the files (server/design, docs/DESIGNER.md).
  await syncTables(database, DESIGN_TABLES);
  // A broken file still stops the start; a design the files no longer accept is left out.
  const published = await readPublished(database.db);
  const { registry, refused } = buildDesignedRegistry(fileSources, published, registryOptions);
  checkModuleHooks(registry);
  const { applied, blocked } = await syncTables(database, [...SYSTEM_TABLES, ...[...registry.entities.values()].map(tableSpecForEntity)]);
  const i18n = await createServerI18n(process.cwd());
  addDesignedMessages(i18n, registry);
  // The superuser role holds every permission but those of separated duties (audit, security).
  const allPermissions = superuserPermissions(registry);
  const ctx: ServerContext = { config, database, registry, i18n, allPermissions, caches: new ClearableCaches() };
  const designs = new DesignService(ctx, fileSources, registryOptions);
  // A database older than the file links gets them from the records' file fields, once.
  if (applied.includes(`create table ${LINK_TABLE}`)) await backfillAttachmentLinks(ctx);
  await syncMenus(ctx);
  // Seeded texts stored before they were language-pack keys become keys, once (server/seed/relabelSeededTexts.ts).
  await relabelSeededTexts(ctx);
  // What the modules' older versions wrote, brought up to date (ServerModule.upgradeData).
  await upgradeModuleData(ctx);
  // The roles module files declare, granted their menu buttons (server/seed/syncModuleRoles.ts).
  await syncModuleRoles(ctx);
  // The system configuration row, from the environment on a new database (docs/SHELL.md).
  await ensureSysConfig(ctx);
  // The log retention settings, one row, the operation log's from OPLOG_RETENTION_DAYS (server/audit).
  await ensureSecurityConfig(ctx);
  // One chat-app configuration row per app (server/people).
  await ensureChatAppConfigs(ctx);
  // Each job's default scheduled task, once per job in the database's life (server/scheduler/defaultTasks.ts).
  await addDefaultTasks(ctx);
  if (config.seedDemoData && await seedDemoData(ctx)) await refreshStatistics(database);

  // X-Forwarded-For only from the proxies TRUST_PROXY names; without any, the socket's address.
  // A list's filters travel in its GET query, which Node's 16 KB head limit bounds (a filter on
  // some hundreds of ids reaches it); a head over the limit is not refused in words: Node answers
  // 431 and drops the connection, often before the client has read the answer.
  const app = Fastify({
    logger: config.logger, bodyLimit: 10 * 1024 * 1024, http: { maxHeaderSize: 64 * 1024 },
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
  });
  await app.register(formbody);
  await app.register(multipart);
  installErrorHandler(app, ctx);
  installSecurityHeaders(app);
  installJsonCompression(app);
  const table: CallTable = new Map();
  // Generic entity calls first: a named handler registered after one replaces it.
  registerEntityCalls(registry, table);
  registerSessionCalls(table);
  registerMenuCalls(table);
  registerSchemaCalls(table);
  registerDictionaryCalls(table);
  registerUserSettingCalls(table);
  registerSavedFilterCalls(table);
  registerFlowLogCalls(table);
  registerMessageCalls(table);
  registerMonitorCalls(table, ctx);
  registerPasswordCalls(table);
  registerRoleCalls(table);
  registerSignatureCalls(table);
  const scheduler = new Scheduler(ctx);
  registerSchedulerCalls(table, scheduler);
  registerFileCalls(table);
  // The spec's generic paths (/upload, /fileImport, /file/list …): after the file calls it adds paths to.
  registerGenericCalls(table);
  registerAccountCalls(table, ctx);
  registerShellCalls(table, ctx);
  registerPreviewCalls(table, ctx);
  registerSysConfigCalls(table, ctx);
  registerDeskCalls(table);
  registerSecurityConfigCalls(table, ctx);
  registerGeoCalls(table, ctx);
  // The modules' own calls (server/modules), after the generic ones they may replace.
  registerModuleCalls(table, ctx);
  // Last of the calls: it wraps writes of departments and users registered above.
  registerPeopleCalls(table, ctx);
  registerDesignCalls(table, designs);
  await designs.start(table, published);
  for (const { name, message } of refused) {
    await recordRunLog(ctx, { level: 'warn', event: 'designRefused', message: `${name}: ${message}`.slice(0, 1000) });
  }
  registerCallRoute(app, ctx, table);
  registerAccountRoutes(app, ctx);

  const indexHtml = config.staticDir ? path.join(config.staticDir, 'index.html') : undefined;
  const hasApp = Boolean(indexHtml && fs.existsSync(indexHtml));
  if (hasApp) {
    await registerStaticApp(app, config.staticDir!);
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/capi/')) {
      const t = translatorFor(i18n, pickLanguage(request.headers));
      return reply.status(404).send({ code: 404, message: t('error.unknownCall', { call: request.url.split('?')[0] }), data: null });
    }
    // Client-side routes (/hr/contract, /login, …) all load the single-page app.
    if (hasApp && request.method === 'GET') return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send('Not found');
  });

  if (config.schedulerEnabled) scheduler.start();
  designs.watch();
  await recordRunLog(ctx, { level: 'info', event: 'serverStart', message: `${VERSION_LABEL} · ${database.dialect} · node ${process.version}` });
  for (const { index, reason } of blocked) {
    await recordRunLog(ctx, { level: 'warn', event: 'uniqueIndexBlocked', message: `${index}: stored rows share a value (${reason})` });
  }
  return {
    app, ctx, scheduler, calls: table,
    async close() {
      scheduler.stop();
      designs.stop();
      await recordRunLog(ctx, { level: 'info', event: 'serverStop', message: `${VERSION_LABEL} · ${database.dialect}` });
      await app.close();
      await database.close();
    },
  };
}
