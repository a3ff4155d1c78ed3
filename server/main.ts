import { readConfig } from './config';
import { buildServer } from './app';

/** `npm start` / `npm run serve`: one process serving the app and /capi. */
async function main(): Promise<void> {
  const config = readConfig();
  const server = await buildServer(config);
  await server.app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  console.log(`OA suite listening on http://localhost:${config.port} (${where})`);
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: Error) => {
  // A schema error or unreachable database: say what and where, without a stack trace.
  console.error(`Cannot start: ${error.message}`);
  process.exit(1);
});
