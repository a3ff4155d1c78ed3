import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, InputNumber, Popover, Select, Space, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityDef } from '../../core/schema/types';
import { alreadyShown, failureMessage } from '../data/requestFailure';
import { useFeedback } from '../feedback/useFeedback';
import { defaultColumnSettings, moveColumn, type ColumnSetting } from './columnSettings';
import { columnTitle } from './columnTitle';

export interface ColumnSettingsProps {
  entity: EntityDef;
  settings: ColumnSetting[];
  onSave(next: ColumnSetting[]): Promise<void>;
}

type FixedChoice = 'none' | 'left' | 'right';

/**
 * The column settings popover: show/hide, fixed side, width and order (drag a row, or the arrows)
 * of each column. Edits stay in a draft until 保存, which stores them for this user.
 */
export function ColumnSettings({ entity, settings, onSave }: ColumnSettingsProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ColumnSetting[]>(settings);
  const [saving, setSaving] = useState(false);
  const dragged = useRef<number | null>(null);

  const openChange = (next: boolean) => {
    if (next) setDraft(settings);
    setOpen(next);
  };

  const patch = (index: number, change: Partial<ColumnSetting>) => {
    setDraft((previous) => previous.map((column, i) => (i === index ? { ...column, ...change } : column)));
  };

  const save = async () => {
    setSaving(true);
    try {
      await onSave(draft);
      message.success(t('runtime.columns.saved'));
      setOpen(false);
    } catch (error) {
      if (!alreadyShown(error)) message.error(failureMessage(error, t('runtime.message.unknownError')));
    } finally {
      setSaving(false);
    }
  };

  const fixedOptions = [
    { value: 'none', label: t('runtime.columns.fixedNone') },
    { value: 'left', label: t('runtime.columns.fixedLeft') },
    { value: 'right', label: t('runtime.columns.fixedRight') },
  ];

  const content = (
    <div style={{ width: 460 }}>
      {draft.map((column, index) => (
        <div
          key={column.prop}
          draggable
          data-testid={`column-setting-${column.prop}`}
          onDragStart={() => { dragged.current = index; }}
          onDragOver={(event) => event.preventDefault()}
          onDrop={() => {
            if (dragged.current !== null) setDraft((previous) => moveColumn(previous, dragged.current ?? index, index));
            dragged.current = null;
          }}
          style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '4px 0' }}
        >
          <HolderOutlined style={{ cursor: 'grab' }} />
          <Checkbox checked={!column.hide} onChange={(event) => patch(index, { hide: !event.target.checked })} style={{ flex: 1 }}>
            {columnTitle(entity, column.prop, t)}
          </Checkbox>
          <Select<FixedChoice>
            size="small"
            style={{ width: 84 }}
            value={column.fixed ?? 'none'}
            options={fixedOptions}
            onChange={(choice) => patch(index, { fixed: choice === 'none' ? undefined : choice })}
          />
          <InputNumber
            size="small"
            min={40}
            max={800}
            style={{ width: 80 }}
            placeholder={t('runtime.columns.width')}
            value={column.width ?? null}
            onChange={(width) => patch(index, { width: width ?? undefined })}
          />
          <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} aria-label={t('runtime.columns.moveUp')}
            onClick={() => setDraft((previous) => moveColumn(previous, index, index - 1))} />
          <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={index === draft.length - 1} aria-label={t('runtime.columns.moveDown')}
            onClick={() => setDraft((previous) => moveColumn(previous, index, index + 1))} />
        </div>
      ))}
      <Space style={{ marginTop: 12 }}>
        <Button type="primary" size="small" loading={saving} data-testid="column-settings-save" onClick={() => { void save(); }}>
          {t('runtime.action.save')}
        </Button>
        <Button size="small" data-testid="column-settings-reset" onClick={() => setDraft(defaultColumnSettings(entity.list.columns))}>
          {t('runtime.columns.reset')}
        </Button>
      </Space>
    </div>
  );

  return (
    <Popover trigger="click" placement="bottomRight" title={t('runtime.columns.title')} content={content} open={open} onOpenChange={openChange}>
      <Tooltip title={t('runtime.columns.title')}>
        <Button icon={<SettingOutlined />} data-testid="column-settings" aria-label={t('runtime.columns.title')} />
      </Tooltip>
    </Popover>
  );
}
