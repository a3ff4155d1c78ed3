import { Button, Col, Empty, Modal, Row, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeptUsersPane } from './DeptUsersPane';
import { testIdButtonProps } from '../../../feedback/testIdButtonProps';
import { GroupsPane } from './GroupsPane';
import { addPicked, togglePicked, type PickedUser } from './pickedUsers';

export interface UserPickerModalProps {
  open: boolean;
  multiple: boolean;
  /** The field's current choice, with names. */
  initial: readonly PickedUser[];
  onOk(picked: PickedUser[]): void;
  onCancel(): void;
}

/**
 * 选择人员: people chosen from the department tree or from groups (the unit's user groups and the
 * user's own), collected on the right and handed to the field on OK. Cancel leaves the field
 * as it was.
 */
export function UserPickerModal({ open, multiple, initial, onOk, onCancel }: UserPickerModalProps) {
  const { t } = useTranslation();
  // Mounted per opening (see UserSelect), so each opening starts from the field's value.
  const [selected, setSelected] = useState<PickedUser[]>([...initial]);

  const toggle = (user: PickedUser) => setSelected((current) => togglePicked(current, user, multiple));
  const addAll = (users: PickedUser[]) => setSelected((current) => addPicked(current, users));

  return (
    <Modal
      open={open}
      width={960}
      title={t('runtime.userPicker.title')}
      onCancel={onCancel}
      onOk={() => onOk(selected)}
      okButtonProps={testIdButtonProps('user-picker-ok')}
    >
      <Row gutter={16}>
        <Col span={17}>
          <Tabs
            size="small"
            items={[
              { key: 'dept', label: t('runtime.userPicker.byDept'), children: <DeptUsersPane multiple={multiple} selected={selected} onToggle={toggle} /> },
              { key: 'group', label: <span data-testid="user-picker-tab-group">{t('runtime.userPicker.byGroup')}</span>, children: <GroupsPane multiple={multiple} selected={selected} onToggle={toggle} onAddAll={addAll} /> },
            ]}
          />
        </Col>
        <Col span={7} style={{ borderLeft: '1px solid rgba(5,5,5,0.06)' }}>
          <Space style={{ width: '100%', justifyContent: 'space-between', padding: '8px 0 12px' }}>
            <Typography.Text strong data-testid="user-picker-count">{t('runtime.userPicker.selected', { count: selected.length })}</Typography.Text>
            <Button type="link" size="small" disabled={selected.length === 0} onClick={() => setSelected([])}>{t('runtime.userPicker.clear')}</Button>
          </Space>
          {!multiple && <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>{t('runtime.userPicker.singleHint')}</Typography.Paragraph>}
          <div data-testid="user-picker-selected" style={{ maxHeight: 400, overflow: 'auto' }}>
            {selected.length === 0
              ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('runtime.userPicker.noneSelected')} />
              : (
                <Space size={[4, 8]} wrap>
                  {selected.map((user) => (
                    <Tag key={user.value} closable color="processing" onClose={() => toggle(user)} data-testid={`user-picker-chosen-${user.value}`}>
                      {user.label}
                    </Tag>
                  ))}
                </Space>
              )}
          </div>
        </Col>
      </Row>
    </Modal>
  );
}
