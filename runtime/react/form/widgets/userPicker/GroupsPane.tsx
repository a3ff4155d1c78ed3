import { Button, Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAsync } from '../../../data/useAsync';
import { useRuntime } from '../../../useRuntime';
import type { PickerGroup } from '../../../../core/people';
import type { PickedUser } from './pickedUsers';

const PICKER_GROUPS_PATH = '/get/system/getPickerUserGroups';

interface PaneProps {
  multiple: boolean;
  selected: readonly PickedUser[];
  onToggle(user: PickedUser): void;
  onAddAll(users: PickedUser[]): void;
}

/**
 * The groups tab: the caller's own groups (我的分组) and the unit's user groups, each with its
 * active members; a member is picked by a click, a whole group at once in several mode.
 */
export function GroupsPane({ multiple, selected, onToggle, onAddAll }: PaneProps) {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const state = useAsync(async () => {
    const answer = await request.get<PickerGroup[]>(PICKER_GROUPS_PATH);
    return Array.isArray(answer.data) ? answer.data : [];
  }, [request]);
  const chosen = new Set(selected.map((s) => s.value));

  if (state.status === 'error') return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('runtime.userPicker.loadFailed')} />;
  const groups = state.status === 'ready' ? state.value : [];
  return (
    <div style={{ height: 420, overflow: 'auto' }}>
      <List
        data-testid="user-picker-groups"
        loading={state.status === 'loading'}
        dataSource={groups}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('runtime.userPicker.noGroups')} /> }}
        renderItem={(group) => (
          <List.Item
            data-testid={`user-picker-group-${group.groupId}`}
            extra={multiple && group.members.length > 0 ? (
              <Button size="small" data-testid={`user-picker-group-add-${group.groupId}`} onClick={() => onAddAll(group.members.map(({ value, label }) => ({ value, label })))}>
                {t('runtime.userPicker.addGroup')}
              </Button>
            ) : undefined}
          >
            <List.Item.Meta
              title={(
                <Space size={6}>
                  <Typography.Text strong>{group.groupName}</Typography.Text>
                  <Tag color={group.kind === 'personal' ? 'green' : 'blue'}>
                    {t(group.kind === 'personal' ? 'runtime.userPicker.personalGroup' : 'runtime.userPicker.unitGroup')}
                  </Tag>
                  <Typography.Text type="secondary">{t('runtime.userPicker.members', { count: group.members.length })}</Typography.Text>
                </Space>
              )}
              description={group.members.length === 0 ? t('runtime.userPicker.noMembers') : (
                <Space size={[4, 6]} wrap>
                  {group.members.map((member) => (
                    <Tag.CheckableTag
                      key={member.value}
                      style={{ border: '1px solid rgba(5,5,5,0.12)' }}
                      data-testid={`user-picker-member-${group.groupId}-${member.value}`}
                      checked={chosen.has(member.value)}
                      onChange={() => onToggle({ value: member.value, label: member.label })}
                    >
                      {member.deptName ? `${member.label} · ${member.deptName}` : member.label}
                    </Tag.CheckableTag>
                  ))}
                </Space>
              )}
            />
          </List.Item>
        )}
      />
    </div>
  );
}
