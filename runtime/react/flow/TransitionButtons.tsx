import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
/** A flow transition or a named row action: both are a labelled step taken on one record. */
export interface RecordStep { name: string; label: string }

export interface TransitionButtonsProps<S extends RecordStep> {
  transitions: S[];
  onChoose(transition: S): void;
  /** data-testid of each button, from the step's name. */
  testId(transition: S): string;
  size?: 'small' | 'middle';
  type?: 'link' | 'default';
}

/**
 * One button per permitted transition; choosing one opens its confirmation (owned by the caller).
 * The buttons come in a Space of their own: inside the caller's Space this component is one item,
 * so outlined buttons would otherwise touch (link buttons carry their own padding).
 */
export function TransitionButtons<S extends RecordStep>({ transitions, onChoose, testId, size = 'middle', type = 'default' }: TransitionButtonsProps<S>) {
  const { t } = useTranslation();
  if (transitions.length === 0) return null;
  return (
    <Space wrap size={type === 'link' ? 0 : 'small'}>
      {transitions.map((transition) => (
        <Button key={transition.name} size={size} type={type} data-testid={testId(transition)} onClick={() => onChoose(transition)}>
          {t(transition.label)}
        </Button>
      ))}
    </Space>
  );
}
