import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { readConfig } from '../../server/config';
import { createGeoAdapters } from '../../server/adapters/geo';
import { rawCall } from './helpers';
import { startProvider, type Mode, type Provider } from '../support/geoProvider';

const databases = await databasesUnderTest();

/**
 * Location, weather and city codes (server/geo, server/adapters/geo). The weather and
 * IP-location providers are a real HTTP server started by the test (tests/support/geoProvider.ts).
 */

const CALLS = [
  ['GET', '/get/system/getCityCode', { name: '北京' }],
  ['GET', '/get/system/getCityList', {}],
  ['GET', '/get/system/getLocation', {}],
  ['POST', '/set/system/saveMyCity', { cityCode: '310100' }],
  ['GET', '/get/system/getWeather', { cityCode: '110100' }],
] as const;

describe.each(databases)('location, weather and city codes with providers on $name', (database) => {
  let provider: Provider;
  let s: TestServer;
  let lina: string;
  let zhang: string;

  beforeAll(async () => {
    provider = await startProvider();
    s = await startTestServer(database, {
      WEATHER_API_URL: `${provider.base}/weather?tenant=t1`, WEATHER_API_KEY: 'weather-key',
      LOCATION_API_URL: `${provider.base}/location`, GEO_TIMEOUT_MS: '500',
      // The test client is the proxy: its X-Forwarded-For names the client address.
      TRUST_PROXY: '127.0.0.1',
    });
    [lina, zhang] = await Promise.all([s.login('lina'), s.login('zhangwei')]);
  });
  afterAll(async () => { await s.stop(); await provider.close(); });

  /** A call as from a client at `ip` (the server trusts X-Forwarded-For from its proxy). */
  const getFrom = (ip: string, token: string, call: string, query: Record<string, string> = {}) =>
    rawCall(s, token, 'GET', call, { headers: { 'X-Forwarded-For': ip }, query });

  it('refuses every call without a session (401), and asks no provider', async () => {
    for (const [method, call, params] of CALLS) {
      const res = method === 'GET' ? await s.get(undefined, call, params) : await s.post(undefined, call, params);
      expect(res.status, call).toBe(401);
    }
    expect(provider.weatherHits).toHaveLength(0);
    expect(provider.locationHits).toHaveLength(0);
  });

  it('finds cities and counties by name or code, with their province, best matches first', async () => {
    const beijing = await s.get(lina, '/get/system/getCityCode', { name: '北京' });
    expect(beijing.body.code).toBe(200);
    expect(beijing.body.data[0]).toEqual({
      code: '110100', name: '北京市', level: 'city', parentCode: '110000', provinceCode: '110000', provinceName: '北京市', cityName: null,
    });
    const chaoyang = (await s.get(lina, '/get/system/getCityCode', { name: '朝阳' })).body.data as { code: string; name: string; provinceName: string; cityName: string | null }[];
    // The city 朝阳市 (Liaoning) before the counties named 朝阳…, each with where it lies.
    expect(chaoyang[0]).toMatchObject({ code: '211300', name: '朝阳市', provinceName: '辽宁省', cityName: null });
    expect(chaoyang).toContainEqual(expect.objectContaining({ code: '110105', name: '朝阳区', provinceName: '北京市', cityName: '北京市' }));
    expect((await s.get(lina, '/get/system/getCityCode', { name: '440300' })).body.data).toEqual([expect.objectContaining({ code: '440300', name: '深圳市', provinceName: '广东省' })]);
    // Provinces are not places to pick: 广东 finds nothing but the cities containing the name.
    expect((await s.get(lina, '/get/system/getCityCode', { name: '广东省' })).body.data).toEqual([]);
    expect((await s.get(lina, '/get/system/getCityCode', { name: '亚特兰蒂斯' })).body).toMatchObject({ code: 200, data: [] });
    expect((await s.get(lina, '/get/system/getCityCode', { name: '县' })).body.data).toHaveLength(20);
  });

  it('refuses an empty or overlong search with a message', async () => {
    expect((await s.get(lina, '/get/system/getCityCode', {})).body).toMatchObject({ code: 100, message: '请输入要查找的城市名称' });
    expect((await s.get(lina, '/get/system/getCityCode', { name: '  ' })).body).toMatchObject({ code: 100, message: '请输入要查找的城市名称' });
    expect((await s.get(lina, '/get/system/getCityCode', { name: '长'.repeat(31) })).body).toMatchObject({ code: 100, message: '城市名称最多 30 个字' });
  });

  it('browses the tree: provinces, a province\'s cities, a city\'s counties', async () => {
    const provinces = (await s.get(lina, '/get/system/getCityList')).body.data as { code: string; name: string; level: string; isLeaf: boolean }[];
    expect(provinces).toHaveLength(34);
    expect(provinces[0]).toEqual({ code: '110000', name: '北京市', level: 'province', isLeaf: false });
    expect(provinces.map((p) => p.name)).toEqual(expect.arrayContaining(['广东省', '香港特别行政区', '澳门特别行政区', '台湾省']));
    const guangdong = (await s.get(lina, '/get/system/getCityList', { parentCode: '440000' })).body.data as { code: string; name: string }[];
    expect(guangdong).toContainEqual({ code: '440300', name: '深圳市', level: 'city', isLeaf: false });
    expect(guangdong.every((c) => c.code.startsWith('44'))).toBe(true);
    const shenzhen = (await s.get(lina, '/get/system/getCityList', { parentCode: '440300' })).body.data as { code: string; name: string; isLeaf: boolean }[];
    expect(shenzhen).toContainEqual({ code: '440305', name: '南山区', level: 'county', isLeaf: true });
    expect((await s.get(lina, '/get/system/getCityList', { parentCode: '440305' })).body).toMatchObject({ code: 200, data: [] });
    for (const parentCode of ['999999', 'abc', '4403']) {
      expect((await s.get(lina, '/get/system/getCityList', { parentCode })).body).toMatchObject({ code: 100, message: `没有代码为“${parentCode}”的城市，请从城市列表中选择` });
    }
  });

  it('locates a user by the client address when nothing is saved, the default city when it cannot', async () => {
    provider.places.set('203.0.113.7', { cityCode: '440300' });
    // Common map services say adcode, and give a municipality's province code: its city is meant.
    provider.places.set('203.0.113.8', { adcode: '310000' });
    provider.places.set('203.0.113.9', { adcode: [] });
    expect((await getFrom('203.0.113.7', lina, '/get/system/getLocation')).body.data).toEqual({
      code: '440300', name: '深圳市', level: 'city', parentCode: '440000', provinceCode: '440000', provinceName: '广东省', cityName: null, source: 'ip',
    });
    expect(provider.locationHits.at(-1)!.get('ip')).toBe('203.0.113.7');
    expect((await getFrom('203.0.113.8', lina, '/get/system/getLocation')).body.data).toMatchObject({ code: '310100', name: '上海市', source: 'ip' });
    expect((await getFrom('203.0.113.9', lina, '/get/system/getLocation')).body.data).toMatchObject({ code: '110100', name: '北京市', source: 'default' });
    // An intranet address is not sent to the provider.
    const hits = provider.locationHits.length;
    expect((await getFrom('192.168.1.20', lina, '/get/system/getLocation')).body.data).toMatchObject({ code: '110100', source: 'default' });
    expect((await s.get(lina, '/get/system/getLocation')).body.data).toMatchObject({ code: '110100', source: 'default' });
    expect(provider.locationHits).toHaveLength(hits);
  });

  it('falls back to the default city when the location provider fails, without an error', async () => {
    for (const mode of ['fail', 'notJson', 'hang'] as const) {
      provider.locationMode = mode;
      const res = await getFrom(`198.51.100.${mode.length}`, lina, '/get/system/getLocation');
      expect(res.body, mode).toMatchObject({ code: 200, data: { code: '110100', source: 'default' } });
    }
    provider.locationMode = 'ok';
    // A failed lookup is not remembered: the next request asks again and is placed.
    provider.places.set('198.51.100.4', { cityCode: '330100' });
    expect((await getFrom('198.51.100.4', lina, '/get/system/getLocation')).body.data).toMatchObject({ code: '330100', source: 'ip' });
  });

  it('refuses a bad cityCode to saveMyCity and saves nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, '请指定城市代码（cityCode）'],
      [{ cityCode: 'abc' }, '没有代码为“abc”的城市，请从城市列表中选择'],
      [{ cityCode: '999999' }, '没有代码为“999999”的城市，请从城市列表中选择'],
      [{ cityCode: '440000' }, '“广东省”是省级行政区，请选择其下的城市'],
    ];
    for (const [params, message] of cases) {
      const res = await s.post(zhang, '/set/system/saveMyCity', params);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 100, message });
    }
    const en = await rawCall(s, zhang, 'POST', '/set/system/saveMyCity', { headers: { 'X-Lang': 'en' }, body: new URLSearchParams({ cityCode: '440000' }) });
    expect(en.body).toMatchObject({ code: 100, message: "'广东省' is a province; please choose one of its cities" });
    const rows = await s.server.ctx.database.db.selectFrom('sys_user_setting').selectAll().where('settingKey', '=', 'geo:city').execute();
    expect(rows).toHaveLength(0);
    expect((await s.get(zhang, '/get/system/getLocation')).body.data).toMatchObject({ source: 'default' });
  });

  it('saves the user\'s own city, which then wins over the address; other users keep theirs', async () => {
    provider.places.set('203.0.113.7', { cityCode: '440300' });
    const saved = await s.post(zhang, '/set/system/saveMyCity', { cityCode: '510100' });
    expect(saved.body).toMatchObject({ code: 200, data: { code: '510100', name: '成都市', provinceName: '四川省', source: 'saved' } });
    expect((await getFrom('203.0.113.7', zhang, '/get/system/getLocation')).body.data).toMatchObject({ code: '510100', source: 'saved' });
    expect((await getFrom('203.0.113.7', lina, '/get/system/getLocation')).body.data).toMatchObject({ code: '440300', source: 'ip' });
    // Saved again: one row per user, the latest choice; a municipality's code stands for its city.
    expect((await s.post(zhang, '/set/system/saveMyCity', { cityCode: '120000' })).body.data).toMatchObject({ code: '120100', name: '天津市' });
    const rows = await s.server.ctx.database.db.selectFrom('sys_user_setting').select(['userId', 'value']).where('settingKey', '=', 'geo:city').execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(String(rows[0].value))).toEqual({ cityCode: '120100' });
    // A new session reads the stored choice.
    const again = await s.login('zhangwei');
    expect((await s.get(again, '/get/system/getLocation')).body.data).toMatchObject({ code: '120100', source: 'saved' });
  });

  it('answers the weather from the provider, asked with the city, language and key, and keeps it for ten minutes', async () => {
    const before = provider.weatherHits.length;
    const res = await s.get(lina, '/get/system/getWeather', { cityCode: '110100' });
    expect(res.body.code, res.body.message).toBe(200);
    expect(res.body.data).toEqual({
      configured: true, cityCode: '110100', cityName: '北京市', fetchedAt: expect.any(String),
      temperature: 21.5, condition: '多云', humidity: 40, wind: '东北风 3级', observedAt: '2026-05-01T10:00:00+08:00',
      today: { date: '2026-05-01', condition: '多云', min: 12, max: 24 },
      forecast: [
        { date: '2026-05-02', condition: '晴', min: 13, max: 26 },
        { date: '2026-05-03', condition: '小雨', min: 11, max: 19 },
        { date: '2026-05-04', condition: '阴', min: 10, max: 18 },
        { date: '2026-05-05', condition: '晴', min: 12, max: 25 },
      ],
    });
    expect(provider.weatherHits).toHaveLength(before + 1);
    const hit = provider.weatherHits.at(-1)!;
    expect(Object.fromEntries(hit.query)).toEqual({ tenant: 't1', cityCode: '110100', cityName: '北京市', provinceName: '北京市', lang: 'zh-cn' });
    expect(hit.authorization).toBe('Bearer weather-key');
    // Another user, the same city, within ten minutes: the kept answer, the provider not asked.
    const second = await s.get(zhang, '/get/system/getWeather', { cityCode: '110100' });
    expect(second.body.data).toEqual(res.body.data);
    expect(provider.weatherHits).toHaveLength(before + 1);
    // A county is a place of its own.
    expect((await s.get(lina, '/get/system/getWeather', { cityCode: '440305' })).body.data).toMatchObject({ configured: true, cityCode: '440305', cityName: '南山区' });
    expect(provider.weatherHits.at(-1)!.query.get('provinceName')).toBe('广东省');
    expect(provider.weatherHits).toHaveLength(before + 2);
  });

  it('answers a provider error, a time-out and an answer it cannot read with code 100 and a message, never a 500', async () => {
    const cases: [Mode, string, string][] = [
      ['fail', '420100', '天气服务出错（HTTP 500），请稍后再试'],
      ['hang', '430100', '天气服务在 1 秒内没有应答，请稍后再试'],
      ['notJson', '440100', '天气服务的应答格式无法识别，请联系管理员检查天气服务配置'],
      ['wrongShape', '450100', '天气服务的应答格式无法识别，请联系管理员检查天气服务配置'],
    ];
    for (const [mode, cityCode, message] of cases) {
      provider.weatherMode = mode;
      const started = Date.now();
      const res = await s.get(lina, '/get/system/getWeather', { cityCode });
      expect(res.status, mode).toBe(200);
      expect(res.body, mode).toMatchObject({ code: 100, message, data: null });
      expect(Date.now() - started, mode).toBeLessThan(5000);
    }
    const en = await rawCall(s, lina, 'GET', '/get/system/getWeather', { headers: { 'X-Lang': 'en' }, query: { cityCode: '420100' } });
    expect(en.body).toMatchObject({ code: 100, message: "The weather service's answer is not in the expected format; please ask the administrator to check the weather service settings" });
    // A failure is not kept: once the provider is back, the same city is answered.
    provider.weatherMode = 'ok';
    expect((await s.get(lina, '/get/system/getWeather', { cityCode: '420100' })).body.data).toMatchObject({ configured: true, cityName: '武汉市', temperature: 21.5 });
  });

  it('asks the provider again after the monitor\'s 清除缓存, which only administrators may use', async () => {
    await s.get(lina, '/get/system/getWeather', { cityCode: '330100' });
    const hits = provider.weatherHits.length;
    await s.get(lina, '/get/system/getWeather', { cityCode: '330100' });
    expect(provider.weatherHits).toHaveLength(hits);
    expect((await s.post(lina, '/set/system/clearCache')).status).toBe(403);
    const admin = await s.login('admin');
    const cleared = await s.post(admin, '/set/system/clearCache');
    expect(cleared.body.code).toBe(200);
    expect(cleared.body.data.cleared).toEqual(expect.arrayContaining(['systemSettings', 'maintenance', 'geo']));
    expect((await s.get(lina, '/get/system/getWeather', { cityCode: '330100' })).body.data).toMatchObject({ configured: true });
    expect(provider.weatherHits).toHaveLength(hits + 1);
  });

  it('refuses a bad cityCode to getWeather without asking the provider', async () => {
    const hits = provider.weatherHits.length;
    expect((await s.get(lina, '/get/system/getWeather', {})).body).toMatchObject({ code: 100, message: '请指定城市代码（cityCode）' });
    expect((await s.get(lina, '/get/system/getWeather', { cityCode: '12345' })).body).toMatchObject({ code: 100, message: '没有代码为“12345”的城市，请从城市列表中选择' });
    expect((await s.get(lina, '/get/system/getWeather', { cityCode: '320000' })).body).toMatchObject({ code: 100, message: '“江苏省”是省级行政区，请选择其下的城市' });
    expect(provider.weatherHits).toHaveLength(hits);
  });
});

