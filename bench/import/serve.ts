import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildServer } from '../../server/app';
import { readConfig } from '../../server/config';

/**
 * The product server as `npm start` runs it (on the benchmark's data folder or PostgreSQL schema),
 * plus what only the server process can measure: its event-loop delay (the longest stall) and
 * its memory, asked for by the benchmark over the IPC channel. `/bench/ping` answers without any
 * database work: its latency is the event loop's alone.
 */
const server = await buildServer({ ...readConfig(), staticDir: undefined }, { pgSchema: process.env.BENCH_PG_SCHEMA || undefined });
server.app.get('/bench/ping', async () => ({ ok: true }));
await server.app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

const delay = monitorEventLoopDelay({ resolution: 5 });
const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', (message: string) => {
  if (message === 'reset') {
    // What the process holds before the import, its garbage collected: the peak is measured against it.
    gc?.();
    delay.disable();
    delay.reset();
    delay.enable();
    process.send!({ rssMb: process.memoryUsage().rss / 2 ** 20 });
  } else if (message === 'stats') {
    process.send!({ maxStallMs: delay.max / 1e6, p99StallMs: delay.percentile(99) / 1e6, rssMb: process.memoryUsage().rss / 2 ** 20 });
  } else if (message === 'settle') {
    // Memory returned afterwards: what the process holds once garbage is collected.
    gc?.();
    setTimeout(() => { gc?.(); process.send!({ rssMb: process.memoryUsage().rss / 2 ** 20, gc: Boolean(gc) }); }, 2000);
  } else if (message === 'stop') {
    void server.close().then(() => process.exit(0));
  }
});
process.send!({ ready: true });
