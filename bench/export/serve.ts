import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildServer } from '../../server/app';
import { readConfig } from '../../server/config';

/**
 * The product server as `npm start` runs it, on the benchmark's database (bench/list/target.ts),
 * plus its event-loop delay (the longest stall during the export), asked for over IPC.
 */
const server = await buildServer({ ...readConfig(), staticDir: undefined }, { pgSchema: process.env.BENCH_PG_SCHEMA || undefined });
await server.app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
process.on('message', (message: string) => {
  if (message === 'reset') {
    delay.reset();
    process.send!({ ok: true });
  }
  if (message === 'stats') process.send!({ maxStallMs: delay.max / 1e6, p99StallMs: delay.percentile(99) / 1e6 });
  if (message === 'stop') void server.close().then(() => process.exit(0));
});
console.log('ready');
