import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toEntityDocument } from '../../core';
import { useDesignState } from '../state/useDesignState';
import type { DesignLanguage } from '../state/useEntityText';
import { PreviewForm } from './PreviewForm';
import styles from '../designer.module.css';

const WIDTHS = { desktop: 960, phone: 390 } as const;

interface Props {
  module: string;
  language: DesignLanguage;
}

/** 预览: the design's form as users will get it, at desktop width or a phone's 390 px, in the chosen language. */
export function PreviewTab({ module, language }: Props) {
  const { t } = useTranslation();
  const design = useDesignState((state) => state.document);
  const document = useMemo(() => toEntityDocument(design), [design]);
  const [width, setWidth] = useState<keyof typeof WIDTHS>('desktop');
  return (
    <div data-testid="design-preview">
      <Segmented style={{ marginBottom: 12 }} value={width} onChange={(value) => setWidth(value as keyof typeof WIDTHS)}
        options={[
          { value: 'desktop', icon: <DesktopOutlined />, label: t('designer.preview.desktop') },
          { value: 'phone', icon: <MobileOutlined />, label: t('designer.preview.phone') },
        ]} />
      <div className={styles.previewFrame} style={{ width: WIDTHS[width], maxWidth: '100%' }}>
        <PreviewForm key={`${language}:${width}`} document={document} module={module} language={language} />
      </div>
    </div>
  );
}
