import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowTransition } from '../../core/schema/types';

export interface TransitionButtonsProps {
  transitions: FlowTransition[];
  onChoose(transition: FlowTransition): void;
  /** data-testid of each button, from the transition's name. */
  testId(transition: FlowTransition): string;
  size?: 'small' | 'middle';
  type?: 'link' | 'default';
}

/** One button per permitted transition; choosing one opens its confirmation (owned by the caller). */
export function TransitionButtons({ transitions, onChoose, testId, size = 'middle', type = 'default' }: TransitionButtonsProps) {
  const { t } = useTranslation();
  return (
    <>
      {transitions.map((transition) => (
        <Button key={transition.name} size={size} type={type} data-testid={testId(transition)} onClick={() => onChoose(transition)}>
          {t(transition.label)}
        </Button>
      ))}
    </>
  );
}
