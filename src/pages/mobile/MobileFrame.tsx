import { LeftOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageWatermark } from '../../layout/PageWatermark';
import { usePageTitle } from '../../layout/usePageTitle';
import { useAppName } from '../../config/useAppName';
import styles from './mobile.module.css';

export interface MobileFrameProps {
  title: ReactNode;
  /** Where the back arrow leads; none = no arrow. `-1` goes back in history (or to `fallback`). */
  back?: string | -1;
  backFallback?: string;
  extra?: ReactNode;
  children: ReactNode;
}

/** The frame of the mobile screens: a theme-coloured bar with a back arrow, and a centred body. */
export function MobileFrame({ title, back, backFallback = '/app', extra, children }: MobileFrameProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  usePageTitle(useAppName());
  const goBack = () => {
    if (back === -1) {
      if (window.history.length > 1) void navigate(-1);
      else void navigate(backFallback, { replace: true });
    } else if (back) {
      void navigate(back);
    }
  };
  return (
    <div className={styles.page}>
      <header className={styles.header} style={{ background: token.colorPrimary }}>
        <div className={styles.headerInner}>
          {back !== undefined && (
            <Button type="text" icon={<LeftOutlined />} onClick={goBack} aria-label={t('shell.mobile.back')}
              style={{ color: '#fff', width: 44, height: 44 }} data-testid="mobile-back" />
          )}
          <div className={styles.headerTitle}>{title}</div>
          {extra}
        </div>
      </header>
      <PageWatermark>
        <main className={styles.body}>{children}</main>
      </PageWatermark>
    </div>
  );
}
