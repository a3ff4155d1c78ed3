import autocannon from 'autocannon';

export interface Latency { p50: number; p99: number; samples: number }

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * One client, one request at a time: `requests` answers (fewer when they take longer than
 * `maxSeconds` in all, at least 10), after a short warm-up. Milliseconds.
 */
export async function measureLatency(url: string, headers: Record<string, string>, requests: number, maxSeconds: number): Promise<Latency> {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 5; i += 1) await once();
  const times: number[] = [];
  const deadline = performance.now() + maxSeconds * 1000;
  while (times.length < requests && (times.length < 10 || performance.now() < deadline)) times.push(await once());
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), samples: times.length };
}

/** Requests per second with `connections` clients for `seconds`, after a one-second warm-up. */
export async function measureThroughput(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<number> {
  // A slow list queues behind 7 others: wait for it rather than count a time-out.
  await autocannon({ url, headers, connections, duration: 1, timeout: 120 });
  const result = await autocannon({ url, headers, connections, duration: seconds, timeout: 120 });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.total / result.duration;
}
