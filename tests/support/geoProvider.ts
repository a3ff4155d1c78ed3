import http from 'node:http';
import net from 'node:net';

/**
 * A weather and IP-location provider for the tests: a real HTTP server on this machine, an
 * outside party answering as server/adapters/geo/README.md says — or failing on demand.
 */

export type Mode = 'ok' | 'fail' | 'hang' | 'notJson' | 'wrongShape';

export interface Provider {
  base: string;
  weatherMode: Mode;
  locationMode: Mode;
  /** ip → what the location service answers as JSON. */
  places: Map<string, unknown>;
  weatherHits: { query: URLSearchParams; authorization: string | undefined }[];
  locationHits: URLSearchParams[];
  close(): Promise<void>;
}

export const WEATHER = {
  current: { temperature: 21.5, condition: '多云', humidity: '40', wind: '东北风 3级', observedAt: '2026-05-01T10:00:00+08:00' },
  daily: [
    { date: '2026-05-01', condition: '多云', min: 12, max: 24 },
    { date: '2026-05-02', condition: '晴', min: '13', max: '26' },
    { date: '2026-05-03', condition: '小雨', min: 11, max: 19 },
    { date: '2026-05-04', condition: '阴', min: 10, max: 18 },
    { date: '2026-05-05', condition: '晴', min: 12, max: 25 },
    { date: '2026-05-06', condition: '晴', min: 14, max: 27 },
  ],
};

export async function startProvider(): Promise<Provider> {
  const hanging = new Set<http.ServerResponse>();
  const provider: Provider = {
    base: '', weatherMode: 'ok', locationMode: 'ok', places: new Map(), weatherHits: [], locationHits: [], close: async () => undefined,
  };
  const reply = (res: http.ServerResponse, mode: Mode, body: unknown) => {
    if (mode === 'hang') { hanging.add(res); return; }
    if (mode === 'fail') { res.writeHead(500, { 'Content-Type': 'text/plain' }).end('internal error'); return; }
    if (mode === 'notJson') { res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>maintenance</html>'); return; }
    if (mode === 'wrongShape') { res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ current: { temp: 20 } })); return; }
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://provider');
    if (url.pathname === '/weather') {
      provider.weatherHits.push({ query: url.searchParams, authorization: req.headers.authorization });
      reply(res, provider.weatherMode, WEATHER);
    } else if (url.pathname === '/location') {
      provider.locationHits.push(url.searchParams);
      reply(res, provider.locationMode, provider.places.get(url.searchParams.get('ip') ?? '') ?? { cityCode: '' });
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provider.base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  provider.close = () => new Promise((resolve) => { hanging.forEach((r) => r.destroy()); server.close(() => resolve()); });
  return provider;
}
