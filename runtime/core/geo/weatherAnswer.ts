/**
 * The weather provider's answer (server/adapters/geo/README.md) checked and mapped to the report
 * the suite shows. Strict on purpose: a provider that changed its format is reported as such
 * rather than shown as a half-empty card.
 */

export interface DayForecast {
  /** YYYY-MM-DD, the provider's local date. */
  date: string;
  condition: string;
  min: number;
  max: number;
}

export interface WeatherReport {
  temperature: number;
  condition: string;
  /** Percent, when the provider tells. */
  humidity: number | null;
  /** Wind as the provider words it ("东北风 3级"), when it tells. */
  wind: string | null;
  /** When the provider observed the conditions, as it gave it. */
  observedAt: string | null;
  /** The first day of the provider's forecast, taken as today. */
  today: DayForecast | null;
  /** The days after today, at most MAX_FORECAST_DAYS. */
  forecast: DayForecast[];
}

export type WeatherAnswerCheck = { ok: true; report: WeatherReport } | { ok: false; problem: string };

/** Days after today a report carries (the widget shows what fits). */
export const MAX_FORECAST_DAYS = 4;
const MAX_TEXT = 40;
/** Beyond the records on Earth (−89 °C … 57 °C) with room: a value outside is a unit mix-up. */
const TEMPERATURE_RANGE = [-90, 70] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Providers send numbers as numbers or as numeric strings ("21"); both are read. */
function numberFrom(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

function textFrom(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text !== '' && text.length <= MAX_TEXT ? text : undefined;
}

function temperatureFrom(value: unknown): number | undefined {
  const n = numberFrom(value);
  return n !== undefined && n >= TEMPERATURE_RANGE[0] && n <= TEMPERATURE_RANGE[1] ? n : undefined;
}

function dayFrom(value: unknown, index: number): DayForecast | string {
  if (!isRecord(value)) return `daily[${index}] is not an object`;
  const date = typeof value.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.date) ? value.date : undefined;
  if (!date) return `daily[${index}].date must be YYYY-MM-DD`;
  const condition = textFrom(value.condition);
  if (!condition) return `daily[${index}].condition must be a text of 1 to ${MAX_TEXT} characters`;
  const min = temperatureFrom(value.min);
  const max = temperatureFrom(value.max);
  if (min === undefined || max === undefined) return `daily[${index}].min and .max must be temperatures in °C`;
  if (min > max) return `daily[${index}].min is above .max`;
  return { date, condition, min, max };
}

/** Checks a parsed JSON answer; `problem` says what was expected where (for the server log). */
export function readWeatherAnswer(answer: unknown): WeatherAnswerCheck {
  if (!isRecord(answer)) return { ok: false, problem: 'the answer is not a JSON object' };
  const current = answer.current;
  if (!isRecord(current)) return { ok: false, problem: 'current is missing or not an object' };
  const temperature = temperatureFrom(current.temperature);
  if (temperature === undefined) return { ok: false, problem: 'current.temperature must be a temperature in °C' };
  const condition = textFrom(current.condition);
  if (!condition) return { ok: false, problem: `current.condition must be a text of 1 to ${MAX_TEXT} characters` };
  const humidity = current.humidity === undefined || current.humidity === null ? null : numberFrom(current.humidity);
  if (humidity === undefined || (humidity !== null && (humidity < 0 || humidity > 100))) {
    return { ok: false, problem: 'current.humidity must be a percentage when given' };
  }
  const daily = answer.daily ?? [];
  if (!Array.isArray(daily)) return { ok: false, problem: 'daily must be an array when given' };
  const days: DayForecast[] = [];
  for (const [index, entry] of daily.slice(0, MAX_FORECAST_DAYS + 1).entries()) {
    const day = dayFrom(entry, index);
    if (typeof day === 'string') return { ok: false, problem: day };
    days.push(day);
  }
  return {
    ok: true,
    report: {
      temperature, condition, humidity,
      wind: textFrom(current.wind) ?? null,
      observedAt: textFrom(current.observedAt) ?? null,
      today: days[0] ?? null,
      forecast: days.slice(1),
    },
  };
}
