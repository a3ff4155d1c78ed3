import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';
import { startProvider, type Provider } from '../support/geoProvider';

/**
 * The weather widget where it lives: the desk's 'weather' card (demo desk: 8 columns, 200 px),
 * with a real stand-in weather provider behind the server.
 */
describe('weather on the desk', () => {
  let provider: Provider;
  let suite: BrowserSuite;
  beforeAll(async () => {
    provider = await startProvider();
    suite = await startBrowserSuite({ WEATHER_API_URL: `${provider.base}/weather`, GEO_TIMEOUT_MS: '1000' });
    // The demo desk ships the weather card switched off (no provider in the demo): on for this suite.
    await suite.server.ctx.database.db.updateTable('sys_desk_config').set({ enabled: 1 }).where('widgetCode', '=', 'weather').execute();
  });
  afterAll(async () => {
    await suite?.stop();
    await provider?.close();
  });

  it('shows the default city\'s weather in the desk card, and switches the city with the picker', async () => {
    const { page, context } = await suite.newPage('lina');
    await page.goto('/dashboard');
    const card = page.getByTestId('desk-widget-weather');
    await expect.poll(() => card.getByTestId('weather-temperature').textContent()).toBe('22°');
    expect(await card.getByTestId('weather-city').textContent()).toBe('北京市');
    expect(await card.getByTestId('weather-today').textContent()).toBe('今天 12° ~ 24°');
    expect(await card.getByTestId('weather-forecast-day').count()).toBe(3);
    // Everything fits the 200-pixel card: nothing scrolls.
    const body = card.locator('.ant-card-body');
    expect(await body.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
    await suite.screenshot(page, 'weather-desk');

    await card.getByTestId('weather-city-picker').click();
    await page.locator('.ant-cascader-menu').first().getByText('广东省').click();
    await page.locator('.ant-cascader-menu').nth(1).getByText('深圳市').click();
    await expect.poll(() => card.getByTestId('weather-city').textContent()).toBe('深圳市');
    await expect.poll(() => card.getByTestId('weather-temperature').textContent()).toBe('22°');
    expect(provider.weatherHits.at(-1)!.query.get('cityCode')).toBe('440300');

    // The choice is the user's, on the server: a reload shows it again.
    await page.reload();
    await expect.poll(() => page.getByTestId('desk-widget-weather').getByTestId('weather-city').textContent()).toBe('深圳市');
    await suite.screenshot(page, 'weather-desk-shenzhen');
    await context.close();
  });

  it('shows the provider\'s failure inside the card, and the weather after a retry', async () => {
    provider.weatherMode = 'fail';
    const { page, context } = await suite.newPage('chenjing');
    await page.goto('/dashboard');
    const card = page.getByTestId('desk-widget-weather');
    // Beijing's weather may be kept from the first test: ask for a city nobody asked for.
    await card.getByTestId('weather-city-picker').click();
    await page.locator('.ant-cascader-menu').first().getByText('浙江省').click();
    await page.locator('.ant-cascader-menu').nth(1).getByText('杭州市').click();
    await expect.poll(() => card.getByTestId('weather-error').textContent()).toContain('天气服务出错（HTTP 500），请稍后再试');
    await suite.screenshot(page, 'weather-desk-error');
    provider.weatherMode = 'ok';
    await card.getByTestId('weather-retry').click();
    await expect.poll(() => card.getByTestId('weather-temperature').textContent()).toBe('22°');
    await context.close();
  });
});
