import { AppstoreOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShellConfigStore } from './shellConfig';
import { sysImageUrl } from './sysImageUrl';

export interface BrandMarkProps {
  /** Square size in px. */
  size: number;
  testId?: string;
}

/**
 * The product's mark: the configured logo, else (none configured, or the image failed) the
 * default icon on the theme colour.
 */
export function BrandMark({ size, testId }: BrandMarkProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const logo = useShellConfigStore((state) => state.logo);
  const [failed, setFailed] = useState<string | null>(null);
  if (logo && failed !== logo) {
    return (
      <img
        src={sysImageUrl(logo)}
        alt={t('sysConfig.page.logo')}
        data-testid={testId}
        style={{ height: size, maxWidth: size * 4, objectFit: 'contain', display: 'inline-block', verticalAlign: 'middle' }}
        onError={() => setFailed(logo)}
      />
    );
  }
  return (
    <span
      data-testid={testId}
      style={{
        display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: size, height: size,
        borderRadius: size / 4, background: token.colorPrimary, color: '#fff', fontSize: size / 2, verticalAlign: 'middle',
      }}
    >
      <AppstoreOutlined />
    </span>
  );
}
