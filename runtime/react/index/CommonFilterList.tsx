import { CloseOutlined, StarOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CommonFilter } from '../../core/filter';
import { testIdButtonProps } from '../feedback/testIdButtonProps';
import type { CommonFiltersStatus } from './useCommonFilters';

export interface CommonFilterListProps {
  filters: CommonFilter[];
  status: CommonFiltersStatus;
  onApply(filter: CommonFilter): void;
  onDelete(filter: CommonFilter): Promise<void>;
}

/** The drawer's "常用过滤" row: a click on a name searches with it; the cross deletes it after confirmation. */
export function CommonFilterList({ filters, status, onApply, onDelete }: CommonFilterListProps) {
  const { t } = useTranslation();
  return (
    <div data-testid="common-filters" style={{ marginBottom: 16 }}>
      <Space align="center" style={{ marginBottom: 8 }}>
        <StarOutlined />
        <Typography.Text strong>{t('runtime.filter.common.title')}</Typography.Text>
        {filters.length > 0 && <Typography.Text type="secondary">{t('runtime.filter.common.applyHint')}</Typography.Text>}
      </Space>
      <div>
        {status === 'loading' && filters.length === 0 && <Spin size="small" />}
        {status === 'error' && <Typography.Text type="danger">{t('runtime.filter.common.loadFailed')}</Typography.Text>}
        {status === 'ready' && filters.length === 0 && (
          <Typography.Text type="secondary" data-testid="common-filters-empty">{t('runtime.filter.common.empty')}</Typography.Text>
        )}
        <Space size={[8, 8]} wrap>
          {filters.map((filter) => (
            <Tag key={filter.id} color="processing" style={{ marginInlineEnd: 0, paddingInline: 4 }} data-testid={`common-filter-${filter.id}`}>
              <Button type="link" size="small" style={{ padding: '0 4px' }} data-testid={`common-filter-apply-${filter.id}`} onClick={() => onApply(filter)}>
                {filter.title}
              </Button>
              <Popconfirm
                title={t('runtime.filter.common.deleteConfirm', { title: filter.title })}
                okText={t('runtime.action.confirm')}
                cancelText={t('runtime.action.cancel')}
                okButtonProps={testIdButtonProps('common-filter-delete-confirm')}
                onConfirm={() => onDelete(filter)}
              >
                <Button
                  type="text"
                  size="small"
                  icon={<CloseOutlined style={{ fontSize: 10 }} />}
                  aria-label={t('runtime.filter.common.delete')}
                  data-testid={`common-filter-delete-${filter.id}`}
                  style={{ width: 20, height: 20, minWidth: 20 }}
                />
              </Popconfirm>
            </Tag>
          ))}
        </Space>
      </div>
    </div>
  );
}
