export type { WeatherAdapter, WeatherLookup, WeatherPlace } from './WeatherAdapter';
export type { LocationAdapter } from './LocationAdapter';
export { GeoProviderFailure, type GeoFailureReason, type GeoProviderName } from './GeoProviderFailure';
export { unconfiguredWeatherAdapter } from './unconfiguredWeather';
export { noLocationAdapter } from './noLocation';
export { httpWeatherAdapter } from './httpWeather';
export { httpLocationAdapter } from './httpLocation';
export { chinaDivisions } from './chinaDivisions';
export { createGeoAdapters, type GeoAdapters } from './createGeoAdapters';
