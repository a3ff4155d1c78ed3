import { Alert, Empty, Spin, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowDef } from '../../core/schema/types';
import { useAsync } from '../data/useAsync';
import { flowStateOf } from '../format/fieldValues';
import { useRuntime } from '../useRuntime';

export const FLOW_LOG_PATH = '/get/system/getFlowLog';

export interface FlowLogEntry {
  transition: string;
  fromState: string;
  toState: string;
  userName: string;
  opinion?: string | null;
  createTime: string;
  /** How the actor confirmed the decision (signing settings), or null. */
  verifyMethod?: 'password' | 'sms' | null;
}

export interface FlowTimelineProps {
  entityName: string;
  flow: FlowDef;
  id: string;
  /** Changes after a transition is taken, so the history shows the new step. */
  version: number;
}

/** The record's approval history, oldest first, with who moved it, when, and their opinion. */
export function FlowTimeline({ entityName, flow, id, version }: FlowTimelineProps) {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const log = useAsync(async () => {
    const answer = await request.get<FlowLogEntry[]>(FLOW_LOG_PATH, { entity: entityName, id });
    return Array.isArray(answer.data) ? answer.data : [];
  }, [entityName, id, version, request]);

  if (log.status === 'loading') return <Spin size="small" />;
  if (log.status === 'error') return <Alert type="error" showIcon message={t('runtime.flow.historyFailed')} description={log.error.message} />;
  if (log.value.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('runtime.flow.noHistory')} />;

  const stateLabel = (name: string) => {
    if (!name) return null;
    const state = flowStateOf(flow, name);
    return <Tag color={state?.color}>{state ? t(state.label) : name}</Tag>;
  };
  const transitionLabel = (name: string) => {
    // Steps that are not transitions: the submission and an administrator's correction (FLOW_LOG_STEPS, server/entity/flowLog.ts).
    if (name.startsWith('$')) return t(`runtime.flow.step.${name.slice(1)}`);
    const transition = flow.transitions.find((candidate) => candidate.name === name);
    return transition ? t(transition.label) : name;
  };

  return (
    <Timeline
      data-testid="flow-history"
      items={log.value.map((entry, index) => ({
        key: `${entry.createTime}-${index}`,
        children: (
          <>
            <div>
              <Typography.Text strong>{transitionLabel(entry.transition)}</Typography.Text>{' '}
              {entry.fromState && entry.fromState !== entry.toState ? <>{stateLabel(entry.fromState)}→ </> : null}{stateLabel(entry.toState)}
            </div>
            <Typography.Text type="secondary">{entry.userName} · {entry.createTime}</Typography.Text>
            {entry.verifyMethod && <Tag color="green" style={{ marginLeft: 8 }} data-testid="flow-signed">{t(`runtime.flow.sign.signed.${entry.verifyMethod}`)}</Tag>}
            {entry.opinion && <div>{t('runtime.flow.opinion')}: {entry.opinion}</div>}
          </>
        ),
      }))}
    />
  );
}
