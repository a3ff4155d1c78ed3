import { describe, expect, it } from 'vitest';
import { MAX_FORECAST_DAYS, readLocationAnswer, readWeatherAnswer } from '../../../runtime/core/geo';

const day = (date: string, min: unknown = 10, max: unknown = 20, condition: unknown = '晴') => ({ date, condition, min, max });

describe('weather provider answer', () => {
  it('maps current conditions, today and the following days', () => {
    const checked = readWeatherAnswer({
      current: { temperature: '-3.5', condition: ' 小雪 ', humidity: 80, wind: '北风 2级', observedAt: '2026-01-10T08:00+08:00' },
      daily: [day('2026-01-10', -8, -1), day('2026-01-11', '-9', '0', '晴')],
    });
    expect(checked).toEqual({
      ok: true,
      report: {
        temperature: -3.5, condition: '小雪', humidity: 80, wind: '北风 2级', observedAt: '2026-01-10T08:00+08:00',
        today: { date: '2026-01-10', condition: '晴', min: -8, max: -1 },
        forecast: [{ date: '2026-01-11', condition: '晴', min: -9, max: 0 }],
      },
    });
  });

  it('takes optional parts as absent, and caps the forecast', () => {
    const minimal = readWeatherAnswer({ current: { temperature: 30, condition: 'Sunny' } });
    expect(minimal).toEqual({ ok: true, report: { temperature: 30, condition: 'Sunny', humidity: null, wind: null, observedAt: null, today: null, forecast: [] } });
    const long = readWeatherAnswer({ current: { temperature: 30, condition: '晴' }, daily: Array.from({ length: 10 }, (_, i) => day(`2026-06-${String(i + 1).padStart(2, '0')}`)) });
    expect(long.ok && long.report.forecast).toHaveLength(MAX_FORECAST_DAYS);
    expect(long.ok && long.report.today?.date).toBe('2026-06-01');
  });

  it.each([
    ['not an object', [], 'the answer is not a JSON object'],
    ['no current', { daily: [] }, 'current is missing'],
    ['a temperature in Fahrenheit or Kelvin', { current: { temperature: 293, condition: '晴' } }, 'current.temperature'],
    ['a temperature as words', { current: { temperature: 'warm', condition: '晴' } }, 'current.temperature'],
    ['no condition', { current: { temperature: 20, condition: '' } }, 'current.condition'],
    ['humidity over 100', { current: { temperature: 20, condition: '晴', humidity: 140 } }, 'current.humidity'],
    ['daily not a list', { current: { temperature: 20, condition: '晴' }, daily: {} }, 'daily must be an array'],
    ['a day without a proper date', { current: { temperature: 20, condition: '晴' }, daily: [day('1 May')] }, 'daily[0].date'],
    ['a day with min above max', { current: { temperature: 20, condition: '晴' }, daily: [day('2026-05-01'), day('2026-05-02', 25, 20)] }, 'daily[1].min is above .max'],
    ['a day without temperatures', { current: { temperature: 20, condition: '晴' }, daily: [{ date: '2026-05-01', condition: '晴' }] }, 'daily[0].min and .max'],
  ])('refuses %s, saying where', (_what, answer, problem) => {
    const checked = readWeatherAnswer(answer);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.problem).toContain(problem);
  });
});

describe('IP-location provider answer', () => {
  it('reads cityCode or adcode, as text or number', () => {
    expect(readLocationAnswer({ cityCode: '440300' })).toEqual({ ok: true, code: '440300' });
    expect(readLocationAnswer({ status: '1', adcode: '310000', city: '上海市' })).toEqual({ ok: true, code: '310000' });
    expect(readLocationAnswer({ adcode: 440300 })).toEqual({ ok: true, code: '440300' });
  });

  it('takes an empty value as "not located"', () => {
    for (const answer of [{}, { cityCode: '' }, { cityCode: null }, { adcode: [] }]) expect(readLocationAnswer(answer)).toEqual({ ok: true, code: null });
  });

  it('refuses what is not a division code', () => {
    for (const answer of [null, 'Beijing', [], { cityCode: 'Beijing' }, { cityCode: '4403' }, { adcode: 4403001 }]) {
      expect(readLocationAnswer(answer).ok).toBe(false);
    }
  });
});
