import { Alert, App, Button, Flex, Skeleton, Space, Tag, Typography } from 'antd';
import { CloudOutlined, EnvironmentOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayForecast, LocationAnswer, WeatherAnswer } from '../../../../runtime/core/geo';
import { request } from '../../../request/request';
import { CityPicker } from './CityPicker';
import type { WidgetData } from './useWidgetData';

const failureMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
const degrees = (value: number) => `${Math.round(value)}°`;

/** 明天 for the day after today, the weekday name (周三 / Wed) after that. */
function dayLabel(day: DayForecast, today: DayForecast | null, tomorrow: string): string {
  if (today && dayjs(day.date).diff(dayjs(today.date), 'day') === 1) return tomorrow;
  return dayjs(day.date).format('ddd');
}

/**
 * Desk widget 'weather': the user's city (saved, else located by address, else the default) with
 * its current weather, today's range and the next days; the city picker saves the choice
 * (saveMyCity). Without a weather provider it says so; a provider failure shows the server's
 * message with a retry — it never shows weather it was not given. It draws no card of its own:
 * the desk frames it with the configured title.
 */
export function WeatherWidget() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [location, setLocation] = useState<LocationAnswer | null>(null);
  const [state, setState] = useState<WidgetData<WeatherAnswer>>({ status: 'loading' });
  const [saving, setSaving] = useState(false);
  // A slow answer for a city the user has since left must not overwrite the newer one.
  const latest = useRef(0);

  const load = useCallback(async (place: LocationAnswer | null) => {
    const seq = ++latest.current;
    setState({ status: 'loading' });
    try {
      const here = place ?? (await request.get<LocationAnswer>('/get/system/getLocation', {}, { quiet: true })).data;
      if (seq !== latest.current) return;
      setLocation(here);
      const answer = await request.get<WeatherAnswer>('/get/system/getWeather', { cityCode: here.code }, { quiet: true });
      if (seq === latest.current) setState({ status: 'ready', data: answer.data });
    } catch (error) {
      if (seq === latest.current) setState({ status: 'failed', message: failureMessage(error) });
    }
  }, []);

  useEffect(() => { void load(null); }, [load]);

  const pickCity = async (cityCode: string) => {
    setSaving(true);
    try {
      const saved = (await request.post<LocationAnswer>('/set/system/saveMyCity', { cityCode }, { quiet: true })).data;
      void message.success(t('geo.widget.citySaved', { name: saved.name }));
      await load(saved);
    } catch (error) {
      void message.error(failureMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex vertical gap={8} data-testid="weather-widget">
      <Flex justify="space-between" align="center" gap={8}>
        <Space size={6}>
          <EnvironmentOutlined />
          <Typography.Text strong data-testid="weather-city">{location?.name ?? ''}</Typography.Text>
          {location && location.source !== 'saved' && (
            <Tag bordered={false}>{t(location.source === 'ip' ? 'geo.widget.sourceIp' : 'geo.widget.sourceDefault')}</Tag>
          )}
        </Space>
        <CityPicker onPick={(code) => void pickCity(code)} disabled={saving} />
      </Flex>
      {state.status === 'loading' && <Skeleton active title={false} paragraph={{ rows: 3 }} />}
      {state.status === 'failed' && (
        // Compact, unlike the desk's large failure result: the card is about 200 pixels tall.
        <Alert type="warning" showIcon message={state.message} data-testid="weather-error"
          action={<Button size="small" onClick={() => void load(location)} data-testid="weather-retry">{t('geo.widget.retry')}</Button>} />
      )}
      {state.status === 'ready' && !state.data.configured && (
        <Flex vertical align="center" gap={4} style={{ paddingTop: 4 }} data-testid="weather-not-configured">
          <CloudOutlined style={{ fontSize: 28, color: 'var(--ant-color-text-quaternary, #bfbfbf)' }} />
          <Typography.Text strong>{t('geo.widget.notConfigured')}</Typography.Text>
          <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
            {t('geo.widget.notConfiguredHint', { name: state.data.cityName })}
          </Typography.Text>
        </Flex>
      )}
      {state.status === 'ready' && state.data.configured && <WeatherReportView weather={state.data} />}
    </Flex>
  );
}

/** Sized for the desk's 200-pixel card: now, today and three days in about 110 pixels. */
function WeatherReportView({ weather }: { weather: Extract<WeatherAnswer, { configured: true }> }) {
  const { t } = useTranslation();
  const details = [
    weather.humidity !== null ? t('geo.widget.humidity', { value: weather.humidity }) : null,
    weather.wind,
  ].filter(Boolean).join(' · ');
  const range = (day: DayForecast) => t('geo.widget.range', { min: Math.round(day.min), max: Math.round(day.max) });
  return (
    <Flex vertical gap={8}>
      <Flex align="center" gap={12}>
        <Typography.Text style={{ fontSize: 34, lineHeight: 1, fontWeight: 300 }} data-testid="weather-temperature">
          {degrees(weather.temperature)}
        </Typography.Text>
        <Flex vertical style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text ellipsis>
            <Typography.Text strong data-testid="weather-condition">{weather.condition}</Typography.Text>
            {details && <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="weather-details">{`  ${details}`}</Typography.Text>}
          </Typography.Text>
          {weather.today && (
            <Typography.Text type="secondary" data-testid="weather-today">{`${t('geo.widget.today')} ${range(weather.today)}`}</Typography.Text>
          )}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 11, alignSelf: 'flex-start', whiteSpace: 'nowrap' }}>
          {t('geo.widget.updatedAt', { time: dayjs(weather.fetchedAt).format('HH:mm') })}
        </Typography.Text>
      </Flex>
      {weather.forecast.length > 0 && (
        <Flex gap={8} style={{ borderTop: '1px solid var(--ant-color-split, #f0f0f0)', paddingTop: 6 }}>
          {weather.forecast.slice(0, 3).map((day) => (
            <Typography.Text key={day.date} ellipsis style={{ flex: 1, minWidth: 0, fontSize: 12 }} data-testid="weather-forecast-day">
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{dayLabel(day, weather.today, t('geo.widget.tomorrow'))}</Typography.Text>
              {` ${day.condition} ${range(day)}`}
            </Typography.Text>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
