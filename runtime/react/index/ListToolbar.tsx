import { DeleteOutlined, DownloadOutlined, DragOutlined, FilterOutlined, PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Badge, Button, Input, Popconfirm, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { testIdButtonProps } from '../feedback/testIdButtonProps';

export interface ListToolbarProps {
  onAdd?: () => void;
  /** Present when the user may delete; disabled while nothing is selected. */
  onDeleteSelected?: () => Promise<void>;
  selectedCount: number;
  onExport?: () => void;
  exporting: boolean;
  /** Present when the user may import (xlsx). */
  onImport?: () => void;
  /** Present when the user may drag-sort the rows (`drop{E}`). */
  onReorder?: () => void;
  /** Present when the list has keyword fields. */
  onKeyword?: (keyword: string) => void;
  /** The keyword the list is searched by (kept when the user comes back to the list). */
  keyword: string;
  /** Present when the list has filters. */
  onOpenFilters?: () => void;
  appliedFilterCount: number;
  onReload(): void;
  columnSettings: ReactNode;
}

/** Actions above the table: add, batch delete, import, export, reorder on the left; search, filters, reload, columns on the right. */
export function ListToolbar(props: ListToolbarProps) {
  const { t } = useTranslation();
  const { onAdd, onDeleteSelected, selectedCount, onExport, exporting, onImport, onReorder, onKeyword, onOpenFilters, appliedFilterCount } = props;
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 8, marginBottom: 16 }}>
      <Space wrap>
        {onAdd && <Button type="primary" icon={<PlusOutlined />} data-testid="entity-add" onClick={onAdd}>{t('runtime.action.add')}</Button>}
        {onDeleteSelected && (
          <Popconfirm
            title={t('runtime.table.deleteSelectedConfirm', { count: selectedCount })}
            okText={t('runtime.action.confirm')}
            cancelText={t('runtime.action.cancel')}
            disabled={selectedCount === 0}
            okButtonProps={testIdButtonProps('delete-confirm')}
            onConfirm={onDeleteSelected}
          >
            <Button danger icon={<DeleteOutlined />} disabled={selectedCount === 0} data-testid="entity-delete-selected">
              {t('runtime.action.batchDelete')}
            </Button>
          </Popconfirm>
        )}
        {onImport && <Button icon={<UploadOutlined />} data-testid="entity-import" onClick={onImport}>{t('runtime.import.button')}</Button>}
        {onExport && <Button icon={<DownloadOutlined />} loading={exporting} data-testid="entity-export" onClick={onExport}>{t('runtime.action.export')}</Button>}
        {onReorder && <Button icon={<DragOutlined />} data-testid="entity-reorder" onClick={onReorder}>{t('runtime.reorder.button')}</Button>}
      </Space>
      <Space wrap>
        {onKeyword && (
          <Input.Search
            allowClear
            style={{ width: 240 }}
            placeholder={t('runtime.table.keywordPlaceholder')}
            defaultValue={props.keyword}
            data-testid="entity-keyword"
            onSearch={onKeyword}
          />
        )}
        {onOpenFilters && (
          <Badge count={appliedFilterCount} size="small">
            <Button icon={<FilterOutlined />} data-testid="entity-filter" onClick={onOpenFilters}>{t('runtime.filter.button')}</Button>
          </Badge>
        )}
        <Tooltip title={t('runtime.action.reload')}>
          <Button icon={<ReloadOutlined />} aria-label={t('runtime.action.reload')} data-testid="entity-reload" onClick={props.onReload} />
        </Tooltip>
        {props.columnSettings}
      </Space>
    </div>
  );
}
