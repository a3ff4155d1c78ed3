import { Input, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseLocation, type LocationValue } from '../../format/fieldValues';
import type { WidgetProps } from './WidgetProps';

/** Longitude, latitude and an address; the value is `{lng, lat, address?}` (or null when all are empty). */
export function LocationInput({ value, onChange, disabled }: WidgetProps<LocationValue>) {
  const { t } = useTranslation();
  const location = parseLocation(value) ?? {};
  const change = (patch: LocationValue) => {
    const next: LocationValue = { ...location, ...patch };
    const empty = next.lng === undefined && next.lat === undefined && !next.address;
    onChange?.(empty ? null : next);
  };
  return (
    <Space.Compact block>
      <InputNumber
        placeholder={t('runtime.location.lng')}
        min={-180}
        max={180}
        disabled={disabled}
        value={location.lng ?? null}
        onChange={(lng) => change({ lng: lng ?? undefined })}
      />
      <InputNumber
        placeholder={t('runtime.location.lat')}
        min={-90}
        max={90}
        disabled={disabled}
        value={location.lat ?? null}
        onChange={(lat) => change({ lat: lat ?? undefined })}
      />
      <Input
        placeholder={t('runtime.location.address')}
        disabled={disabled}
        value={location.address ?? ''}
        onChange={(event) => change({ address: event.target.value })}
      />
    </Space.Compact>
  );
}
