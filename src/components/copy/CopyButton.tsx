import { CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCopy } from './useCopy';

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick'> {
  text: string;
}

/** A small button copying `text` (toast 复制成功). */
export function CopyButton({ text, children, ...rest }: CopyButtonProps) {
  const { t } = useTranslation();
  const copy = useCopy();
  return (
    <Tooltip title={t('shell.copy.tip')}>
      <Button type="text" size="small" icon={<CopyOutlined />} aria-label={t('shell.copy.tip')} {...rest} onClick={() => { void copy(text); }}>
        {children}
      </Button>
    </Tooltip>
  );
}
