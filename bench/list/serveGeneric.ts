import { buildServer } from '../../server/app';
import { readConfig } from '../../server/config';

/** The product server as `npm start` runs it, on the benchmark's database (bench/list/target.ts). */
const server = await buildServer({ ...readConfig(), staticDir: undefined }, { pgSchema: process.env.BENCH_PG_SCHEMA || undefined });
await server.app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
// Stopped by the benchmark with SIGTERM: exit normally, so that --cpu-prof (BENCH_PROF) writes its profile.
process.on('SIGTERM', () => { void server.close().then(() => process.exit(0)); });
console.log('ready');
