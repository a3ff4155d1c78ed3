import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowTransition, RowActionDef } from '../../core/schema/types';
import { testIdButtonProps } from '../feedback/testIdButtonProps';
import { TransitionButtons } from '../flow/TransitionButtons';

export interface RowActionsProps {
  rowKey: string;
  canUpdate: boolean;
  canDelete: boolean;
  transitions: FlowTransition[];
  onView(): void;
  onEdit(): void;
  onDelete(): Promise<void>;
  onTransition(transition: FlowTransition): void;
  /** Named row actions the user may take (reset a password, clone a role…). */
  actions?: RowActionDef[];
  onAction?(action: RowActionDef): void;
}

/**
 * Named actions shown as links of their own; more than this go together under 更多, so a row of
 * the user list (reset password, initialise, sign out) keeps the action column narrow.
 */
export const INLINE_NAMED_ACTIONS = 1;

/** 查看 / 编辑 / 删除, the row's permitted flow transitions and the entity's named actions. */
export function RowActions({ rowKey, canUpdate, canDelete, transitions, onView, onEdit, onDelete, onTransition, actions = [], onAction }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" data-testid={`row-view-${rowKey}`} onClick={onView}>{t('runtime.action.view')}</Button>
      {canUpdate && <Button type="link" size="small" data-testid={`row-edit-${rowKey}`} onClick={onEdit}>{t('runtime.action.edit')}</Button>}
      {canDelete && (
        <Popconfirm
          title={t('runtime.table.deleteConfirm')}
          okText={t('runtime.action.confirm')}
          cancelText={t('runtime.action.cancel')}
          okButtonProps={testIdButtonProps('delete-confirm')}
          onConfirm={onDelete}
        >
          <Button type="link" size="small" danger data-testid={`row-delete-${rowKey}`}>{t('runtime.action.delete')}</Button>
        </Popconfirm>
      )}
      <TransitionButtons
        transitions={transitions}
        size="small"
        type="link"
        testId={(transition) => `row-transition-${transition.name}-${rowKey}`}
        onChoose={onTransition}
      />
      {actions.length > INLINE_NAMED_ACTIONS ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: actions.map((action) => ({
              key: action.name,
              label: <span data-testid={`row-action-${action.name}-${rowKey}`}>{t(action.label)}</span>,
            })),
            onClick: ({ key }) => {
              const action = actions.find((a) => a.name === key);
              if (action) onAction?.(action);
            },
          }}
        >
          <Button type="link" size="small" data-testid={`row-more-${rowKey}`}>
            {t('runtime.action.more')} <DownOutlined />
          </Button>
        </Dropdown>
      ) : (
        <TransitionButtons
          transitions={actions}
          size="small"
          type="link"
          testId={(action) => `row-action-${action.name}-${rowKey}`}
          onChoose={(action) => onAction?.(action)}
        />
      )}
    </Space>
  );
}
