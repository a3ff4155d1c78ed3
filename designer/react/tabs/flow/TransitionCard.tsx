import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Input, Row, Select, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../runtime/core/schema';
import { FLOW_CALL_PATTERN, patchFlowTransition, renameFlowTransition, type FlowDoc, type FlowTransitionDoc } from '../../../core';
import { ExpressionEditor } from '../../properties/ExpressionEditor';
import { MessageTextsInput } from '../../properties/MessageTextsInput';
import { useDesignState } from '../../state/useDesignState';
import { useEntityText } from '../../state/useEntityText';
import { useFieldOptions } from '../useEntityPart';
import { NameInput } from './NameInput';
import { useFlowWriter } from './useFlowWriter';
import styles from '../../designer.module.css';

const TEXT_FIELD = (field: FieldDef) => field.type === 'string' || field.type === 'text';
/** A guard reads the record's fields and the decision's opinion (runtime/core/flow/guardInputNames.ts). */
const GUARD_NAMES = ['opinion'] as const;

interface Props {
  flow: FlowDoc;
  transition: FlowTransitionDoc;
  roleOptions: { value: string; label: string }[];
  messageTypes: { value: string; label: string }[] | undefined;
}

/**
 * 操作: one transition — who may take it (roles, the applicant), from which states to which, the
 * condition the server checks (an expression of the safe evaluator, checked as it is typed) and
 * its refusal text, the fields the decision's dialog asks for and which of them is the opinion,
 * the message type sent to the applicant afterwards.
 */
export function TransitionCard({ flow, transition, roleOptions, messageTypes }: Props) {
  const { t } = useTranslation();
  const text = useEntityText();
  const write = useFlowWriter();
  const entityName = useDesignState((state) => state.document.entity.name);
  const fieldOptions = useFieldOptions();
  const textFields = useFieldOptions(TEXT_FIELD);
  const name = transition.name;
  const patch = (change: Partial<FlowTransitionDoc>, mergeKey?: string) => write({ flow: patchFlowTransition(flow, name, change) }, mergeKey && `${name}:${mergeKey}`);
  const stateOptions = flow.states.map((state) => ({ value: state.name, label: `${text(state.label)} · ${state.name}` }));
  const callProblem = FLOW_CALL_PATTERN.test(transition.call) ? undefined : t('designer.flow.error.call');
  const testId = `design-flow-transition-${name}`;
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid={testId}
      title={(
        <span>
          {text(transition.label) || name} <span style={{ color: '#8c8c8c', fontWeight: 'normal' }}>· {transition.call}</span>
          {/* A server effect is a module's code (docs/EXTENDING.md): kept as the file names it, not chosen here. */}
          {transition.effect && <Tag style={{ marginLeft: 8 }} title={t('designer.flow.effectHint')}>{t('designer.flow.effect')}: {transition.effect}</Tag>}
        </span>
      )}
      extra={<Button type="text" icon={<DeleteOutlined />} aria-label={t('designer.flow.removeTransition')}
        onClick={() => write({ flow: { ...flow, transitions: flow.transitions.filter((other) => other.name !== name) } })} />}>
      <Form layout="vertical" size="small">
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item label={t('designer.flow.transitionName')}>
              <NameInput name={name} taken={flow.transitions.map((other) => other.name).filter((other) => other !== name)} data-testid={`${testId}-name`}
                onRename={(to) => write({ flow: renameFlowTransition(flow, name, to, entityName) })} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item label={t('designer.flow.label')}>
              <MessageTextsInput keyName={transition.label} showKey={false} mergeKey={`transition:${name}:label`}
                newKey={() => `entity.${entityName}.transition.${name}`} onKeyChange={(label) => patch({ label })} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label={t('designer.flow.call')} extra={callProblem ? <span className={styles.expressionError}>{callProblem}</span> : t('designer.flow.callHint')}>
              <Input value={transition.call} status={callProblem ? 'error' : undefined} style={{ fontFamily: 'monospace' }}
                onChange={(event) => patch({ call: event.target.value.trim() }, 'call')} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label={t('designer.flow.from')}>
              <Select mode="multiple" value={transition.from} options={stateOptions} data-testid={`${testId}-from`}
                onChange={(from: string[]) => { if (from.length > 0) patch({ from }); }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={t('designer.flow.to')}>
              <Select value={transition.to} options={stateOptions} data-testid={`${testId}-to`} onChange={(to: string) => patch({ to })} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label={t('designer.flow.roles')} extra={t('designer.flow.rolesHint')}>
              <Select mode="tags" value={transition.roles ?? []} options={roleOptions} optionFilterProp="label" data-testid={`${testId}-roles`}
                onChange={(roles: string[]) => patch({ roles })} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label={t('designer.flow.owner')} tooltip={t('designer.flow.ownerHint')}>
              <Switch checked={transition.owner === true} onChange={(owner) => patch({ owner: owner || undefined })} data-testid={`${testId}-owner`} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label={t('designer.flow.pending')} tooltip={t('designer.flow.pendingHint')}>
              <Switch checked={transition.pending !== false} onChange={(pending) => patch({ pending: pending ? undefined : false })} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label={t('designer.flow.guard')} extra={t('designer.flow.guardHint')}>
              <ExpressionEditor value={transition.guard ?? ''} extraNames={GUARD_NAMES} onChange={(guard) => patch({ guard }, 'guard')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={t('designer.flow.guardMessage')}>
              <MessageTextsInput keyName={transition.guardMessage ?? ''} showKey={false} mergeKey={`transition:${name}:guardMessage`}
                newKey={() => `entity.${entityName}.rule.${name}`} onKeyChange={(guardMessage) => patch({ guardMessage })} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item label={t('designer.flow.fields')} extra={t('designer.flow.fieldsHint')}>
              <Select mode="multiple" value={transition.fields ?? []} options={fieldOptions} optionFilterProp="label" data-testid={`${testId}-fields`}
                onChange={(fields: string[]) => patch({ fields })} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label={t('designer.flow.opinionField')} extra={t('designer.flow.opinionFieldHint')}>
              <Select allowClear value={transition.opinionField} data-testid={`${testId}-opinion-field`}
                options={textFields.filter((option) => (transition.fields ?? []).includes(option.value))}
                onChange={(opinionField?: string) => patch({ opinionField })} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label={t('designer.flow.notify')} extra={t('designer.flow.notifyHint')}>
              {messageTypes && messageTypes.length > 0
                ? <Select allowClear showSearch value={transition.notify} options={messageTypes} optionFilterProp="label" onChange={(notify?: string) => patch({ notify })} />
                : <Input value={transition.notify ?? ''} onChange={(event) => patch({ notify: event.target.value.trim() }, 'notify')} />}
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
