import { Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATISTICS_TYPES } from '../../../runtime/core/constants';
import { switchStatisticsType, type StatisticsTypeState } from '../../../runtime/core/statistics';

export interface StatisticsTypeSwitchProps {
  value?: StatisticsTypeState;
  onChange?: (value: StatisticsTypeState) => void;
  disabled?: boolean;
}

/**
 * The statistics form's type switch (spec §3): 不统计 sets staTypeCount 0; 按年 and 按月 set it
 * to 1 and label the unit 年 or 月 (shown beside the switch).
 */
export function StatisticsTypeSwitch({ value = switchStatisticsType(STATISTICS_TYPES.none), onChange, disabled }: StatisticsTypeSwitchProps) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Radio.Group
        value={value.staType}
        disabled={disabled}
        onChange={(event) => onChange?.(switchStatisticsType(event.target.value))}
        data-testid="statistics-type"
        options={[
          { value: STATISTICS_TYPES.none, label: t('shell.statistics.none') },
          { value: STATISTICS_TYPES.year, label: t('shell.statistics.year') },
          { value: STATISTICS_TYPES.month, label: t('shell.statistics.month') },
        ]}
      />
      {value.unit !== '' && (
        <Typography.Text type="secondary" data-testid="statistics-unit">
          {t('shell.statistics.unitLabel', { unit: t(`shell.statistics.unit.${value.unit}`) })}
        </Typography.Text>
      )}
    </Space>
  );
}