describe.each(databases)('location, weather and city codes without providers on $name', (database) => {
  let s: TestServer;
  let lina: string;
  beforeAll(async () => {
    s = await startTestServer(database, { DEFAULT_CITY_CODE: '310000' });
    lina = await s.login('lina');
  });
  afterAll(async () => { await s.stop(); });

  it('answers configured: false for the weather — no invented report', async () => {
    const res = await s.get(lina, '/get/system/getWeather', { cityCode: '440300' });
    expect(res.body).toMatchObject({ code: 200, data: { configured: false, cityCode: '440300', cityName: '深圳市' } });
    expect(Object.keys(res.body.data).sort()).toEqual(['cityCode', 'cityName', 'configured']);
  });

  it('places every user in DEFAULT_CITY_CODE (a municipality\'s code meaning its city) until they choose', async () => {
    const res = await rawCall(s, lina, 'GET', '/get/system/getLocation', { headers: { 'X-Forwarded-For': '203.0.113.7' } });
    expect(res.body.data).toMatchObject({ code: '310100', name: '上海市', source: 'default' });
    await s.post(lina, '/set/system/saveMyCity', { cityCode: '330100' });
    expect((await s.get(lina, '/get/system/getLocation')).body.data).toMatchObject({ code: '330100', name: '杭州市', source: 'saved' });
  });
});

