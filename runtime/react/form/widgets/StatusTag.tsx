import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowState } from '../../../core/schema/types';
import { isEmptyValue } from '../../format/fieldValues';

export interface StatusTagProps {
  value?: unknown;
  states?: FlowState[];
  /** The flow's initial state: what a record not yet saved will start in. */
  initial?: string;
}

/** A status is moved by flow transitions, never typed: the form only shows it. */
export function StatusTag({ value, states = [], initial }: StatusTagProps) {
  const { t } = useTranslation();
  const name = isEmptyValue(value) ? initial : String(value);
  if (name === undefined) return null;
  const state = states.find((candidate) => candidate.name === name);
  return <Tag color={state?.color}>{state ? t(state.label) : name}</Tag>;
}
