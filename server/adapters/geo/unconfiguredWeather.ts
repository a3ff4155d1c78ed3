import type { WeatherAdapter } from './WeatherAdapter';

/** Development (and any installation without WEATHER_API_URL): the weather service is not configured. */
export const unconfiguredWeatherAdapter: WeatherAdapter = {
  kind: 'unconfigured',
  async lookup() {
    return { configured: false };
  },
};
