import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AssigneeRule } from '../../../../runtime/core/bpm';
import { useRoleOptions } from '../../../../runtime/react/data/useRoleOptions';
import { DEPARTMENT_TREE_PATH } from '../../../../runtime/react/data/useEntityTree';
import { USER_SELECT_PATH } from '../../../../runtime/react/schema/remoteSelectPath';
import { splitJoined } from '../../../../runtime/react/format/fieldValues';
import { TreeReferenceSelect } from '../../../../runtime/react/form/widgets/TreeReferenceSelect';
import { UserSelect } from '../../../../runtime/react/form/widgets/UserSelect';
import { useUserNames } from './useUserNames';

const RULE_KINDS: AssigneeRule['kind'][] = ['users', 'roles', 'depts', 'leader', 'field', 'initiator'];

/** An empty rule of a kind; the list rules need a value before validation accepts them (the meta-schema wants one). */
function blankRule(kind: AssigneeRule['kind']): AssigneeRule {
  switch (kind) {
    case 'users': return { kind, users: [] };
    case 'roles': return { kind, roles: [] };
    case 'depts': return { kind, depts: [] };
    case 'leader': return { kind, levels: 1 };
    case 'field': return { kind, field: '' };
    case 'initiator': return { kind };
  }
}

interface Props {
  rules: AssigneeRule[];
  formFields: string[];
  onChange(rules: AssigneeRule[]): void;
}

/** 办理人: several rules that add up (docs/WORKFLOW.md), each a kind and its value. */
export function AssigneeEditor({ rules, formFields, onChange }: Props) {
  const { t } = useTranslation();
  const roles = useRoleOptions();
  const userNames = useUserNames(rules.flatMap((rule) => (rule.kind === 'users' ? rule.users : [])));
  const set = (index: number, rule: AssigneeRule) => onChange(rules.map((r, i) => (i === index ? rule : r)));

  const valueEditor = (rule: AssigneeRule, index: number) => {
    const testId = `designer-assignee-${index}`;
    switch (rule.kind) {
      case 'users':
        return (
          <UserSelect url={USER_SELECT_PATH} multiple value={rule.users.join(',')} knownLabels={userNames} data-testid={`${testId}-users`}
            onChange={(value) => set(index, { kind: 'users', users: splitJoined(value) })} />
        );
      case 'roles':
        return (
          <Select mode="multiple" style={{ width: '100%' }} options={roles} value={rule.roles} data-testid={`${testId}-roles`}
            optionFilterProp="label" onChange={(value: string[]) => set(index, { kind: 'roles', roles: value })} />
        );
      case 'depts':
        return (
          <TreeReferenceSelect path={DEPARTMENT_TREE_PATH} multiple value={rule.depts.join(',')} data-testid={`${testId}-depts`}
            onChange={(value) => set(index, { kind: 'depts', depts: splitJoined(value) })} />
        );
      case 'leader':
        return (
          <Space>
            <InputNumber min={1} max={10} precision={0} value={rule.levels ?? 1} data-testid={`${testId}-levels`}
              onChange={(value) => set(index, { kind: 'leader', levels: value ?? 1 })} />
            <span>{t('bpm.designer.assignee.levels')}</span>
          </Space>
        );
      case 'field':
        return (
          <Select style={{ width: '100%' }} value={rule.field || undefined} data-testid={`${testId}-field`}
            options={formFields.map((f) => ({ value: f, label: f }))} placeholder={t('bpm.designer.assignee.fieldPlaceholder')}
            onChange={(value: string) => set(index, { kind: 'field', field: value })} />
        );
      case 'initiator':
        return null;
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {rules.map((rule, index) => (
        <div key={index} style={{ display: 'flex', gap: 6, alignItems: 'flex-start' }}>
          <Select style={{ width: 110, flexShrink: 0 }} value={rule.kind} data-testid={`designer-assignee-${index}-kind`}
            options={RULE_KINDS.map((kind) => ({ value: kind, label: t(`bpm.designer.assignee.kind.${kind}`) }))}
            onChange={(kind: AssigneeRule['kind']) => set(index, blankRule(kind))} />
          <div style={{ flex: 1, minWidth: 0 }}>{valueEditor(rule, index)}</div>
          <Button icon={<DeleteOutlined />} aria-label={t('bpm.designer.assignee.remove')} onClick={() => onChange(rules.filter((_, i) => i !== index))} />
        </div>
      ))}
      <Button icon={<PlusOutlined />} data-testid="designer-assignee-add" onClick={() => onChange([...rules, blankRule('users')])}>
        {t('bpm.designer.assignee.add')}
      </Button>
    </Space>
  );
}
