import { Cascader, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CityNode } from '../../../../runtime/core/geo';
import { request } from '../../../request/request';

interface CityOption {
  value: string;
  label: string;
  isLeaf: boolean;
  /** A province whose cities are being fetched (the cascader shows a spinner). */
  loading?: boolean;
  children?: CityOption[];
}

/** Provinces, then their cities: a city is as far as the weather card needs to go. */
const toOption = (node: CityNode): CityOption => ({ value: node.code, label: node.name, isLeaf: node.level !== 'province' || node.isLeaf });

async function cityLevel(parentCode?: string): Promise<CityOption[]> {
  const answer = await request.get<CityNode[]>('/get/system/getCityList', parentCode ? { parentCode } : {}, { quiet: true });
  return answer.data.map(toOption);
}

/**
 * "切换城市": a cascader over getCityList, loading the provinces when first opened and a
 * province's cities when it is chosen. Picking a city hands its code to `onPick`.
 */
export function CityPicker({ onPick, disabled }: { onPick: (cityCode: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<CityOption[]>([]);
  const [loading, setLoading] = useState(false);

  const loadProvinces = async (open: boolean) => {
    if (!open || options.length > 0 || loading) return;
    setLoading(true);
    try {
      setOptions(await cityLevel());
    } catch {
      // The request layer's message is not shown (quiet); an empty list invites another try.
    } finally {
      setLoading(false);
    }
  };

  const loadCities = async (selected: CityOption[]) => {
    const province = selected[selected.length - 1];
    province.loading = true;
    setOptions((current) => [...current]);
    try {
      province.children = await cityLevel(province.value);
    } catch {
      // Left without children: choosing the province again tries again.
      province.children = undefined;
    } finally {
      province.loading = false;
    }
    setOptions((current) => [...current]);
  };

  return (
    <Cascader<CityOption>
      options={options}
      loadData={loadCities}
      onOpenChange={loadProvinces}
      onChange={(path) => { if (path && path.length === 2) onPick(String(path[1])); }}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      disabled={disabled}
      // Stateless: the chosen city lives on the server (saveMyCity), not in the picker.
      value={[]}
    >
      <Typography.Link data-testid="weather-city-picker" title={t('geo.widget.pickCity')}>{t('geo.widget.changeCity')}</Typography.Link>
    </Cascader>
  );
}
