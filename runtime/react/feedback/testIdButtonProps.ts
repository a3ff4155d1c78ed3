import type { ButtonProps } from 'antd';

/**
 * Props for the buttons antd renders itself (a dialog's or a popconfirm's OK) with a test id.
 * `ButtonProps` lists no data-* keys, though antd passes them through to the button.
 */
export function testIdButtonProps(testId: string): ButtonProps {
  const props: ButtonProps & { 'data-testid': string } = { 'data-testid': testId };
  return props;
}
