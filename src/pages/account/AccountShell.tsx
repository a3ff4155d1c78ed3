import { Card, theme } from 'antd';
import type { ReactNode } from 'react';
import { BrandMark } from '../../config/BrandMark';
import { VERSION_LABEL } from '../../config/appSettings';
import { useAppName } from '../../config/useAppName';
import { LanguageSwitch } from '../../layout/LanguageSwitch';
import { usePageTitle } from '../../layout/usePageTitle';
import styles from './AccountShell.module.css';

export interface AccountShellProps {
  /** Under the product name: the page's own title or a greeting. */
  subtitle: ReactNode;
  /** Card width, px (sign-in 400, forms with more fields wider). */
  width?: number;
  children: ReactNode;
  testId?: string;
  /** Shown beside the card on wide screens (the sign-in page's banners). */
  aside?: ReactNode;
  /** A picture covering the page instead of the gradient (the sign-in page's uploaded background). */
  backgroundImage?: string | null;
}

/**
 * The frame of the pages reached without signing in (sign-in, recovery, registration): the
 * theme colour's gradient (or a picture over it), the language switch, a card with the product's mark (the configured
 * logo), an optional aside, and the version label at the bottom.
 */
export function AccountShell({ subtitle, width = 400, children, testId, aside, backgroundImage }: AccountShellProps) {
  const { token } = theme.useToken();
  const appName = useAppName();
  usePageTitle(appName);
  const gradient = `linear-gradient(135deg, ${token.colorPrimary} 0%, ${token.colorPrimaryActive} 55%, #1f2d3d 100%)`;
  return (
    <div
      className={styles.page}
      // The picture over the gradient: where it does not reach (or until it is drawn), the gradient shows.
      style={{ background: backgroundImage ? `center / cover no-repeat url("${backgroundImage}"), ${gradient}` : gradient }}
      data-testid={testId}
      data-background={backgroundImage ? 'image' : 'gradient'}
    >
      <div className={styles.corner}><LanguageSwitch color="#fff" /></div>
      <div className={styles.body}>
        {aside && <div className={styles.aside}>{aside}</div>}
        <Card className={styles.card} style={{ maxWidth: width }} variant="borderless">
          <div className={styles.brand}>
            <div className={styles.mark}><BrandMark size={56} testId="brand-mark" /></div>
            {/* Typography's look from the theme tokens: antd's Typography (copy, edit, ellipsis) would weigh on the sign-in page. */}
            <h3
              style={{ margin: 0, fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3, fontWeight: token.fontWeightStrong, color: token.colorTextHeading }}
              data-testid="account-app-name"
            >
              {appName}
            </h3>
            <span style={{ color: token.colorTextSecondary }}>{subtitle}</span>
          </div>
          {children}
        </Card>
      </div>
      <div className={styles.footer}>{appName} {VERSION_LABEL}</div>
    </div>
  );
}

/** A row of small links under a form (forgot password · register · …). */
export function AccountLinks({ children }: { children: ReactNode }) {
  return <div className={styles.links}>{children}</div>;
}
