import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export interface IframePageProps {
  url: string;
  title: string;
}

/** Only web pages may be embedded: a `javascript:` or `data:` URL in a menu entry must not run in the app's origin. */
function embeddableUrl(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** An iframe menu entry (`/i/{name}`): the configured page, filling the content area. */
export function IframePage({ url, title }: IframePageProps) {
  const { t } = useTranslation();
  const src = embeddableUrl(url);
  if (!src) return <Result status="403" title={t('shell.router.forbiddenTitle')} subTitle={t('shell.router.forbidden')} />;
  return (
    <iframe
      src={src}
      title={t(title)}
      style={{ display: 'block', width: '100%', height: 'calc(100vh - 140px)', border: 0 }}
    />
  );
}
