import { TeamOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteSelect, type RemoteSelectProps } from './RemoteSelect';
import { splitJoined } from '../../format/fieldValues';
import { fromSelectValue } from './selectValue';
import { UserPickerModal } from './userPicker/UserPickerModal';
import type { PickedUser } from './userPicker/pickedUsers';

/**
 * A user or users field: the searchable select for someone whose name one knows, and beside it
 * the 选择人员 dialog (department tree, user groups) for browsing and for whole groups. Names of
 * people chosen in the dialog are remembered so the select shows them before any page loads.
 */
export function UserSelect(props: RemoteSelectProps) {
  const { t } = useTranslation();
  const { multiple = false, value, onChange, onLabels, disabled, knownLabels, 'data-testid': testId } = props;
  const [open, setOpen] = useState(false);
  // Names of people chosen here, in the dialog or the dropdown: the dialog opens with them, never with a bare id.
  const [pickedLabels, setPickedLabels] = useState<Record<string, string>>({});
  const labels = { ...knownLabels, ...pickedLabels };
  const initial: PickedUser[] = splitJoined(value).map((id) => ({ value: id, label: labels[id] ?? id }));

  const remember = (picked: PickedUser[]) => {
    setPickedLabels((current) => ({ ...current, ...Object.fromEntries(picked.map((p) => [p.value, p.label])) }));
    onLabels?.(picked);
  };

  const apply = (picked: PickedUser[]) => {
    setOpen(false);
    const chosen = multiple ? picked : picked.slice(0, 1);
    remember(chosen);
    onChange?.(fromSelectValue(multiple ? chosen.map((p) => p.value) : chosen[0]?.value, multiple));
  };

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <RemoteSelect {...props} knownLabels={labels} onLabels={remember} style={{ flex: 1, minWidth: 0 }} />
        <Tooltip title={t('runtime.userPicker.open')}>
          <Button
            icon={<TeamOutlined />}
            disabled={disabled}
            aria-label={t('runtime.userPicker.open')}
            data-testid={testId ? `${testId}-picker` : 'user-picker-open'}
            onClick={() => setOpen(true)}
          />
        </Tooltip>
      </Space.Compact>
      {open && <UserPickerModal open={open} multiple={multiple} initial={initial} onOk={apply} onCancel={() => setOpen(false)} />}
    </>
  );
}
