// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../src/i18n/i18n';
import { httpClient } from '../../../src/request/httpClient';
import { WeatherWidget } from '../../../src/pages/dashboard/widgets/WeatherWidget';
import { installMatchMedia } from '../react/renderWithRuntime';
import { startProvider, type Provider } from '../../support/geoProvider';
import { startTestServer, type TestServer } from '../../support/testServer';

/**
 * The weather widget against the real server and a real stand-in provider: the browser's own
 * request layer, sent over Node's HTTP client (jsdom would refuse the test server's origin), so
 * every state the widget shows comes from an actual answer.
 */

let provider: Provider;
let withProvider: TestServer;
let withoutProvider: TestServer;

let token = '';

/** Node's HTTP client keeps no cookies: the session goes as the Bearer header API clients send. */
async function signIn(server: TestServer, accountId: string): Promise<void> {
  httpClient.defaults.baseURL = `${server.baseUrl}/capi`;
  token = await server.login(accountId);
  httpClient.defaults.headers.common.Authorization = `Bearer ${token}`;
}

function renderWidget() {
  return render(
    <I18nextProvider i18n={i18n}>
      <AntApp><WeatherWidget /></AntApp>
    </I18nextProvider>,
  );
}

describe('weather widget', () => {
  beforeAll(async () => {
    installMatchMedia();
    httpClient.defaults.adapter = 'http';
    provider = await startProvider();
    [withProvider, withoutProvider] = await Promise.all([
      startTestServer({ name: 'sqlite' }, { WEATHER_API_URL: `${provider.base}/weather`, GEO_TIMEOUT_MS: '500' }),
      startTestServer({ name: 'sqlite' }),
    ]);
  }, 120_000);
  afterEach(cleanup);
  afterAll(async () => {
    await Promise.all([withProvider?.stop(), withoutProvider?.stop()]);
    await provider?.close();
  });

  it('shows the default city\'s temperature, condition, today\'s range and the next days', async () => {
    await signIn(withProvider, 'lina');
    renderWidget();
    expect(await screen.findByTestId('weather-temperature')).toHaveProperty('textContent', '22°');
    expect(screen.getByTestId('weather-city').textContent).toBe('北京市');
    expect(screen.getByText('默认城市')).toBeTruthy();
    expect(screen.getByTestId('weather-condition').textContent).toBe('多云');
    expect(screen.getByTestId('weather-today').textContent).toBe('今天 12° ~ 24°');
    expect(screen.getByTestId('weather-details').textContent?.trim()).toBe('湿度 40% · 东北风 3级');
    const days = screen.getAllByTestId('weather-forecast-day').map((day) => day.textContent);
    // 2026-05-02 is the day after today's 05-01; 05-03 a Sunday, 05-04 a Monday.
    expect(days).toEqual(['明天 晴 13° ~ 26°', '周日 小雨 11° ~ 19°', '周一 阴 10° ~ 18°']);
  });

  it('says the weather service is not configured, and shows no weather', async () => {
    await signIn(withoutProvider, 'lina');
    renderWidget();
    const notice = await screen.findByTestId('weather-not-configured');
    expect(notice.textContent).toContain('天气服务尚未配置');
    expect(notice.textContent).toContain('北京市的天气');
    expect(screen.queryByTestId('weather-temperature')).toBeNull();
  });

  it('shows the provider failure the server reports, and recovers on retry', async () => {
    await signIn(withProvider, 'wangfang');
    // A city no earlier test asked for, so no kept answer hides the failure.
    expect((await withProvider.post(token, '/set/system/saveMyCity', { cityCode: '320100' })).body.code).toBe(200);
    provider.weatherMode = 'fail';
    renderWidget();
    expect((await screen.findByTestId('weather-error')).textContent).toContain('天气服务出错（HTTP 500），请稍后再试');
    expect(screen.getByTestId('weather-city').textContent).toBe('南京市');
    provider.weatherMode = 'ok';
    fireEvent.click(screen.getByTestId('weather-retry'));
    expect(await screen.findByTestId('weather-temperature')).toHaveProperty('textContent', '22°');
  });

  it('switches the city with the picker: province, then city, saved for the user', async () => {
    await signIn(withProvider, 'chenjing');
    renderWidget();
    await screen.findByTestId('weather-temperature');
    fireEvent.click(screen.getByTestId('weather-city-picker'));
    const province = await screen.findByText('广东省');
    fireEvent.click(province);
    const menus = () => document.querySelectorAll('.ant-cascader-menu');
    await waitFor(() => expect(menus().length).toBe(2));
    fireEvent.click(within(menus()[1] as HTMLElement).getByText('深圳市'));
    await waitFor(() => expect(screen.getByTestId('weather-city').textContent).toBe('深圳市'));
    expect(await screen.findByTestId('weather-temperature')).toBeTruthy();
    expect(screen.queryByText('默认城市')).toBeNull();
    expect(provider.weatherHits.at(-1)!.query.get('cityCode')).toBe('440300');
    // Stored on the server: a new session finds the choice.
    const again = await withProvider.login('chenjing');
    expect((await withProvider.get(again, '/get/system/getLocation')).body.data).toMatchObject({ code: '440300', source: 'saved' });
  });
});