describe('weather cache period and configuration', () => {
  it('asks the provider again once WEATHER_CACHE_SECONDS have passed', async () => {
    const provider = await startProvider();
    const s = await startTestServer({ name: 'sqlite' }, { WEATHER_API_URL: `${provider.base}/weather`, WEATHER_CACHE_SECONDS: '1' });
    try {
      const lina = await s.login('lina');
      await s.get(lina, '/get/system/getWeather', { cityCode: '110100' });
      await s.get(lina, '/get/system/getWeather', { cityCode: '110100' });
      expect(provider.weatherHits).toHaveLength(1);
      expect(provider.weatherHits[0].authorization).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await s.get(lina, '/get/system/getWeather', { cityCode: '110100' })).body.data).toMatchObject({ configured: true });
      expect(provider.weatherHits).toHaveLength(2);
    } finally {
      await s.stop();
      await provider.close();
    }
  });

  it('reads the defaults, and refuses bad settings at start with the variable\'s name', () => {
    expect(readConfig({}).geo).toEqual({
      weatherApiUrl: undefined, weatherApiKey: undefined, locationApiUrl: undefined, defaultCityCode: '110100', timeoutMs: 5000, weatherCacheSeconds: 600,
    });
    expect(() => readConfig({ WEATHER_API_URL: 'weather.example.com' })).toThrow(/WEATHER_API_URL/);
    expect(() => readConfig({ LOCATION_API_URL: 'ftp://x' })).toThrow(/LOCATION_API_URL/);
    expect(() => readConfig({ DEFAULT_CITY_CODE: 'Beijing' })).toThrow(/DEFAULT_CITY_CODE/);
    expect(() => readConfig({ GEO_TIMEOUT_MS: 'soon' })).toThrow(/GEO_TIMEOUT_MS/);
    expect(() => createGeoAdapters(readConfig({ DEFAULT_CITY_CODE: '999999' }).geo)).toThrow(/DEFAULT_CITY_CODE 999999/);
    expect(() => createGeoAdapters(readConfig({ DEFAULT_CITY_CODE: '440000' }).geo)).toThrow(/DEFAULT_CITY_CODE 440000/);
  });
});
